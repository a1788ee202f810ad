/**
 * Hard-photo copies of a labelled passport set, for development: every upright page shrunk to 1,000-1,700 px on its
 * long side and given every degradation at once, each drawn at random: a blur (σ 0.4-1.3 px), for half of them a
 * motion streak of 3-5 px (level or diagonal), contrast cut to 0.55-0.9 with the paper greyed, a shadow falling
 * across the page, sensor noise, and JPEG at quality 35-75. One stream, seeded by --seed, draws every page in turn,
 * so a rebuild writes the same pixels. Truth files are copied beside the copies; the manifest lists the copies only.
 *   npx tsx scripts/hard-photos.ts --dir /tmp/ph1238101/passport/styled-dev --out /tmp/hd1238101/passport/styled-dev --seed 1238101
 * Never run it on a held-out set (the foreign split, the real specimens' eval part): it refuses them.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const { values: args } = parseArgs({ options: { dir: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' } } });
if (!args.dir || !args.out || !args.seed) throw new Error('--dir, --out and --seed are required');
if (/foreign/.test(args.dir)) throw new Error('held-out sets are never copied');

interface Item { id: string; files: Record<string, string>; truth: string; part?: string; exif_orientation?: number }
const manifest = JSON.parse(readFileSync(path.join(args.dir, 'manifest.json'), 'utf8')) as { items: Item[] };
if (manifest.items.some((item) => item.part === 'eval')) throw new Error('a set with an eval part is never copied');

// A linear congruential stream: small, and the same draws on every machine.
let state = Number(args.seed) >>> 0;
const next = (): number => {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 4294967296;
};
const range = (lo: number, hi: number): number => lo + (hi - lo) * next();

mkdirSync(args.out, { recursive: true });
const copies: Item[] = [];
for (const item of manifest.items) {
  const file = item.files['first_page'];
  // Pages turned by an EXIF tag only are left out: their pixels are not upright.
  if (file === undefined || item.exif_orientation !== undefined) continue;
  const source = path.join(args.dir, file);
  const meta = await sharp(source).metadata();
  const long = Math.round(range(1000, 1700));
  const scale = long / Math.max(meta.width ?? 1, meta.height ?? 1);
  const width = Math.round((meta.width ?? 1) * scale);
  const height = Math.round((meta.height ?? 1) * scale);
  let pixels = await sharp(source).resize(width, height).blur(range(0.4, 1.3)).toBuffer();
  if (next() < 0.5) {
    const n = 3 + Math.floor(next() * 3);
    const level = next() < 0.5;
    const kernel = new Array<number>(n * n).fill(0);
    for (let i = 0; i < n; i++) kernel[level ? Math.floor(n / 2) * n + i : i * n + i] = 1;
    pixels = await sharp(pixels).convolve({ width: n, height: n, kernel, scale: n }).toBuffer();
  }
  const contrast = range(0.55, 0.9);
  pixels = await sharp(pixels).linear(contrast, (1 - contrast) * 128 * range(0.3, 1.3)).toBuffer();
  const shade = Math.round(range(140, 215));
  const across = next() < 0.5 ? 'x1="0" y1="0" x2="1" y2="0"' : 'x1="0" y1="0" x2="0" y2="1"';
  const shadow = `<svg width="${width}" height="${height}"><defs><linearGradient id="g" ${across}><stop offset="0" stop-color="rgb(255,255,255)"/><stop offset="1" stop-color="rgb(${shade},${shade},${shade})"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  pixels = await sharp(pixels).composite([{ input: Buffer.from(shadow), blend: 'multiply' }]).toBuffer();
  const raw = await sharp(pixels).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sigma = range(2, 7);
  const data = raw.data;
  for (let i = 0; i < data.length; i++) {
    const u = next() + next() + next() - 1.5;
    data[i] = Math.max(0, Math.min(255, data[i]! + u * sigma * 2));
  }
  const name = `${item.id}.hard.jpg`;
  await sharp(data, { raw: raw.info }).jpeg({ quality: Math.round(range(35, 75)) }).toFile(path.join(args.out, name));
  copyFileSync(path.join(args.dir, item.truth), path.join(args.out, item.truth));
  for (const [part, other] of Object.entries(item.files)) if (part !== 'first_page') copyFileSync(path.join(args.dir, other), path.join(args.out, other));
  copies.push({ ...item, files: { ...item.files, first_page: name } });
}
writeFileSync(path.join(args.out, 'manifest.json'), `${JSON.stringify({ ...manifest, items: copies }, null, 2)}\n`);
process.stdout.write(`${copies.length} hard-photo copies in ${args.out}\n`);
