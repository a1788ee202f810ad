/**
 * Diacritics the `eng` OCR model cannot output (É, Í, Ñ, È, Ü ...), seen directly in the pixels of a printed name
 * line: small ink marks above the capitals' top line are attached to the letter under them and classified by
 * shape (two dots, a rising or falling stroke, a wave, a ring). Pure: a grey crop and the OCR's words in, the
 * text with the marks composed onto its letters out.
 */
import type { RawImage } from '../../core/imaging/types.ts';
import type { OcrResult, OcrWord } from '../../core/ocr/types.ts';
import { connectedComponents, type Blob } from './mrz/connectedComponents.ts';
import { otsu } from './pageImage.ts';

export type MarkKind = 'acute' | 'grave' | 'circumflex' | 'caron' | 'diaeresis' | 'tilde' | 'ring';

const combining: Record<MarkKind, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circumflex: '\u0302',
  diaeresis: '\u0308',
  tilde: '\u0303',
  ring: '\u030a',
  caron: '\u030c',
};

/** Relative advance widths of upper-case sans-serif letters, to find which letter a mark sits over. */
const advance = (c: string): number => ('IJ1 .\'-'.includes(c) ? 0.35 : 'MW'.includes(c) ? 0.95 : 0.72);

/**
 * The kind of the mark(s) over `letter`. Marks are a few pixels big, so shape decides only what it can: two blobs
 * are dots, a clear ring over A is Å, a clearly falling stroke is grave, a wide symmetric mark peaked in its middle
 * is a circumflex and one dipping there a caron (R takes only a caron); N takes a tilde; otherwise the acute, by far
 * the commonest single mark on capitals in passport names.
 */
function classify(marks: readonly Blob[], letter: string, mask: Uint8Array, maskWidth: number): MarkKind | null {
  if (marks.length >= 2) return letter === 'R' ? null : 'diaeresis';
  const m = marks[0];
  if (m === undefined) return null;
  const w = m.maxX - m.minX + 1;
  const h = m.maxY - m.minY + 1;
  const corr = m.vxy / Math.sqrt(Math.max(1e-6, m.vxx * m.vyy));
  const peak = Math.abs(corr) < 0.45 && w >= h * 1.2 && m.n >= 10 ? middleLift(m, mask, maskWidth) : 0;
  // A caron and a circumflex are mirror-symmetric; a tilde is a wave, its two halves opposite (dev: carons and
  // circumflexes 0.73 to 1.0, tildes over N -0.96 to -0.5, some of them dipping or peaking in the middle).
  const symmetric = peak !== 0 && mirrorSymmetry(m, mask, maskWidth) > 0.3;
  if (peak < -0.1 && symmetric) return 'caron';
  if (letter === 'R') return null;
  if (letter === 'N') return 'tilde';
  if (peak > 0.1 && symmetric) return 'circumflex';
  if (letter === 'A' && m.n >= 30 && w < h * 1.6 && h < w * 1.6 && m.n / (w * h) < 0.6 && ringLike(m)) return 'ring';
  // Image y grows downwards: a stroke falling to the right (grave) has a positive x-y correlation.
  // Small marks (~14 px at 11 px/mm) need a clearer slope to be told from noise.
  if ((m.n >= 15 && corr > 0.5) || (m.n >= 8 && corr > 0.65)) return 'grave';
  if (w > h * 2.2 && m.n >= 15) return 'tilde';
  return 'acute';
}

/**
 * How much higher the ink stands in the middle third of a mark's columns than in its outer thirds, in mark
 * heights: positive for a peak (^), negative for a dip (ˇ), near zero for a wave or a stroke.
 */
function middleLift(m: Blob, mask: Uint8Array, maskWidth: number): number {
  const w = m.maxX - m.minX + 1;
  const sums = { middle: 0, middleN: 0, outer: 0, outerN: 0 };
  for (let y = m.minY; y <= m.maxY; y++) {
    for (let x = m.minX; x <= m.maxX; x++) {
      if (!mask[y * maskWidth + x]) continue;
      const third = Math.floor(((x - m.minX) * 3) / w);
      if (third === 1) {
        sums.middle += y;
        sums.middleN += 1;
      } else {
        sums.outer += y;
        sums.outerN += 1;
      }
    }
  }
  if (sums.middleN === 0 || sums.outerN === 0) return 0;
  return (sums.outer / sums.outerN - sums.middle / sums.middleN) / (m.maxY - m.minY + 1);
}

/** Correlation of the mark's column profile (mean ink row per column) with its mirror image: V and ^ near 1, a wave below 0. */
function mirrorSymmetry(m: Blob, mask: Uint8Array, maskWidth: number): number {
  const w = m.maxX - m.minX + 1;
  const profile: number[] = [];
  for (let x = m.minX; x <= m.maxX; x++) {
    let sum = 0;
    let count = 0;
    for (let y = m.minY; y <= m.maxY; y++) {
      if (mask[y * maskWidth + x]) {
        sum += y;
        count += 1;
      }
    }
    profile.push(count === 0 ? Number.NaN : sum / count);
  }
  const pairs: [number, number][] = [];
  for (let i = 0; i < w; i++) {
    const a = profile[i]!;
    const b = profile[w - 1 - i]!;
    if (!Number.isNaN(a) && !Number.isNaN(b)) pairs.push([a, b]);
  }
  if (pairs.length < 4) return 0;
  const mean = pairs.reduce((s, [a]) => s + a, 0) / pairs.length;
  let num = 0;
  let den = 0;
  for (const [a, b] of pairs) {
    num += (a - mean) * (b - mean);
    den += (a - mean) * (a - mean);
  }
  return den === 0 ? 0 : num / den;
}

const ringLike = (m: Blob): boolean => m.vxx > 0 && m.vyy > 0 && Math.abs(m.vxx - m.vyy) / (m.vxx + m.vyy) < 0.4;

/**
 * The OCR's text of `crop` (one printed name line) with the diacritics seen above its letters composed on.
 * Letters the mark cannot belong to (consonants other than N, C, S, Z) keep their plain form.
 */
export function withAccentMarks(crop: RawImage, ocr: OcrResult): string {
  if (crop.channels !== 1) throw new Error('withAccentMarks needs a grey image');
  const threshold = otsu(crop.data);
  const mask = new Uint8Array(crop.width * crop.height);
  for (let i = 0; i < mask.length; i++) mask[i] = crop.data[i]! < threshold ? 1 : 0;
  const blobs = connectedComponents(mask, crop.width, crop.height, 3);
  const words = wordsWithinTheirOwnInk(ocr.lines.flatMap((l) => l.words).filter((w) => w.text.trim() !== ''));
  const out: string[] = [];
  for (const word of words) {
    const { x0, x1, y1 } = word.bbox;
    const inside = blobs.filter((b) => b.cx >= x0 - 2 && b.cx <= x1 + 2 && b.maxY <= y1 + 3 && b.minY >= word.bbox.y0 - Math.max(6, (y1 - word.bbox.y0) * 0.45));
    // Letters stand about as tall as the word's box; where OCR gave the box the crop's whole height, as tall as
    // the word's larger blobs (the label print below and specks are smaller).
    const heights = inside.map((b) => b.maxY - b.minY + 1).sort((a, b) => a - b);
    const letterHeight = heights[Math.floor(heights.length * 0.75)] ?? 0;
    const tall = inside.filter((b) => b.maxY - b.minY + 1 >= Math.min((y1 - word.bbox.y0) * 0.45, letterHeight * 0.7));
    if (tall.length === 0) {
      out.push(word.text.toUpperCase());
      continue;
    }
    const capTop = median(tall.map((b) => b.minY));
    const capHeight = median(tall.map((b) => b.maxY)) - capTop + 1;
    const marks = inside.filter((b) => b.maxY < capTop + capHeight * 0.08 && b.maxY - b.minY + 1 < capHeight * 0.5 && b.n >= Math.max(4, capHeight * capHeight * 0.008));
    // Names are printed in capitals: an `i` is an I whose accent OCR took for a dot (ÍÑIGO read `iÑIGo`).
    const letters = [...word.text.toUpperCase()];
    // OCR gives Ç for a C with any mark at times: the pixels decide between its cedilla and a mark above (Č).
    const bases = letters.map((c) => cedillaBase[c] ?? c);
    // Letter centres along the word by relative advance widths.
    const total = letters.reduce((s, c) => s + advance(c), 0);
    let acc = 0;
    const centres = letters.map((c) => {
      const centre = x0 + ((acc + advance(c) / 2) / total) * (x1 - x0);
      acc += advance(c);
      return centre;
    });
    // Each mark goes to the nearest letter that can carry one (widths are estimates, so within about a letter).
    const letterWidth = (x1 - x0) / Math.max(1, letters.length);
    const byLetter = new Map<number, Blob[]>();
    for (const m of marks) {
      let best = -1;
      for (let i = 0; i < centres.length; i++) {
        if (!markable.test(bases[i]!)) continue;
        if (best < 0 || Math.abs(centres[i]! - m.cx) < Math.abs(centres[best]! - m.cx)) best = i;
      }
      if (best >= 0 && Math.abs(centres[best]! - m.cx) < letterWidth * 0.9) byLetter.set(best, [...(byLetter.get(best) ?? []), m]);
    }
    // A cedilla hangs below the baseline under C or S: its own small blob, or the letter's ink running down into it.
    // The baseline is the neighbouring letters' (a slightly tilted line sinks at one end).
    const baselineNear = (blob: Blob): number =>
      median(tall.filter((t) => t !== blob).sort((a, b) => Math.abs(a.cx - blob.cx) - Math.abs(b.cx - blob.cx)).slice(0, 3).map((t) => t.maxY));
    const cedillas = new Set<number>();
    const hanging = blobs.filter((b) => {
      if (b.cx < x0 - 2 || b.cx > x1 + 2) return false;
      const baseline = baselineNear(b);
      const ownBlob = b.minY >= baseline - capHeight * 0.1 && b.maxY > baseline + capHeight * 0.12 && b.maxY <= baseline + capHeight * 0.6 &&
        b.maxY - b.minY + 1 < capHeight * 0.5 && b.n >= Math.max(4, capHeight * capHeight * 0.008);
      const letterRunningDown = b.maxY - b.minY + 1 >= capHeight * 0.8 && b.maxY > baseline + capHeight * 0.15 && b.maxY <= baseline + capHeight * 0.6;
      return ownBlob || letterRunningDown;
    });
    for (const b of hanging) {
      let best = -1;
      for (let i = 0; i < centres.length; i++) if (best < 0 || Math.abs(centres[i]! - b.cx) < Math.abs(centres[best]! - b.cx)) best = i;
      if (best >= 0 && /^[CS]$/.test(bases[best]!) && Math.abs(centres[best]! - b.cx) < letterWidth * 0.6) cedillas.add(best);
    }
    out.push(
      letters
        .map((c, i) => {
          const base = bases[i]!;
          if (cedillas.has(i)) return (base + '\u0327').normalize('NFC');
          const kind = classify(byLetter.get(i) ?? [], base, mask, crop.width);
          // Nothing seen: the letter as OCR read it (a Ç whose cedilla the pixels missed stays a Ç).
          if (kind === null || !markable.test(base)) return c;
          const composed = (base + combining[kind]).normalize('NFC');
          // Only real precomposed letters: a mark that composes to nothing known is noise.
          return composed.length === 1 ? composed : c;
        })
        .join(''),
    );
  }
  return joinWords(out, words, blobs);
}

/** Word boxes that run into the next word (OCR gave one the whole line's width) end where the next begins. */
function wordsWithinTheirOwnInk(words: readonly OcrWord[]): OcrWord[] {
  return words.map((word, i) => {
    const next = words[i + 1];
    if (next === undefined || word.bbox.x1 <= next.bbox.x0 || next.bbox.x0 <= word.bbox.x0) return word;
    return { ...word, bbox: { ...word.bbox, x1: next.bbox.x0 - 1 } };
  });
}

/**
 * The words joined by spaces, or by a hyphen where OCR dropped one: a short, flat blob in the gap between two
 * words, at the middle of their capitals' height (`EL-SAYED` read as `EL` `SAYED`).
 */
function joinWords(texts: readonly string[], words: readonly OcrWord[], blobs: readonly Blob[]): string {
  let joined = texts[0] ?? '';
  for (let i = 1; i < texts.length; i++) {
    const left = words[i - 1]!.bbox;
    const right = words[i]!.bbox;
    const top = Math.min(left.y0, right.y0);
    const capHeight = Math.max(left.y1, right.y1) - top;
    const dash = blobs.some(
      (b) =>
        // OCR's word boxes may take in the dash: its centre lies near the gap, its ink is its own blob.
        b.cx > left.x1 - capHeight * 0.8 && b.cx < right.x0 + capHeight * 0.8 &&
        b.cy > top + capHeight * 0.3 && b.cy < top + capHeight * 0.75 &&
        b.maxY - b.minY + 1 < capHeight * 0.3 && b.maxX - b.minX + 1 >= (b.maxY - b.minY + 1) * 1.5 &&
        b.maxX - b.minX + 1 <= capHeight * 1.2 && b.n >= 4,
    );
    const noHyphenYet = !joined.endsWith('-') && !texts[i]!.startsWith('-');
    joined += (dash && noHyphenYet ? '-' : ' ') + texts[i];
  }
  return joined;
}

const markable = /^[AEIOUYNCSZR]$/;
const cedillaBase: Readonly<Record<string, string>> = { Ç: 'C', Ş: 'S' };

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}
