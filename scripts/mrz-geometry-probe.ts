/**
 * Probes the MRZ reader alone over MRZ geometries no fixture split draws: line spacing, glyph size, pitch, stroke
 * weight and wavy background lines drawn at random around and past ICAO 9303's nominal values. MRZ only (no OCR).
 *   npx tsx scripts/mrz-geometry-probe.ts [--count N] [--seed S] [--verbose]
 */
import { createCanvas } from '@napi-rs/canvas';
import { parseArgs } from 'node:util';
import { readMrz } from '../plugins/passport/mrz/index.ts';
import { font, registerFixtureFonts } from '../fixtures/fonts.ts';
import { inventPassport } from '../fixtures/passportRecord.ts';
import { createRandom } from '../fixtures/random.ts';
import { pluginImaging } from '../core/imaging/pluginImaging.ts';

const { values: args } = parseArgs({ options: { count: { type: 'string', default: '40' }, seed: { type: 'string', default: '7001' }, verbose: { type: 'boolean', default: false } } });
registerFixtureFonts();
const s = 12;
let exact = 0;
let refused = 0;
let wrongValid = 0;
const ms: number[] = [];
const rows: string[] = [];
for (let i = 0; i < Number(args.count); i++) {
  const random = createRandom(Number(args.seed) + i);
  const record = inventPassport(random.fork('record'));
  const cap = random.range(2.0, 3.0);
  const pitch = random.range(2.35, 2.75);
  const spacing = random.range(1.5, 3.3) * cap;
  const left = random.range(4.5, 8);
  const line2 = random.range(78, 83);
  const wavy = random.chance(0.6);
  const stroke = random.range(-0.25, 0.5);
  const w = 125 * s;
  const h = 88 * s;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f3f0e6';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#222';
  ctx.font = font(2.7 * s, 'sans');
  ctx.fillText(`SURNAME / NOM   ${record.surname.toUpperCase()}`, 40 * s, 25 * s);
  ctx.fillText(`GIVEN NAMES / PRÉNOMS   ${record.givenNames.toUpperCase()}`, 40 * s, 35 * s);
  ctx.font = font(100, 'ocrb');
  const capRatio = ctx.measureText('H').actualBoundingBoxAscent / 100;
  ctx.font = font((cap * s) / capRatio, 'ocrb');
  ctx.textAlign = 'center';
  ctx.fillStyle = '#111';
  ctx.strokeStyle = '#111';
  [record.mrz.line1, record.mrz.line2].forEach((line, row) => {
    const centre = row === 1 ? line2 : line2 - spacing;
    const baseline = (centre + cap / 2) * s;
    for (let k = 0; k < line.length; k++) {
      const cx = (left + pitch * (k + 0.5)) * s + random.gauss() * 0.05 * s;
      ctx.fillText(line[k]!, cx, baseline + random.gauss() * 0.05 * s);
      if (stroke > 0) { ctx.lineWidth = stroke * 0.25 * s; ctx.strokeText(line[k]!, cx, baseline); }
    }
  });
  if (wavy) {
    ctx.strokeStyle = 'rgba(60,90,160,0.55)';
    ctx.lineWidth = random.range(0.08, 0.2) * s;
    const period = random.range(8, 25) * s;
    const amp = random.range(0.5, 3) * s;
    for (let y0 = 50 * s; y0 < h; y0 += random.range(1.5, 3.5) * s) {
      ctx.beginPath();
      for (let x = 0; x <= w; x += 4) ctx.lineTo(x, y0 + amp * Math.sin((x / period) * 2 * Math.PI));
      ctx.stroke();
    }
  }
  const rgba = ctx.getImageData(0, 0, w, h).data;
  const rgb = Buffer.alloc(w * h * 3);
  for (let p = 0; p < w * h; p++) { rgb[p * 3] = rgba[p * 4]!; rgb[p * 3 + 1] = rgba[p * 4 + 1]!; rgb[p * 3 + 2] = rgba[p * 4 + 2]!; }
  const t0 = performance.now();
  const r = await readMrz({ data: rgb, width: w, height: h, channels: 3 }, { now: new Date(), imaging: pluginImaging });
  ms.push(performance.now() - t0);
  const geometry = `cap ${cap.toFixed(2)} pitch ${pitch.toFixed(2)} spacing ${(spacing / cap).toFixed(2)}x wavy ${wavy} stroke ${stroke.toFixed(2)}`;
  if ('failure' in r) { refused++; rows.push(`${i} REFUSED ${r.failure} | ${geometry}`); continue; }
  const got = r.parse?.lines ?? r.lines;
  const ok = got[0] === record.mrz.line1 && got[1] === record.mrz.line2;
  if (ok) exact++;
  else if (r.parse?.valid) wrongValid++;
  rows.push(`${i} ${ok ? 'exact' : 'WRONG'} valid=${r.parse?.valid} | ${geometry}${ok ? '' : `\n   ${got[0]}\n   ${got[1]}`}`);
}
if (args.verbose) console.log(rows.join('\n'));
ms.sort((a, b) => a - b);
console.log(`MRZ probe: ${exact}/${args.count} exact, ${refused} refused, ${wrongValid} valid-but-wrong, p50 ${ms[Math.floor(ms.length / 2)]!.toFixed(0)} ms`);
