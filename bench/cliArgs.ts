/** The small argument grammar shared by `npm run eval` and `npm run bench`. Pure. */

export interface BenchArgs {
  readonly set: string;
  readonly split: string;
  readonly limit: number | null;
  readonly json: string | null;
  readonly concurrency: readonly number[];
  readonly workers: number | null;
  /** Pipeline worker threads for decoding and plugins (bench only); absent: the calling thread. */
  readonly pipeline: number | null;
  /** Only these item ids (`--id` may repeat); empty for all. */
  readonly ids: readonly string[];
  /** A generated set's directory (one holding manifest.json) read in place of the split's, e.g. a one-degradation dev set. */
  readonly dir: string | null;
  /** A real specimen set's directory (written by `npm run real:build`); exclusive with --dir. */
  readonly real: string | null;
  /** With --real: only the items of this part (sets are split by issuing state into train and eval). */
  readonly part: 'train' | 'eval' | 'all';
  /** With --real: only the original pages, not their derived copies (turned, recompressed, downscaled). */
  readonly originals: boolean;
}

const positiveInt = (flag: string, value: string | undefined): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a positive integer, got "${value ?? ''}"`);
  return n;
};

export function parseBenchArgs(argv: readonly string[], defaults: { split: string; concurrency: readonly number[] }): BenchArgs {
  let set: string | undefined;
  let split = defaults.split;
  let limit: number | null = null;
  let json: string | null = null;
  let concurrency = defaults.concurrency;
  let workers: number | null = null;
  let pipeline: number | null = null;
  let dir: string | null = null;
  let real: string | null = null;
  let part: string = 'all';
  let originals = false;
  const ids: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      if (inline !== undefined) return inline;
      i += 1;
      const next = argv[i];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    if (flag === '--split') split = value();
    else if (flag === '--limit') limit = positiveInt(flag, value());
    else if (flag === '--json') json = value();
    else if (flag === '--id') ids.push(value());
    else if (flag === '--dir') dir = value();
    else if (flag === '--real') real = value();
    else if (flag === '--part') part = value();
    else if (flag === '--originals') originals = true;
    else if (flag === '--workers') workers = positiveInt(flag, value());
    else if (flag === '--pipeline') pipeline = positiveInt(flag, value());
    else if (flag === '--concurrency') concurrency = value().split(',').map((part) => positiveInt(flag, part));
    else if (flag.startsWith('--')) throw new Error(`Unknown option ${flag}`);
    else if (set === undefined) set = flag;
    else throw new Error(`Unexpected argument ${flag}`);
  }
  if (set === undefined || !/^[a-z0-9_-]+$/.test(set)) throw new Error('Name a labelled set: passport, pan, negatives or specimen');
  if (!['dev', 'test', 'styled-dev', 'foreign'].includes(split)) throw new Error(`--split is dev, test, styled-dev or foreign, got "${split}"`);
  if ((split === 'styled-dev' || split === 'foreign') && set !== 'passport' && set !== 'pan') throw new Error(`--split ${split} exists for the passport and pan sets only`);
  if (real !== null && dir !== null) throw new Error('--real and --dir name the set two ways; give one');
  if (part !== 'train' && part !== 'eval' && part !== 'all') throw new Error(`--part is train, eval or all, got "${part}"`);
  if (real === null && (part !== 'all' || originals)) throw new Error('--part and --originals apply to a --real set only');
  return { set, split, limit, json, concurrency, workers, pipeline, ids, dir, real, part, originals };
}
