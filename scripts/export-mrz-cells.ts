/**
 * Exports labelled MRZ cells, cut by the reader itself, for scripts/train-mrz-cnn.py: every page of a labelled set is
 * read by readMrz, and the cells of the attempt it settled on (each column at the three shifts it was read at) are
 * labelled from the page's truth wherever the reader's grid lay on the line (at least --min-agree of its cells read
 * as the truth says: a misread cell of an aligned line is exactly what the model must learn).
 * Run with DOCEX_MRZ_CNN=off (the reader without the CNN, as the committed model's data was cut):
 *   npx tsx scripts/export-mrz-cells.ts --dir /tmp/styledtrain/passport/styled-dev --out /tmp/cnn/styled-train
 *   npx tsx scripts/export-mrz-cells.ts --dir fixtures/out/real/passport --part train --out /tmp/cnn/real-train
 * Writes OUT.bin (records of 320 ink bytes, then label, shift, line, column, and the item's index as uint32 LE) and
 * OUT.json (the items, with state, layout, degradation, and whether the reading's check digits all held).
 * Never run it on a held-out set (the foreign split, the real specimens' eval part): it refuses the eval part.
 */
import sharp from 'sharp';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { RawImage } from '../core/imaging/types.ts';
import { readMrz } from '../plugins/passport/mrz/index.ts';
import { cellsOfReading } from '../plugins/passport/mrz/readMrz.ts';
import { cellFeatureLength } from '../core/mrz/sampleCells.ts';
import { mrzClasses } from '../core/mrz/mrzClassifier.ts';
import { pluginImaging } from '../core/imaging/pluginImaging.ts';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    part: { type: 'string' },
    out: { type: 'string' },
    limit: { type: 'string' },
    'min-agree': { type: 'string', default: '40' },
  },
});
if (!args.dir || !args.out) throw new Error('--dir and --out are required');
if (args.part === 'eval' || /foreign/.test(args.dir)) throw new Error('held-out sets are never exported for training');

interface Item { id: string; files: Record<string, string>; truth: string; degradation: string; layout?: string; part?: string; issuing_state?: string }
const manifest = JSON.parse(readFileSync(join(args.dir, 'manifest.json'), 'utf8')) as { items: Item[] };
let items = manifest.items.filter((i) => i.files.first_page && (!args.part || i.part === args.part));
if (args.part === undefined && manifest.items.some((i) => i.part === 'eval')) throw new Error('a set with an eval part needs --part train');
if (args.limit) items = items.slice(0, Number(args.limit));

async function load(file: string): Promise<RawImage> {
  const { data, info } = await sharp(readFileSync(file)).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as 3 };
}

const recordBytes = cellFeatureLength + 8;
const records: Buffer[] = [];
const described: { id: string; layout?: string; degradation: string; state?: string; valid: boolean; lines: number[] }[] = [];
const minAgree = Number(args['min-agree']);
let lineCount = 0;
for (const [index, item] of items.entries()) {
  if (item.files.first_page!.endsWith('.pdf')) continue;
  const truth = JSON.parse(readFileSync(join(args.dir, item.truth), 'utf8')) as { expected: { mrz?: { line1: string; line2: string } } };
  const want = truth.expected.mrz;
  if (!want) continue;
  const reading = await readMrz(await load(join(args.dir, item.files.first_page!)), { now: new Date(), imaging: pluginImaging });
  if ('failure' in reading) continue;
  const cells = cellsOfReading(reading);
  if (!cells || reading.format !== 'TD3') continue;
  const taken: number[] = [];
  [want.line1, want.line2].forEach((text, line) => {
    const read = reading.lines[line] ?? '';
    let agree = 0;
    for (let c = 0; c < text.length; c++) if (read[c] === text[c]) agree++;
    if (agree < minAgree || text.length !== cells[line]![0]!.length) return;
    taken.push(line);
    lineCount++;
    cells[line]!.forEach((shifted, shift) =>
      shifted.forEach((cell, column) => {
        const r = Buffer.alloc(recordBytes);
        for (let i = 0; i < cellFeatureLength; i++) r[i] = Math.round(cell[i]! * 255);
        r[cellFeatureLength] = mrzClasses.indexOf(text[column]!);
        r[cellFeatureLength + 1] = shift;
        r[cellFeatureLength + 2] = line;
        r[cellFeatureLength + 3] = column;
        r.writeUInt32LE(index, cellFeatureLength + 4);
        records.push(r);
      }),
    );
  });
  described[index] = {
    id: item.id, degradation: item.degradation, valid: reading.parse?.valid === true, lines: taken,
    ...(item.layout === undefined ? {} : { layout: item.layout }),
    ...(item.issuing_state === undefined ? {} : { state: item.issuing_state }),
  };
  if ((index + 1) % 20 === 0) console.log(`${index + 1}/${items.length} pages, ${lineCount} lines taken`);
}
writeFileSync(`${args.out}.bin`, Buffer.concat(records));
writeFileSync(`${args.out}.json`, `${JSON.stringify({ dir: args.dir, part: args.part ?? null, minAgree, items: described }, null, 1)}\n`);
console.log(`${items.length} pages, ${lineCount} lines, ${records.length} cells -> ${args.out}.bin`);
