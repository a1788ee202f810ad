/**
 * The printed PAN's glyphs, measured in the upright card image: whether a character OCR read as a digit where a
 * letter must be is really a digit. Digits are cut to one width in card fonts, while the letters OCR takes them for
 * are wider (O, G, A, B, S against 0, 6, 4, 8, 5) or narrower (I against 1), so a glyph as wide as the card's own
 * digits is a printed digit: the PAN does not fit the format, and is refused rather than repaired into one.
 */
import type { RawImage } from '../../core/imaging/types.ts';

/** One glyph's ink, in columns of the image: where it starts and how wide it is. */
export interface GlyphRun {
  readonly x: number;
  readonly width: number;
}

export interface GlyphBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * The glyphs in `box` (a one-channel image), left to right: columns holding ink (an Otsu threshold inside the box),
 * split at ink-free columns. Null when the box holds no clear glyphs.
 */
export function glyphRuns(image: RawImage, box: GlyphBox): GlyphRun[] | null {
  if (image.channels !== 1) return null;
  const x0 = Math.max(0, Math.floor(box.x0));
  const x1 = Math.min(image.width, Math.ceil(box.x1));
  const y0 = Math.max(0, Math.floor(box.y0));
  const y1 = Math.min(image.height, Math.ceil(box.y1));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 20 || h < 8) return null;
  const hist = new Uint32Array(256);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) hist[image.data[y * image.width + x] ?? 255]! += 1;
  const threshold = otsu(hist, w * h);
  // The whole height: a T's crossbar or a 4's bar are what join their strokes into one glyph.
  const top = y0;
  const bottom = y1;
  const inked: boolean[] = [];
  for (let x = x0; x < x1; x++) {
    let dark = 0;
    for (let y = top; y < bottom; y++) if ((image.data[y * image.width + x] ?? 255) < threshold) dark += 1;
    inked.push(dark >= 2);
  }
  const runs: GlyphRun[] = [];
  let run = 0;
  for (const [i, on] of [...inked, false].entries()) {
    if (on) run += 1;
    else if (run > 0) {
      // A run of a pixel or two is a speck or a guilloche crossing, not a glyph.
      if (run >= Math.max(2, h * 0.08)) runs.push({ x: x0 + i - run, width: run });
      run = 0;
    }
  }
  return runs.length > 0 ? runs : null;
}

/**
 * Whether the glyphs were set at a fixed pitch (a monospaced font): the step from one glyph's centre to the next
 * does not follow the two glyphs' widths. In a proportional font it does, one for one; in a fixed-pitch font it
 * stays the advance whatever the ink. Glyphs too alike in width to tell count as fixed pitch: their widths then
 * tell a letter from a digit no better.
 */
export function isFixedPitch(runs: readonly GlyphRun[]): boolean {
  if (runs.length < 4) return true;
  const steps: number[] = [];
  const meanWidths: number[] = [];
  for (let i = 0; i + 1 < runs.length; i++) {
    const a = runs[i]!;
    const b = runs[i + 1]!;
    steps.push(b.x + b.width / 2 - (a.x + a.width / 2));
    meanWidths.push((a.width + b.width) / 2);
  }
  const mean = (v: readonly number[]): number => v.reduce((s, x) => s + x, 0) / v.length;
  const mw = mean(meanWidths);
  const ms = mean(steps);
  let cov = 0;
  let varW = 0;
  for (let i = 0; i < steps.length; i++) {
    cov += (meanWidths[i]! - mw) * (steps[i]! - ms);
    varW += (meanWidths[i]! - mw) ** 2;
  }
  // Widths within a few per cent of each other give the slope no footing.
  if (Math.sqrt(varW / steps.length) < 0.04 * mw) return true;
  const slope = cov / varW;
  return slope < 0.5;
}

function otsu(hist: Uint32Array, total: number): number {
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * (hist[v] ?? 0);
  let sumB = 0;
  let weightB = 0;
  let best = 0;
  let threshold = 128;
  for (let v = 0; v < 256; v++) {
    weightB += hist[v] ?? 0;
    if (weightB === 0) continue;
    const weightF = total - weightB;
    if (weightF === 0) break;
    sumB += v * (hist[v] ?? 0);
    const meanB = sumB / weightB;
    const meanF = (sum - sumB) / weightF;
    const between = weightB * weightF * (meanB - meanF) ** 2;
    if (between > best) {
      best = between;
      threshold = v + 0.5;
    }
  }
  return threshold;
}

/**
 * Ink width of each letter OCR may take a digit for, over the ink width of the digits, in Arial-metric bold sans
 * (measured on Liberation Sans Bold: digits share one width). A glyph is judged a printed digit when it lies within
 * a quarter of the way from the digit's width to the letter's.
 */
const LETTER_TO_DIGIT_WIDTH: Readonly<Record<string, number>> = { O: 1.43, I: 0.33, Z: 1.16, A: 1.39, S: 1.24, G: 1.39, T: 1.22, B: 1.27 };
const DIGIT_WIDTH: Readonly<Record<string, number>> = { '0': 1, '1': 0.96, '2': 1, '4': 1.12, '5': 1.02, '6': 1, '7': 0.98, '8': 1.02 };
/** The share of the way from the digit's width towards the letter's within which a glyph is a printed digit. */
const DIGIT_SHARE = 0.25;

export interface LetterRepair {
  /** 1-based position in the PAN. */
  readonly position: number;
  /** The digit read. */
  readonly from: string;
  /** The letter it would be repaired to. */
  readonly to: string;
}

/**
 * Positions among `repairs` (digit read where a letter must be) whose glyph is as wide as the PAN's own digits:
 * printed digits, not misreadings. `widths` are the PAN's 10 glyph widths; `pan` the PAN after repair. Empty when
 * the glyphs could not be measured one by one (then OCR's reading stands, repaired).
 */
export function printedDigitsAtLetterPositions(pan: string, widths: readonly number[] | null, repairs: readonly LetterRepair[]): number[] {
  if (widths === null || widths.length !== 10 || repairs.length === 0) return [];
  const digitWidth = digitReferenceWidth(pan, widths);
  if (digitWidth === null) return [];
  const printed: number[] = [];
  for (const r of repairs) {
    const letter = LETTER_TO_DIGIT_WIDTH[r.to];
    const digit = DIGIT_WIDTH[r.from];
    const width = widths[r.position - 1];
    if (letter === undefined || digit === undefined || width === undefined) continue;
    // The letters' widths are one font's; other fonts draw an S or an A nearer their digits. So only a glyph
    // far nearer the digit's width than the letter's proves a printed digit; one between the two proves nothing.
    if (Math.abs(width / digitWidth - digit) <= Math.abs(letter - digit) * DIGIT_SHARE) printed.push(r.position);
  }
  return printed;
}

/** The PAN's digit width: the median of its digits at 6..9, each scaled by its own width, leaving out the narrow 1. */
function digitReferenceWidth(pan: string, widths: readonly number[]): number | null {
  const reference = [5, 6, 7, 8]
    .filter((i) => pan[i] !== '1')
    .map((i) => (widths[i] ?? 0) / (DIGIT_WIDTH[pan[i] ?? ''] ?? 1))
    .sort((a, b) => a - b);
  if (reference.length < 2) return null;
  const digitWidth = reference[Math.floor(reference.length / 2)] ?? 0;
  return digitWidth > 0 ? digitWidth : null;
}

/** I and L over the digits' width (Liberation Sans Bold): a bar, and a bar with a foot as wide as a digit. */
const I_WIDTH = 0.3;
const L_WIDTH = 1.09;

/**
 * 1-based letter positions (1–5 and 10) where OCR read an L whose glyph is a bare bar, an I's width: OCR adds the
 * foot of the L to a narrow I at times. Empty when the glyphs could not be measured one by one.
 */
export function barsReadAsL(pan: string, widths: readonly number[] | null): number[] {
  if (widths === null || widths.length !== 10) return [];
  const digitWidth = digitReferenceWidth(pan, widths);
  if (digitWidth === null) return [];
  const midpoint = (I_WIDTH + L_WIDTH) / 2;
  return [0, 1, 2, 3, 4, 9].filter((i) => pan[i] === 'L' && (widths[i] ?? digitWidth) / digitWidth < midpoint).map((i) => i + 1);
}
