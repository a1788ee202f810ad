/**
 * `npm run real:build -- [passport|pan|all] [--mirror /work/.mirror] [--part eval|train|all] [--out DIR] [--no-derived] [--degraded] [--harsh] [--lowres]`
 *
 * Rebuilds the real specimen sets from fetched repository snapshots into `fixtures/out/real/<set>/`, in the format the
 * generator writes (manifest.json, `<id>.truth.json`, files), checking every image's sha256 against the committed
 * manifest (fixtures/real/*.json). Besides each original it writes derived copies, deterministically: turned 90/180/270
 * degrees (pixels turned, and pixels turned with the EXIF tag that shows them upright), a JPEG recompression and a
 * downscale to 1000 px on the long side. With `--degraded`, four harder copies too, their strength drawn at random
 * (seeded by the page's id): turned by 2-8 degrees, shrunk to 45-60 % of its width, blurred and recompressed hard,
 * and dimmed. With `--harsh`, eleven others instead of all those (harshVariants), for failures the four do not
 * reach: larger tilts, a large canvas, low contrast, a colour cast, a shear, a shadow, a glare spot, JPEG at quality
 * 15, 700 px wide and an oversharpened copy. With `--lowres`, four small soft copies instead (lowresVariants): the
 * page 380-600 px wide, blurred (a Gaussian of 0.5-2 px) and recompressed, as low-resolution scans posted online are. A snapshot is a bare git directory at `<mirror>/<owner>+<name>/repo`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { ManifestItem } from '../fixtures/manifest.ts';
import { createRandom, hashSeed } from '../fixtures/random.ts';
import { loadRealManifest, realManifestProblems, type RealItem, type RealManifest } from '../fixtures/realSpecimens.ts';
import { drawSmallCopy, smallCopy } from '../fixtures/smallCopy.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifests = { passport: 'fixtures/real/passport-specimens.json', pan: 'fixtures/real/pan-specimens.json' } as const;
type SetName = keyof typeof manifests;

interface BuildArgs {
  sets: SetName[];
  mirror: string;
  part: 'eval' | 'train' | 'all';
  out: string;
  derived: boolean;
  degraded: boolean;
  harsh: boolean;
  lowres: boolean;
}

function parseArgs(argv: readonly string[]): BuildArgs {
  const args: BuildArgs = { sets: ['passport', 'pan'], mirror: '/work/.mirror', part: 'all', out: path.join(repoRoot, 'fixtures', 'out', 'real'), derived: true, degraded: false, harsh: false, lowres: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const value = (): string => {
      const next = argv[i + 1];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      i += 1;
      return next;
    };
    if (arg === '--mirror') args.mirror = path.resolve(value());
    else if (arg === '--out') args.out = path.resolve(value());
    else if (arg === '--no-derived') args.derived = false;
    else if (arg === '--degraded') args.degraded = true;
    else if (arg === '--harsh') args.harsh = true;
    else if (arg === '--lowres') args.lowres = true;
    else if (arg === '--part') {
      const part = value();
      if (part !== 'eval' && part !== 'train' && part !== 'all') throw new Error(`--part is eval, train or all, got "${part}"`);
      args.part = part;
    } else if (arg === 'passport' || arg === 'pan') args.sets = [arg];
    else if (arg === 'all') args.sets = ['passport', 'pan'];
    else throw new Error(`Unknown argument ${arg}`);
  }
  return args;
}

/** The snapshot's git directory: `repo` itself when bare, `repo/.git` when the fetch left a work tree. */
const snapshotDir = (mirror: string, repository: string): string => {
  const dir = path.join(mirror, repository.replace('/', '+'), 'repo');
  return existsSync(path.join(dir, '.git')) ? path.join(dir, '.git') : dir;
};

function readBlob(gitDir: string, commit: string, file: string): Buffer {
  return execFileSync('git', [`--git-dir=${gitDir}`, 'cat-file', 'blob', `${commit}:${file}`], { maxBuffer: 64 * 1024 * 1024 });
}

interface Variant {
  suffix: string;
  degradation: ManifestItem['degradation'];
  extension: string;
  exif?: number;
  make: (upright: Buffer) => Promise<Buffer>;
}

/** EXIF orientation that shows pixels turned clockwise by the angle upright (as fixtures/photograph.ts writes them). */
const uprightOrientation: Record<number, number> = { 90: 8, 180: 3, 270: 6 };
const SMALL_LONG_SIDE = 1000;

const variants = (longSide: number): Variant[] => [
  ...[90, 180, 270].flatMap((angle): Variant[] => [
    { suffix: `rot${angle}`, degradation: `rot${angle}` as ManifestItem['degradation'], extension: 'jpg', make: (b) => sharp(b).rotate(angle).jpeg({ quality: 92 }).toBuffer() },
    {
      suffix: `rot${angle}-exif`, degradation: `rot${angle}` as ManifestItem['degradation'], extension: 'jpg', exif: uprightOrientation[angle],
      make: (b) => sharp(b).rotate(angle).jpeg({ quality: 92 }).withMetadata({ orientation: uprightOrientation[angle] }).toBuffer(),
    },
  ]),
  { suffix: 'jpeg', degradation: 'jpeg', extension: 'jpg', make: (b) => sharp(b).jpeg({ quality: 35 }).toBuffer() },
  // Only pages larger than the target are shrunk; a downscale of an already small image would be an upscale.
  ...(longSide > SMALL_LONG_SIDE * 1.2
    ? [{ suffix: 'small', degradation: 'small' as const, extension: 'png', make: (b: Buffer) => sharp(b).resize({ width: SMALL_LONG_SIDE, height: SMALL_LONG_SIDE, fit: 'inside', kernel: 'lanczos3' }).png().toBuffer() }]
    : []),
];

/**
 * Harder copies, for development on real print: how strong each is comes from a stream seeded by the page's id, so a
 * rebuild writes the same pixels. None of them is in the sets the README's figures are measured on.
 */
const degradedVariants = (id: string, width: number): Variant[] => {
  const random = createRandom(hashSeed(`real-degraded:${id}`));
  const angle = (random.chance(0.5) ? -1 : 1) * random.range(2, 8);
  const shrunk = Math.round(width * random.range(0.45, 0.6));
  const sigma = random.range(0.8, 1.6);
  const dim = { gain: random.range(0.55, 0.75), lift: random.range(20, 50) };
  return [
    { suffix: 'tilt', degradation: 'tilt', extension: 'jpg', make: (b) => sharp(b).rotate(angle, { background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer() },
    { suffix: 'shrunk', degradation: 'small', extension: 'jpg', make: (b) => sharp(b).resize({ width: shrunk }).jpeg({ quality: 85 }).toBuffer() },
    { suffix: 'blur', degradation: 'blur', extension: 'jpg', make: (b) => sharp(b).blur(sigma).jpeg({ quality: 40 }).toBuffer() },
    { suffix: 'dim', degradation: 'dim', extension: 'jpg', make: (b) => sharp(b).linear(dim.gain, dim.lift).jpeg({ quality: 85 }).toBuffer() },
  ];
};

/**
 * Harsher copies still (`--harsh`), each strength seeded by the page's id like degradedVariants': the kinds are the
 * nearest of the generator's degradations, the id's suffix says which copy it is.
 */
const harshVariants = (id: string, width: number, height: number): Variant[] => {
  const random = createRandom(hashSeed(`real-harsh:${id}`));
  const sign = (): number => (random.chance(0.5) ? -1 : 1);
  const tilt15 = sign() * random.range(12, 18);
  const tilt30 = sign() * random.range(25, 35);
  const shear = sign() * random.range(0.08, 0.14);
  const spot = { x: width * random.range(0.3, 0.7), y: height * random.range(0.3, 0.7) };
  const shadow = `<svg width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/></svg>`;
  const glare = `<svg width="${width}" height="${height}"><defs><radialGradient id="r"><stop offset="0" stop-color="#fff" stop-opacity="0.85"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><ellipse cx="${spot.x}" cy="${spot.y}" rx="${width * 0.2}" ry="${height * 0.15}" fill="url(#r)"/></svg>`;
  const jpeg = (image: sharp.Sharp, quality = 85): Promise<Buffer> => image.jpeg({ quality }).toBuffer();
  return [
    { suffix: 'tilt15', degradation: 'tilt', extension: 'jpg', make: (b) => jpeg(sharp(b).rotate(tilt15, { background: '#d0d0d0' })) },
    { suffix: 'tilt30', degradation: 'tilt', extension: 'jpg', make: (b) => jpeg(sharp(b).rotate(tilt30, { background: '#303030' })) },
    { suffix: 'big', degradation: 'photo', extension: 'jpg', make: (b) => jpeg(sharp(b).extend({ top: height, bottom: height, left: width, right: width, background: '#8a7f70' })) },
    { suffix: 'lowc', degradation: 'dim', extension: 'jpg', make: (b) => jpeg(sharp(b).linear(0.35, 140), 80) },
    { suffix: 'warm', degradation: 'dim', extension: 'jpg', make: (b) => jpeg(sharp(b).recomb([[1, 0.1, 0], [0.1, 0.85, 0], [0, 0.1, 0.6]]).modulate({ brightness: 0.8 }), 70) },
    { suffix: 'shear', degradation: 'perspective', extension: 'jpg', make: (b) => jpeg(sharp(b).affine([1, shear, 0.05, 1], { background: '#777777' })) },
    { suffix: 'shadow', degradation: 'dim', extension: 'jpg', make: (b) => jpeg(sharp(b).composite([{ input: Buffer.from(shadow) }])) },
    { suffix: 'glare', degradation: 'glare', extension: 'jpg', make: (b) => jpeg(sharp(b).composite([{ input: Buffer.from(glare) }])) },
    { suffix: 'q15', degradation: 'jpeg', extension: 'jpg', make: (b) => jpeg(sharp(b), 15) },
    { suffix: 'w700', degradation: 'small', extension: 'jpg', make: (b) => jpeg(sharp(b).resize({ width: 700 }), 80) },
    { suffix: 'sharpen', degradation: 'noise', extension: 'jpg', make: (b) => jpeg(sharp(b).sharpen({ sigma: 2, m1: 3, m2: 6 }).gamma(2.2)) },
  ];
};

/**
 * Small, soft copies (`--lowres`): the width, blur and JPEG quality of each drawn from a stream seeded by the page's id.
 * A page already narrower than the drawn width is left at its width, only softened.
 */
const lowresVariants = (id: string, width: number): Variant[] => {
  const random = createRandom(hashSeed(`real-lowres:${id}`));
  return [0, 1, 2, 3].map((n): Variant => {
    const draw = drawSmallCopy(random, width, { widthPx: [380, 600], blurSigmaPx: [0.5, 2], jpegQuality: [55, 90] });
    return { suffix: `lowres${n}`, degradation: 'small', extension: 'jpg', make: (b) => smallCopy(b, draw) };
  });
};

const extensionOf = (file: string): string => path.extname(file).slice(1).toLowerCase() || 'bin';

async function buildSet(set: SetName, manifest: RealManifest, args: BuildArgs): Promise<number> {
  const directory = path.join(args.out, set);
  const picked = manifest.items.filter((item: RealItem) => args.part === 'all' || item.part === args.part);
  const missing = [...new Set(picked.map((item) => item.source.repository))].filter((repo) => !existsSync(snapshotDir(args.mirror, repo)));
  if (missing.length > 0) {
    for (const repo of missing) {
      process.stderr.write(
        `Snapshot of ${repo} is missing: no git directory at ${snapshotDir(args.mirror, repo)}.\n` +
          `  Fetch it with the mounted search tool's fetch verb: fetch github:${repo}\n` +
          `  (it lands under /work/.mirror/${repo.replace('/', '+')}/repo), or pass --mirror DIR where it is.\n`,
      );
    }
    return 1;
  }
  await rm(directory, { recursive: true, force: true });
  await mkdir(directory, { recursive: true });
  const items: (ManifestItem & { part: string; issuing_state?: string; card_layout?: string; template?: string })[] = [];
  let failures = 0;
  for (const item of picked) {
    let bytes: Buffer;
    try {
      bytes = readBlob(snapshotDir(args.mirror, item.source.repository), item.source.commit, item.source.path);
    } catch {
      process.stderr.write(`${item.id}: ${item.source.repository}@${item.source.commit.slice(0, 10)}:${item.source.path} is not in the snapshot (fetch it again: fetch github:${item.source.repository})\n`);
      failures += 1;
      continue;
    }
    const sha = createHash('sha256').update(bytes).digest('hex');
    if (sha !== item.source.sha256) {
      process.stderr.write(`${item.id}: sha256 ${sha} differs from the manifest's ${item.source.sha256}; not written\n`);
      failures += 1;
      continue;
    }
    const truthName = `${item.id}.truth.json`;
    await writeFile(path.join(directory, truthName), `${JSON.stringify(item.truth, null, 2)}\n`);
    const endpoint = set;
    const field = set === 'passport' ? 'first_page' : 'file';
    const layout = 'issuing_state' in item ? `specimen-${item.issuing_state}` : `specimen-${item.layout}`;
    const extra = {
      part: item.part,
      ...('issuing_state' in item ? { issuing_state: item.issuing_state } : { card_layout: item.layout, template: item.template }),
    };
    const original = `${item.id}.${extensionOf(item.source.path)}`;
    await writeFile(path.join(directory, original), bytes);
    items.push({ id: item.id, files: { [field]: original }, truth: truthName, degradation: item.kind === 'photo' ? 'photo' : 'scan', layout, endpoint, expect: 'ok', ...extra });
    if (!args.derived) continue;
    // Derived copies start from the upright pixels as a viewer shows them (EXIF applied), written losslessly.
    const upright = await sharp(bytes).rotate().png().toBuffer();
    const meta = await sharp(upright).metadata();
    const copies = args.lowres
      ? lowresVariants(item.id, meta.width ?? 0)
      : args.harsh
      ? harshVariants(item.id, meta.width ?? 0, meta.height ?? 0)
      : [...variants(Math.max(meta.width ?? 0, meta.height ?? 0)), ...(args.degraded ? degradedVariants(item.id, meta.width ?? 0) : [])];
    for (const variant of copies) {
      const id = `${item.id}-${variant.suffix}`;
      const name = `${id}.${variant.extension}`;
      await writeFile(path.join(directory, name), await variant.make(upright));
      items.push({
        id, files: { [field]: name }, truth: truthName, degradation: variant.degradation, layout, endpoint, expect: 'ok',
        ...(variant.exif !== undefined ? { exif_orientation: variant.exif } : {}), ...extra,
      });
    }
  }
  await writeFile(path.join(directory, 'manifest.json'), `${JSON.stringify({ set: `real-${set}`, split: args.part, items }, null, 2)}\n`);
  process.stdout.write(`${set}: ${picked.length - failures} of ${picked.length} ${args.part === 'all' ? '' : `${args.part} `}pages, ${items.length} items written to ${path.relative(process.cwd(), directory) || directory}\n`);
  return failures === 0 ? 0 : 1;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  let status = 0;
  for (const set of args.sets) {
    const file = path.join(repoRoot, manifests[set]);
    if (!existsSync(file)) {
      process.stdout.write(`${set}: no manifest at ${manifests[set]}; nothing to build\n`);
      continue;
    }
    const manifest = await loadRealManifest(file);
    const problems = realManifestProblems(manifest);
    if (problems.length > 0) throw new Error(`${manifests[set]} is inconsistent:\n  ${problems.join('\n  ')}`);
    status = Math.max(status, await buildSet(set, manifest, args));
  }
  process.exitCode = status;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
