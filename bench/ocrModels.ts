/**
 * `npx tsx bench/ocrModels.ts [--lines N]`: which Tesseract model the OCR pool should load. Renders synthetic
 * field lines (invented names, dates, PAN-shaped codes, OCR-B MRZ-shaped lines) in the Debian fonts, degrades
 * them mildly, and reads them with each engine/model pair: exact lines, character accuracy, time per line.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { RawImage } from '../core/imaging/types.ts';
import { createOcrPool, type OcrEngine } from '../core/ocr/tesseractPool.ts';

const fonts = {
  'DejaVu Sans': '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  'Liberation Sans': '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf',
  'Noto Sans': '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
  'OCR B': '/usr/share/fonts/opentype/ocr-b/OCRBS.otf',
};
for (const [family, file] of Object.entries(fonts)) GlobalFonts.registerFromPath(file, family);

/** mulberry32: a small deterministic generator, so every run measures the same lines. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SYLLABLES = ['KA', 'RI', 'MO', 'NA', 'LE', 'SU', 'TEN', 'VAR', 'DHI', 'PRA', 'SHA', 'LIN', 'OR', 'BEL', 'GO', 'MAN'];

function sampleLines(count: number): Array<{ text: string; font: string }> {
  const random = seeded(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const word = () => Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join('');
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const letters = (n: number) => Array.from({ length: n }, () => pick([...LETTERS])).join('');
  const kinds = [
    () => `${word()} ${word()} ${word()}`,
    () => `${digits(2)}/${digits(2)}/19${digits(2)}`,
    () => `${letters(3)}P${letters(1)}${digits(4)}${letters(1)}`,
    () => `P<UTO${word()}<<${word()}<${word()}`.padEnd(44, '<').slice(0, 44),
  ];
  return Array.from({ length: count }, (_, i) => {
    const kind = i % kinds.length;
    const text = kinds[kind]!();
    return { text, font: kind === 3 ? 'OCR B' : pick(['DejaVu Sans', 'Liberation Sans', 'Noto Sans']) };
  });
}

async function renderDegraded(text: string, font: string, size: number, random: () => number): Promise<RawImage> {
  const ctx0 = createCanvas(10, 10).getContext('2d');
  ctx0.font = `${size}px "${font}"`;
  const width = Math.ceil(ctx0.measureText(text).width) + 2 * size;
  const height = Math.ceil(size * 2);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f4f1ea';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#202020';
  ctx.font = `${size}px "${font}"`;
  ctx.fillText(text, size, Math.round(size * 1.35));
  // Mild phone-camera damage: slight blur and JPEG artefacts.
  const jpeg = await sharp(canvas.toBuffer('image/png')).blur(0.3 + random() * 0.5).jpeg({ quality: 45 + Math.floor(random() * 30) }).toBuffer();
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/** 1 - Levenshtein distance / length of the truth. */
function characterAccuracy(truth: string, read: string): number {
  const row = Array.from({ length: read.length + 1 }, (_, j) => j);
  for (let i = 1; i <= truth.length; i += 1) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= read.length; j += 1) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (truth[i - 1] === read[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return Math.max(0, 1 - row[read.length]! / Math.max(1, truth.length));
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--lines');
  const count = at > 0 ? Number(process.argv[at + 1]) : 40;
  const random = seeded(7);
  const lines = sampleLines(count);
  const images = await Promise.all(lines.map((line) => renderDegraded(line.text, line.font, 16 + Math.floor(random() * 20), random)));
  const dataRoot = path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json'));
  const configs: Array<{ name: string; engine: OcrEngine; langPath: string }> = [
    { name: 'lstm 4.0.0_best_int', engine: 'lstm', langPath: path.join(dataRoot, '4.0.0_best_int') },
    { name: 'lstm 4.0.0 (standard)', engine: 'lstm', langPath: path.join(dataRoot, '4.0.0') },
    { name: 'legacy 4.0.0', engine: 'legacy', langPath: path.join(dataRoot, '4.0.0') },
  ];
  process.stdout.write(`${count} lines, 1 worker each\nmodel                     exact   chars   ms/line   by kind (names, dates, PAN, MRZ)\n`);
  for (const config of configs) {
    const pool = createOcrPool({ workers: 1, engine: config.engine, langPath: config.langPath });
    await pool.ready();
    let exact = 0;
    let chars = 0;
    const byKind = [0, 0, 0, 0];
    const started = performance.now();
    for (const [i, image] of images.entries()) {
      const read = (await pool.recognize({ image, segmentation: 'single_line' })).text.trim();
      const truth = lines[i]!.text;
      if (read === truth) {
        exact += 1;
        byKind[i % 4]! += 1;
      }
      chars += characterAccuracy(truth, read);
    }
    const perLine = (performance.now() - started) / count;
    await pool.terminate();
    process.stdout.write(
      `${config.name.padEnd(24)} ${String(exact).padStart(3)}/${count} ${(100 * chars / count).toFixed(1).padStart(6)}% ${perLine.toFixed(0).padStart(8)}   ${byKind.join(' / ')}\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
