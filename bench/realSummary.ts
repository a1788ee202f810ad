/**
 * The extra figures of a real specimen run: MRZ line 1 / line 2 exact, refusals by code, and diacritics the reader
 * reported that the page does not print (invented marks). Pure.
 */
import type { ExtractionOutcome } from './compareResult.ts';
import type { Rate } from './evalSummary.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Letters whose mark is drawn through them (Ł, Ø, Đ) have no decomposition in Unicode: each is spelled here as its
 * base letter and a combining overlay, so that a stroke the page does not print counts as an invented mark too.
 */
const strokedLetters: Readonly<Record<string, string>> = { Ł: 'L', ł: 'l', Ø: 'O', ø: 'o', Đ: 'D', đ: 'd', Ð: 'D', ð: 'd', Ħ: 'H', ħ: 'h', Ŧ: 'T', ŧ: 't', Ƶ: 'Z', ƶ: 'z' };
const decomposed = (text: string): string =>
  [...text.normalize('NFD')].map((ch) => (strokedLetters[ch] === undefined ? ch : `${strokedLetters[ch]}\u0338`)).join('');
const baseOf = (text: string): string => decomposed(text).replace(/\p{M}/gu, '');

/**
 * Marks in `actual` that `expected` does not print. Where the base letters agree, mark by mark on each letter;
 * otherwise (a misread as well) the surplus of marks over the truth's.
 */
export function inventedMarks(expected: string, actual: unknown): number {
  if (typeof actual !== 'string') return 0;
  const countMarks = (text: string): number => [...decomposed(text)].filter((ch) => /\p{M}/u.test(ch)).length;
  if (baseOf(expected) !== baseOf(actual)) return Math.max(0, countMarks(actual) - countMarks(expected));
  // Each base letter with the marks that follow it, compared letter by letter.
  const letters = (text: string): string[] => {
    const groups: string[] = [];
    for (const ch of decomposed(text)) {
      if (!/\p{M}/u.test(ch)) groups.push('');
      else if (groups.length > 0) groups[groups.length - 1] += ch;
    }
    return groups;
  };
  const want = letters(expected);
  return letters(actual).reduce((n, marks, i) => n + [...marks].filter((mark) => !(want[i] ?? '').includes(mark)).length, 0);
}

export interface RealItemOutcome {
  readonly id: string;
  /** Whether the truth names an MRZ (every passport truth does). */
  readonly scored: boolean;
  readonly line1: boolean;
  readonly line2: boolean;
  /** Problem code of a refusal, or null when answered. */
  readonly refused: string | null;
  readonly inventedMarks: number;
  /** Answered with a name part withheld (`name_withheld`): neither refused nor read whole (absent in older reports). */
  readonly namesWithheld?: boolean;
  /** The page's condition (scan, photo, or the kind of derived copy), where the set names it. */
  readonly degradation?: string;
}

/**
 * Where the marks are counted: the full name, which holds every name part's, so that a mark counts once; the name
 * parts where the truth gives no full name.
 */
const markFields = (expected: Record<string, unknown>): readonly string[] =>
  typeof expected['full_name'] === 'string' ? ['full_name'] : ['surname', 'given_name'];

export function realItemOutcome(id: string, expected: Record<string, unknown>, outcome: ExtractionOutcome, degradation?: string): RealItemOutcome {
  const truthMrz = isObject(expected['mrz']) ? expected['mrz'] : null;
  const result = outcome.kind === 'result' && isObject(outcome.result) ? outcome.result : null;
  const readMrz = result !== null && isObject(result['mrz']) ? result['mrz'] : null;
  const same = (key: string): boolean => truthMrz !== null && readMrz !== null && readMrz[key] === truthMrz[key];
  let invented = 0;
  for (const field of markFields(expected)) {
    const truth = expected[field];
    if (typeof truth === 'string' && result !== null) invented += inventedMarks(truth, result[field]);
  }
  return {
    id,
    scored: truthMrz !== null,
    line1: same('line1'),
    line2: same('line2'),
    refused: outcome.kind === 'refused' ? outcome.code : null,
    inventedMarks: invented,
    namesWithheld: result !== null && Array.isArray(result['warnings']) && result['warnings'].some((w) => isObject(w) && w['code'] === 'name_withheld'),
    ...(degradation === undefined ? {} : { degradation }),
  };
}

export interface RealSummary {
  readonly line1: Rate;
  readonly line2: Rate;
  readonly bothLines: Rate;
  readonly refused: Readonly<Record<string, number>>;
  readonly inventedMarks: number;
  readonly itemsWithInventedMarks: number;
  /** Documents answered with a name part withheld (absent in older reports). */
  readonly namesWithheld?: number;
  /** Documents with invented marks, by their condition: whether the originals or which copies carry them (absent in older reports). */
  readonly inventedByDegradation?: Readonly<Record<string, number>>;
}

const rate = (right: number, total: number): Rate => ({ right, total, rate: total === 0 ? null : right / total });

function countBy(keys: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

export function summarizeReal(outcomes: readonly RealItemOutcome[]): RealSummary {
  const scored = outcomes.filter((o) => o.scored);
  return {
    line1: rate(scored.filter((o) => o.line1).length, scored.length),
    line2: rate(scored.filter((o) => o.line2).length, scored.length),
    bothLines: rate(scored.filter((o) => o.line1 && o.line2).length, scored.length),
    refused: countBy(outcomes.flatMap((o) => (o.refused === null ? [] : [o.refused]))),
    inventedMarks: outcomes.reduce((n, o) => n + o.inventedMarks, 0),
    itemsWithInventedMarks: outcomes.filter((o) => o.inventedMarks > 0).length,
    namesWithheld: outcomes.filter((o) => o.namesWithheld === true).length,
    inventedByDegradation: countBy(outcomes.filter((o) => o.inventedMarks > 0).map((o) => o.degradation ?? 'unnamed')),
  };
}

const pct = (r: Rate): string => (r.rate === null ? 'n/a' : `${(100 * r.rate).toFixed(1)}% (${r.right}/${r.total})`);

const byCondition = (counts: Readonly<Record<string, number>> = {}): string => {
  const entries = Object.entries(counts).sort(([a], [b]) => a.localeCompare(b));
  return entries.length === 0 ? '' : ` (${entries.map(([kind, n]) => `${kind} ${n}`).join(', ')})`;
};

export function formatRealSummary(summary: RealSummary): string {
  const refused = Object.entries(summary.refused);
  return [
    // A PAN set has no MRZ: its line would only say n/a.
    ...(summary.line1.total === 0 ? [] : [`MRZ line 1 exact ${pct(summary.line1)}, line 2 exact ${pct(summary.line2)}, both ${pct(summary.bothLines)}`]),
    `Refused: ${refused.length === 0 ? 'none' : refused.map(([code, n]) => `${code} ${n}`).join(', ')}; ` +
      `names withheld: ${summary.namesWithheld ?? 0}; ` +
      `invented diacritics: ${summary.inventedMarks} marks on ${summary.itemsWithInventedMarks} documents${byCondition(summary.inventedByDegradation)}`,
  ].join('\n');
}
