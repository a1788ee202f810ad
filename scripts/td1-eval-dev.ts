/**
 * Measures the TD1 plugin's reading (readTd1Zone + decodeTd1) on ID cards the fixture generator draws (the negatives
 * set's renderer, fictitious holders), one per image degradation in turn: MRZs read exactly, refusals, names withheld
 * (name_not_read), and readings returned with a wrong field (must stay 0). Dev seeds only.
 *   npx tsx scripts/td1-eval-dev.ts [--count N] [--seed N]
 */
import sharp from 'sharp';
import { idCardWithTruth } from '../fixtures/negativesSet.ts';
import { photograph } from '../fixtures/photograph.ts';
import { createRandom } from '../fixtures/random.ts';
import { imageDegradations } from '../fixtures/manifest.ts';
import { parseArgs } from 'node:util';
import { toGrey } from '../core/imaging/greyImage.ts';
import { pluginImaging } from '../core/imaging/pluginImaging.ts';
import { readTd1Zone } from '../plugins/td1/readTd1Zone.ts';
import { decodeTd1 } from '../plugins/td1/decodeTd1.ts';
const degs = imageDegradations.filter((d) => d !== 'pdf');
const rows: Record<string, { n: number; exact: number; refused: number; withheld: number; wrong: number }> = {};
const fields = ['document_code', 'issuing_country', 'document_number', 'optional_data_1', 'date_of_birth', 'sex', 'expiry_date', 'nationality', 'optional_data_2', 'surname', 'given_names'] as const;
const now = new Date('2026-11-25T00:00:00Z');
const { values: args } = parseArgs({ options: { count: { type: 'string', default: '40' }, seed: { type: 'string', default: '500000' }, only: { type: 'string' } } });
const n = Number(args.count);
for (let i = 0; i < n; i++) {
  if (args.only !== undefined && !args.only.split(',').includes(String(i))) continue;
  const deg = degs[i % degs.length]!;
  const random = createRandom(Number(args.seed) + i);
  const card = idCardWithTruth(random.fork('card'));
  const shot = await photograph(card.image, deg, random.fork('photo'), { longSidePx: 2000 });
  const { data, info } = await sharp(shot.bytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const r = readTd1Zone(toGrey({ data, width: info.width, height: info.height, channels: info.channels as 3 }), { signal: new AbortController().signal, imaging: pluginImaging });
  const out = r === null ? null : decodeTd1(r, now);
  rows[deg] ??= { n: 0, exact: 0, refused: 0, withheld: 0, wrong: 0 };
  const row = rows[deg];
  row.n++;
  if (out === null || !out.ok) { row.refused++; continue; }
  const m = out.result.mrz;
  if (m.line1 === card.lines[0] && m.line2 === card.lines[1] && m.line3 === card.lines[2]) row.exact++;
  // The truth's fields: the decoder's own reading of the lines the card was drawn with.
  const truth = decodeTd1({ lines: card.lines }, now);
  if (!truth.ok) throw new Error(`the truth of item ${i} does not decode`);
  const wrong = fields.filter((f) => out.result[f] !== null && out.result[f] !== truth.result[f]);
  if (out.result.surname === null) row.withheld++;
  if (wrong.length > 0) {
    row.wrong++;
    console.log(`wrong: item ${i} (${deg}): ${wrong.join(', ')}`);
    // Fictitious holders (the generator's): the lines may be shown.
    for (const k of [0, 1, 2]) console.log(`  want ${card.lines[k]}\n  got  ${r!.lines[k]}  ${(r!.confidence?.[k] ?? []).map((c) => (c < 0.95 ? Math.floor(c * 10) : '.')).join('')}`);
    console.log(`  repairs ${out.result.repairs.map((x) => `${x.field}@${x.position} ${x.from}>${x.to} ${x.reason}`).join('; ')}`);
  }
}
const line = (name: string, r: (typeof rows)[string]): string => `${name.padEnd(12)} ${r.exact}/${r.n} MRZ exact, ${r.refused} refused, ${r.withheld} name withheld, ${r.wrong} with a wrong field`;
const all = { n: 0, exact: 0, refused: 0, withheld: 0, wrong: 0 };
for (const [d, r] of Object.entries(rows)) {
  console.log(line(d, r));
  for (const k of Object.keys(all) as (keyof typeof all)[]) all[k] += r[k];
}
console.log(line('ALL', all));
