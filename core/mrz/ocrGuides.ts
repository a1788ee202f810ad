/**
 * A second, independent way to find an MRZ: the general OCR's own text lines. Where the blob chains find no pair of
 * lines (security lines crossing the zone join glyphs into one blob, a printer's spacing the chain gates never saw),
 * Tesseract's line segmentation often still sees two long lines of MRZ characters. Their ends give the MRZ reader a
 * place to lay its cell grid; the cells are then read and proven as always. Pure.
 */
import type { OcrLine, OcrResult } from '../ocr/types.ts';
import type { MrzLinesFound } from './findMrzLines.ts';

/** A line of at least this many MRZ-alphabet characters, with fillers or most of its characters in that alphabet. */
const minLength = 28;

function mrzLike(line: OcrLine): boolean {
  const text = line.text.replace(/\s+/g, '').toUpperCase().replace(/[«‹]/g, '<');
  if (text.length < minLength) return false;
  const alphabet = [...text].filter((c) => /[A-Z0-9<]/.test(c)).length / text.length;
  return alphabet >= 0.85 && (/<{2}/.test(text) || /[0-9]{6}/.test(text));
}

/**
 * Pairs of MRZ-like OCR lines one above the other, of about the same length and height, as MRZ line fits in the
 * pixels of the image the OCR read scaled by `toImage` (image px per OCR px). Lowest pair first: the MRZ is the
 * last text on a data page.
 */
export function mrzGuidesFromOcr(ocr: OcrResult, toImage: number): MrzLinesFound[] {
  const lines = ocr.lines.filter((l) => l.words.length > 0 && mrzLike(l)).sort((a, b) => a.bbox.y0 - b.bbox.y0);
  const out: MrzLinesFound[] = [];
  for (let i = lines.length - 2; i >= 0; i--) {
    const a = lines[i]!;
    const b = lines[i + 1]!;
    const ha = a.bbox.y1 - a.bbox.y0;
    const hb = b.bbox.y1 - b.bbox.y0;
    const wa = a.bbox.x1 - a.bbox.x0;
    const wb = b.bbox.x1 - b.bbox.x0;
    const gap = (b.bbox.y0 + b.bbox.y1) / 2 - (a.bbox.y0 + a.bbox.y1) / 2;
    if (Math.min(wa, wb) < 0.75 * Math.max(wa, wb) || Math.min(ha, hb) < 0.5 * Math.max(ha, hb)) continue;
    if (gap < 0.9 * Math.max(ha, hb) || gap > 5 * Math.max(ha, hb)) continue;
    const lineFit = (l: OcrLine): MrzLinesFound['lines'][number] => {
      const first = l.words[0]!.bbox;
      const last = l.words[l.words.length - 1]!.bbox;
      return {
        start: { x: first.x0 * toImage, y: ((first.y0 + first.y1) / 2) * toImage },
        end: { x: last.x1 * toImage, y: ((last.y0 + last.y1) / 2) * toImage },
        height: (l.bbox.y1 - l.bbox.y0) * toImage * 0.8,
        blobs: 0,
        centres: [],
      };
    };
    const lineA = lineFit(a);
    const lineB = lineFit(b);
    const dx = (lineA.end.x - lineA.start.x + lineB.end.x - lineB.start.x) / 2;
    const dy = (lineA.end.y - lineA.start.y + lineB.end.y - lineB.start.y) / 2;
    const length = Math.hypot(dx, dy);
    if (length <= 0) continue;
    out.push({ lines: [lineA, lineB], direction: { x: dx / length, y: dy / length } });
  }
  return out;
}
