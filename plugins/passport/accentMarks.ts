/**
 * Diacritics the `eng` OCR model cannot output (É, Í, Ñ, È, Ü ...), seen directly in the pixels of a printed name
 * line: small ink marks above the capitals' top line are attached to the letter under them and classified by
 * shape (two dots, a rising or falling stroke, a wave, a ring). Pure: a grey crop and the OCR's words in, the
 * text with the marks composed onto its letters out.
 */
import type { RawImage } from '../../core/imaging/types.ts';
import type { OcrResult } from '../../core/ocr/types.ts';
import { connectedComponents, type Blob } from './mrz/connectedComponents.ts';

export type MarkKind = 'acute' | 'grave' | 'circumflex' | 'diaeresis' | 'tilde' | 'ring';

const combining: Record<MarkKind, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circumflex: '\u0302',
  diaeresis: '\u0308',
  tilde: '\u0303',
  ring: '\u030a',
};

/** Otsu's threshold of a grey image: ink is darker than it. */
function otsu(data: Buffer): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of data) hist[v]!++;
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0, wB = 0, best = 0, threshold = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** Relative advance widths of upper-case sans-serif letters, to find which letter a mark sits over. */
const advance = (c: string): number => ('IJ1 .\'-'.includes(c) ? 0.35 : 'MW'.includes(c) ? 0.95 : 0.72);

/**
 * The kind of the mark(s) over `letter`. Marks are a few pixels big, so shape decides only what it can: two blobs
 * are dots, a clear ring over A is Å, a clearly falling stroke is grave; N takes a tilde; otherwise the acute,
 * by far the commonest single mark on capitals in passport names.
 */
function classify(marks: readonly Blob[], letter: string): MarkKind | null {
  if (marks.length >= 2) return 'diaeresis';
  const m = marks[0];
  if (m === undefined) return null;
  if (letter === 'N') return 'tilde';
  const w = m.maxX - m.minX + 1;
  const h = m.maxY - m.minY + 1;
  if (letter === 'A' && m.n >= 30 && w < h * 1.6 && h < w * 1.6 && m.n / (w * h) < 0.6 && ringLike(m)) return 'ring';
  const corr = m.vxy / Math.sqrt(Math.max(1e-6, m.vxx * m.vyy));
  // Image y grows downwards: a stroke falling to the right (grave) has a positive x-y correlation.
  // Small marks (~14 px at 11 px/mm) need a clearer slope to be told from noise.
  if ((m.n >= 15 && corr > 0.5) || (m.n >= 8 && corr > 0.65)) return 'grave';
  if (w > h * 2.2 && m.n >= 15) return 'tilde';
  return 'acute';
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
  const words = ocr.lines.flatMap((l) => l.words).filter((w) => w.text.trim() !== '');
  const out: string[] = [];
  for (const word of words) {
    const { x0, x1, y1 } = word.bbox;
    const inside = blobs.filter((b) => b.cx >= x0 - 2 && b.cx <= x1 + 2 && b.maxY <= y1 + 3 && b.minY >= word.bbox.y0 - 6);
    const tall = inside.filter((b) => b.maxY - b.minY + 1 >= (y1 - word.bbox.y0) * 0.45);
    if (tall.length === 0) {
      out.push(word.text);
      continue;
    }
    const capTop = median(tall.map((b) => b.minY));
    const capHeight = median(tall.map((b) => b.maxY)) - capTop + 1;
    const marks = inside.filter((b) => b.maxY < capTop + capHeight * 0.08 && b.maxY - b.minY + 1 < capHeight * 0.5 && b.n >= Math.max(4, capHeight * capHeight * 0.008));
    // Letter centres along the word by relative advance widths.
    const letters = [...word.text];
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
        if (!markable.test(letters[i]!)) continue;
        if (best < 0 || Math.abs(centres[i]! - m.cx) < Math.abs(centres[best]! - m.cx)) best = i;
      }
      if (best >= 0 && Math.abs(centres[best]! - m.cx) < letterWidth * 0.9) byLetter.set(best, [...(byLetter.get(best) ?? []), m]);
    }
    // A cedilla hangs below the baseline under C or S: its own small blob, or the letter's ink running down into it.
    const baseline = median(tall.map((b) => b.maxY));
    const cedillas = new Set<number>();
    const hanging = blobs.filter(
      (b) =>
        b.cx >= x0 - 2 && b.cx <= x1 + 2 &&
        ((b.minY >= baseline - capHeight * 0.1 && b.maxY > baseline + capHeight * 0.12 && b.maxY <= baseline + capHeight * 0.6 &&
          b.maxY - b.minY + 1 < capHeight * 0.5 && b.n >= Math.max(4, capHeight * capHeight * 0.008)) ||
          (b.maxY - b.minY + 1 >= capHeight * 0.8 && b.maxY > baseline + capHeight * 0.15 && b.maxY <= baseline + capHeight * 0.6)),
    );
    for (const b of hanging) {
      let best = -1;
      for (let i = 0; i < centres.length; i++) if (best < 0 || Math.abs(centres[i]! - b.cx) < Math.abs(centres[best]! - b.cx)) best = i;
      if (best >= 0 && /^[CS]$/.test(letters[best]!) && Math.abs(centres[best]! - b.cx) < letterWidth * 0.6) cedillas.add(best);
    }
    out.push(
      letters
        .map((c, i) => {
          if (cedillas.has(i)) return (c + '\u0327').normalize('NFC');
          const kind = classify(byLetter.get(i) ?? [], c);
          if (kind === null || !markable.test(c)) return c;
          const composed = (c + combining[kind]).normalize('NFC');
          // Only real precomposed letters: a mark that composes to nothing known is noise.
          return composed.length === 1 ? composed : c;
        })
        .join(''),
    );
  }
  return out.join(' ');
}

const markable = /^[AEIOUYNCSZ]$/;

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}
