/**
 * Probes the printed-name diacritic reader alone (plugins/passport/viz/accentMarks.ts): names drawn in the
 * machine's fonts at several sizes, with and without a light background, each passed with OCR's plain reading of it
 * (what the `eng` model gives), and the marks the reader composes compared with those printed. Prints, for each
 * marked letter, how often it came back right, plain (missed) or with another mark (wrong), and the marks invented
 * on plain names per 100 names. It studies the mark reader apart from OCR and layout, on fonts and sizes the
 * passport generator does not draw with (see --fonts).
 *
 *   npx tsx scripts/accent-probe.ts [--fonts all|held|unseen] [--detail] [--edge]
 *
 * `--fonts unseen` draws in the regular cuts of the unseen-faces probe's faces instead (fixtures/passportStyle.ts's
 * probeVizFaces; Debian's fonts-urw-base35, fonts-open-sans, fonts-roboto-unhinted, fonts-lato, fonts-texgyre,
 * fonts-freefont-ttf and fonts-cantarell, installed by hand: no test needs them).
 *
 * `--edge` draws each crop as a name line's crop that took in the page's edge: a dark bar down its left side, as tall
 * as the crop, with OCR's word box running from the crop's edge over its whole height.
 */
import { existsSync } from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { pluginImaging } from '../core/imaging/pluginImaging.ts';
import type { RawImage } from '../core/imaging/types.ts';
import type { OcrResult } from '../core/ocr/types.ts';
import { withAccentMarks } from '../plugins/passport/viz/accentMarks.ts';
import type { VizProbeFace } from '../fixtures/passportStyle.ts';
import { probeFontFiles } from '../fixtures/styledPassportPage.ts';

const fontFiles: Readonly<Record<string, string>> = {
  'DejaVu Sans Bold': '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  'DejaVu Serif Bold': '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf',
  'Liberation Sans Bold': '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf',
  'Liberation Serif Bold': '/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf',
  'Noto Sans Bold': '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf',
  'Noto Serif Bold': '/usr/share/fonts/truetype/noto/NotoSerif-Bold.ttf',
  'DejaVu Sans Condensed Bold': '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf',
  'Liberation Sans Narrow Bold': '/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf',
  'Noto Sans Regular': '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
  'DejaVu Sans Book': '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
};
/** The unseen-faces probe's regular cuts: faces no style family draws, whose marks are shaped otherwise (a ring on Å's apex). */
const unseenFaces: Readonly<Record<string, VizProbeFace>> = {
  'Roboto Regular': 'roboto',
  'Roboto Condensed Regular': 'robotoCondensed',
  'Open Sans Regular': 'openSans',
  'Lato Regular': 'lato',
  'Cantarell Regular': 'cantarell',
  'Nimbus Sans Regular': 'nimbusSans',
  'Nimbus Roman Regular': 'nimbusRoman',
  'URW Gothic Book': 'urwGothic',
  'TeX Gyre Termes Regular': 'texGyreTermes',
  FreeSans: 'freeSans',
  FreeSerif: 'freeSerif',
};
const unseenFiles: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(unseenFaces).map(([family, face]) => [family, probeFontFiles[face]]));
/** Faces the passport generator never draws names in: the figures that say how the reader holds on other print. */
const heldOut = new Set(['DejaVu Sans Condensed Bold', 'Liberation Sans Narrow Bold', 'Noto Serif Bold']);

const marked = [
  'ÁLVAREZ', 'JOSÉ', 'GONZÁLEZ', 'HÉLÈNE', 'LEFÈVRE', 'JÉRÔME', 'CHÂTEAU', 'NOËL', 'MÜLLER', 'GÖRAN', 'JÄGER',
  'PEÑA', 'MUÑOZ', 'JOÃO', 'GARÇÃO', 'FRANÇOIS', 'ÇAĞLAR', 'DOĞAN', 'ŞAHIN', 'ÖZTÜRK', 'ČERNÝ', 'DVOŘÁK',
  'ŠŤASTNÝ', 'ŽELJKO', 'ŁUKASZ', 'SZCZEPAŃSKA', 'ŻANETA', 'BRZĘCZEK', 'JĄDRZEJ', 'KÁROLY', 'ERDŐS', 'ÜRGŰ',
  'ÅSA', 'SØRENSEN', 'GUÐRÚN', 'SIGURÐSSON', 'JÓNSDÓTTIR', 'ÍRIS', 'ÚLFAR', 'ȘTEFAN', 'ȚEPEȘ', 'BĂLAN',
  'ĖGLĖ', 'ŪLA', 'İLKER', 'INÊS', 'MAGALHÃES',
];
const plain = [
  'SMITH', 'JOHANSSON', 'MACDONALD', 'OLIVER', 'CITIZEN', 'SPECIMEN', 'VIRTANEN', 'ERIKSSON', 'ANNA', 'MARIA',
  'MUSTERMANN', 'ERIKA', 'DEVI', 'SITA', 'PUDARSAN', 'GARCIA', 'LOPEZ', 'NOVAK', 'KOWALSKI', 'JENSEN', 'SANTOS',
  'ROSSI', 'DUBOIS', 'SCHMIDT', 'MURPHY', 'OSULLIVAN', 'NGUYEN', 'TANAKA', 'KUMAR', 'AHMED',
];

/** What OCR's `eng` model gives for a printed name: the plain letters (it has no marked capitals but Ç at times). */
const ocrPlain = (name: string): string =>
  [...name].map((c) => ({ Ø: 'O', Ł: 'L', Ð: 'D', Æ: 'AE', Œ: 'OE', İ: 'I' })[c] ?? c.normalize('NFD').replace(/\p{M}/gu, '')).join('');

interface Draw { readonly font: string; readonly px: number; readonly texture: boolean; readonly seed: number; readonly edge: boolean }

function rendered(name: string, d: Draw): { crop: RawImage; ocr: OcrResult } {
  const baseline = Math.round(d.px * 1.25);
  const width = Math.round(d.px * name.length * 0.95 + 20);
  const height = Math.round(d.px * 1.75);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  if (d.texture) {
    // A light tint and thin wavy security lines, lighter than the print, as pages carry behind their names.
    let s = d.seed;
    const rand = (): number => {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      return s / 0x7fffffff;
    };
    ctx.fillStyle = '#ece8df';
    ctx.fillRect(0, 0, width, height);
    ctx.strokeStyle = '#b8b2a6';
    ctx.lineWidth = 1;
    for (let k = 0; k < 6; k++) {
      const y0 = rand() * height;
      const amp = 2 + rand() * 5;
      const period = 20 + rand() * 40;
      ctx.beginPath();
      for (let x = 0; x <= width; x += 2) ctx.lineTo(x, y0 + amp * Math.sin(x / period));
      ctx.stroke();
    }
  }
  ctx.fillStyle = '#161616';
  const x = d.edge ? 8 + Math.round(d.px * 0.6) : 8;
  if (d.edge) ctx.fillRect(0, 0, Math.round(d.px * 0.3), height);
  ctx.font = `${d.px}px "${d.font}"`;
  ctx.fillText(name, x, baseline);
  const m = ctx.measureText(ocrPlain(name));
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const data = Buffer.alloc(width * height);
  for (let i = 0; i < data.length; i++) data[i] = Math.round(0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!);
  const text = ocrPlain(name);
  // OCR's box over the capitals, as tesseract gives for a word in caps.
  const x1 = Math.round(x + ctx.measureText(name).width);
  const bbox = d.edge ? { x0: 0, y0: 0, x1, y1: height - 1 } : { x0: x, y0: Math.round(baseline - m.actualBoundingBoxAscent), x1, y1: baseline };
  const word = { text, confidence: 90, bbox };
  return { crop: { data, width, height, channels: 1 }, ocr: { text, confidence: 90, lines: [{ text, confidence: 90, bbox, words: [word] }] } };
}

const args = process.argv.slice(2);
const which = args.includes('--fonts') ? args[args.indexOf('--fonts') + 1] : 'all';
const detail = args.includes('--detail');
const edge = args.includes('--edge');
const drawn = which === 'unseen' ? unseenFiles : fontFiles;
for (const [family, file] of Object.entries(drawn)) {
  if (!existsSync(file)) throw new Error(`font missing: ${file} (--fonts unseen needs the probe's Debian font packages)`);
  GlobalFonts.registerFromPath(file, family);
}
const fonts = Object.keys(drawn).filter((f) => which === 'all' || which === 'unseen' || (which === 'held' ? heldOut.has(f) : !heldOut.has(f)));

const perLetter = new Map<string, { right: number; missed: number; wrong: number; wrongAs: Map<string, number> }>();
let plainNames = 0;
let invented = 0;
let markedNames = 0;
let markedRight = 0;
let seed = 1;
const inventedAs = new Map<string, number>();
for (const font of fonts) {
  for (const px of [24, 30, 38, 48]) {
    for (const texture of [false, true]) {
      for (const name of [...marked, ...plain]) {
        const { crop, ocr } = rendered(name, { font, px, texture, seed: seed++, edge });
        const read = withAccentMarks(crop, ocr, pluginImaging).normalize('NFC');
        const printed = [...name];
        const got = [...read];
        const aligned = got.length === printed.length;
        if (marked.includes(name)) {
          markedNames += 1;
          if (read === name) markedRight += 1;
        } else plainNames += 1;
        for (let i = 0; i < printed.length; i++) {
          const p = printed[i]!;
          const g = aligned ? got[i]! : '?';
          if (ocrPlain(p) === p) {
            if (aligned && g !== p) {
              invented += 1;
              inventedAs.set(`${p}->${g}`, (inventedAs.get(`${p}->${g}`) ?? 0) + 1);
              if (detail) console.log(`invented ${font} ${px}px${texture ? ' textured' : ''}: ${name} -> ${read}`);
            }
            continue;
          }
          const row = perLetter.get(p) ?? { right: 0, missed: 0, wrong: 0, wrongAs: new Map() };
          if (g === p) row.right += 1;
          else if (g === ocrPlain(p) || !aligned) {
            row.missed += 1;
            if (detail) console.log(`missed ${p} ${font} ${px}px${texture ? ' textured' : ''}: ${name} -> ${read}`);
          }
          else {
            row.wrong += 1;
            row.wrongAs.set(g, (row.wrongAs.get(g) ?? 0) + 1);
          }
          perLetter.set(p, row);
        }
      }
    }
  }
}
console.log(`fonts: ${fonts.join(', ')}`);
console.log(`marked names read exactly: ${markedRight}/${markedNames} (${((100 * markedRight) / markedNames).toFixed(1)}%)`);
console.log(`marks invented on plain letters: ${invented} over ${plainNames + markedNames} names (${((100 * invented) / (plainNames + markedNames)).toFixed(2)} per 100)`);
if (inventedAs.size > 0) console.log(`  invented: ${[...inventedAs].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ')}`);
console.log('letter  right missed wrong  (wrong as)');
let right = 0;
let missed = 0;
let wrong = 0;
for (const [letter, row] of [...perLetter].sort((a, b) => a[0].localeCompare(b[0]))) {
  right += row.right;
  missed += row.missed;
  wrong += row.wrong;
  const as = [...row.wrongAs].map(([k, v]) => `${k}×${v}`).join(' ');
  console.log(`${letter.padEnd(6)} ${String(row.right).padStart(5)} ${String(row.missed).padStart(6)} ${String(row.wrong).padStart(5)}  ${as}`);
}
console.log(`all marked letters: right ${right}, missed ${missed}, wrong ${wrong} (${((100 * right) / (right + missed + wrong)).toFixed(1)}% right, ${((100 * wrong) / (right + missed + wrong)).toFixed(1)}% wrong)`);
