/**
 * Small, soft copies of every passport page of a labelled set, for scripts/export-mrz-cells.ts to cut training cells
 * from (the MRZ CNN's low-resolution page cells): each page made upright, shrunk to 360-620 px wide, blurred
 * (σ 0.5-2.1 px) and saved as JPEG (quality 50-92), each draw from a stream seeded by the page's id, so a rebuild
 * writes the same pixels. The truth files are copied beside them; the manifest lists the copies only.
 *   npx tsx scripts/small-copies.ts --dir /tmp/styledtrain/passport/styled-dev --out /tmp/lowstyled [--per-page 2]
 * Never run it on a held-out set (the foreign split, the real specimens' eval part): it refuses them.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createRandom, hashSeed } from '../fixtures/random.ts';
import { drawSmallCopy, smallCopy } from '../fixtures/smallCopy.ts';

const { values: args } = parseArgs({
  options: { dir: { type: 'string' }, out: { type: 'string' }, 'per-page': { type: 'string', default: '2' } },
});
if (!args.dir || !args.out) throw new Error('--dir and --out are required');
if (/foreign/.test(args.dir)) throw new Error('held-out sets are never copied for training');

interface Item { id: string; files: Record<string, string>; truth: string; expect?: string; part?: string; degradation?: string }
const manifest = JSON.parse(readFileSync(path.join(args.dir, 'manifest.json'), 'utf8')) as { items: Item[] };
if (manifest.items.some((item) => item.part === 'eval')) throw new Error('a set with an eval part is never copied for training');
mkdirSync(args.out, { recursive: true });
const copies: Item[] = [];
for (const item of manifest.items) {
  const file = item.files['first_page'];
  if (file === undefined || file.endsWith('.pdf') || item.expect !== 'ok') continue;
  copyFileSync(path.join(args.dir, item.truth), path.join(args.out, item.truth));
  const upright = await sharp(readFileSync(path.join(args.dir, file))).rotate().png().toBuffer();
  const { width = 0 } = await sharp(upright).metadata();
  const random = createRandom(hashSeed(`train-lowres:${item.id}`));
  for (let n = 0; n < Number(args['per-page']); n++) {
    const draw = drawSmallCopy(random, width, { widthPx: [360, 620], blurSigmaPx: [0.5, 2.1], jpegQuality: [50, 92] });
    const id = `${item.id}-low${n}`;
    writeFileSync(path.join(args.out, `${id}.jpg`), await smallCopy(upright, draw));
    copies.push({ ...item, id, files: { first_page: `${id}.jpg` }, degradation: 'small' });
  }
}
writeFileSync(path.join(args.out, 'manifest.json'), `${JSON.stringify({ set: 'small-copies', split: 'all', items: copies }, null, 2)}\n`);
process.stdout.write(`${copies.length} copies of ${manifest.items.length} items -> ${args.out}\n`);
