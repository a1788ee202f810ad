/**
 * Measures readMrz on a generated labelled split (dev only while tuning): exact lines, valid verdicts, wrong-but-
 * valid readings (must stay 0) and time per page, by degradation.
 *   npx tsx scripts/mrz-eval-dev.ts [--dir fixtures/out/passport/dev] [--limit N] [--only degradation] [--part train|eval]
 */
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { RawImage } from '../core/imaging/types.ts';
import { readMrz } from '../plugins/passport/mrz/index.ts';
import { openPdfPages } from '../core/imaging/pdfPages.ts';
import { pluginImaging } from '../core/imaging/pluginImaging.ts';

const { values: args } = parseArgs({ options: { dir: { type: 'string', default: 'fixtures/out/passport/dev' }, limit: { type: 'string' }, only: { type: 'string' }, part: { type: 'string' }, verbose: { type: 'boolean', default: false } } });
interface Item { id: string; files: Record<string, string>; truth: string; degradation: string; expect: string; part?: string }
const manifest = JSON.parse(readFileSync(join(args.dir, 'manifest.json'), 'utf8')) as { items: Item[] };

async function load(file: string): Promise<RawImage> {
  if (file.endsWith('.pdf')) {
    const [page] = await openPdfPages(readFileSync(file), { partName: 'first_page', dpi: 200, maxImagePixels: 40_000_000, maxPdfPages: 1, pdfPages: 'first' });
    return page!.image();
  }
  const input = readFileSync(file);
  const { data, info } = await sharp(input).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as 3 };
}

const rows = new Map<string, { n: number; exact: number; valid: number; wrongValid: number; ms: number[] }>();
// --part: a real-specimen set's train or eval part (scripts/build-real-set.ts); tune on train only.
let items = manifest.items.filter((i) => i.files.first_page && (!args.only || i.degradation === args.only) && (!args.part || i.part === args.part));
if (args.limit) items = items.slice(0, Number(args.limit));
for (const item of items) {
  const truth = JSON.parse(readFileSync(join(args.dir, item.truth), 'utf8')) as { expected: { mrz?: { line1: string; line2: string } } };
  const want = truth.expected.mrz;
  const image = await load(join(args.dir, item.files.first_page!));
  const t0 = performance.now();
  const r = await readMrz(image, { now: new Date(), imaging: pluginImaging });
  const ms = performance.now() - t0;
  const row = rows.get(item.degradation) ?? { n: 0, exact: 0, valid: 0, wrongValid: 0, ms: [] };
  rows.set(item.degradation, row);
  row.n++;
  row.ms.push(ms);
  if ('failure' in r) {
    console.log(`${item.id} ${item.degradation} ${image.width}x${image.height}: ${r.failure} ${r.detail}`);
    continue;
  }
  const got = r.parse?.lines ?? r.lines;
  const exact = !!want && got[0] === want.line1 && got[1] === want.line2;
  const valid = !!r.parse?.valid;
  if (exact) row.exact++;
  if (valid) row.valid++;
  if (valid && !exact) row.wrongValid++;
  if (!exact || args.verbose) {
    console.log(`${item.id} ${item.degradation} ${image.width}x${image.height} ${ms.toFixed(0)}ms valid=${valid} rot=${r.rotation} skew=${r.skewDeg}`);
    if (want) {
      for (const [k, w] of [[0, want.line1], [1, want.line2]] as const) {
        const g = got[k] ?? '';
        console.log(`  want ${w}\n  got  ${g}\n       ${[...w].map((c, i) => (c === g[i] ? ' ' : '^')).join('')}`);
      }
    }
  }
}
let n = 0, exact = 0, wrongValid = 0;
const all: number[] = [];
for (const [deg, row] of [...rows].sort()) {
  const sorted = row.ms.sort((a, b) => a - b);
  console.log(`${deg.padEnd(12)} ${row.exact}/${row.n} exact, ${row.valid} valid, ${row.wrongValid} wrong-but-valid, p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms`);
  n += row.n;
  exact += row.exact;
  wrongValid += row.wrongValid;
  all.push(...row.ms);
}
all.sort((a, b) => a - b);
console.log(`ALL ${exact}/${n} exact (${((100 * exact) / Math.max(n, 1)).toFixed(1)}%), wrong-but-valid ${wrongValid}, p50 ${all[Math.floor(all.length / 2)]?.toFixed(0)} ms, p90 ${all[Math.floor(all.length * 0.9)]?.toFixed(0)} ms`);
