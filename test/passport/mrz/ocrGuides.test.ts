import { describe, expect, it } from 'vitest';
import type { OcrLine, OcrResult } from '../../../core/ocr/types.ts';
import { mrzGuidesFromOcr } from '../../../core/mrz/ocrGuides.ts';

/** One OCR line of `text` as words boxed left to right from x0, `h` px tall, its top at y0. */
function ocrLine(text: string, x0: number, y0: number, h: number, charWidth = 10): OcrLine {
  let x = x0;
  const words = text.split(' ').map((w) => {
    const bbox = { x0: x, y0, x1: x + w.length * charWidth, y1: y0 + h };
    x = bbox.x1 + charWidth;
    return { text: w, confidence: 60, bbox };
  });
  return { text, confidence: 60, bbox: { x0, y0, x1: x - charWidth, y1: y0 + h }, words };
}
const result = (lines: OcrLine[]): OcrResult => ({ text: lines.map((l) => l.text).join('\n'), confidence: 60, lines });

describe('mrzGuidesFromOcr', () => {
  const line1 = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';
  const line2 = 'L898902C36UTO7408122F1204159ZE184226B<<<<<10';

  it('pairs two long MRZ-like lines one above the other, in the image pixels', () => {
    const guides = mrzGuidesFromOcr(result([ocrLine('SURNAME / NOM', 40, 20, 14), ocrLine(line1, 30, 300, 16), ocrLine(line2, 30, 336, 16)]), 2);
    expect(guides).toHaveLength(1);
    const [a, b] = guides[0]!.lines;
    expect(a!.start).toEqual({ x: 60, y: 616 });
    expect(b!.end.x).toBe(2 * (30 + 44 * 10));
    expect(guides[0]!.direction.x).toBeCloseTo(1);
  });

  it('reads MRZ characters OCR split into words or misread, as long as most are of the alphabet', () => {
    const split = 'P<UTOERIKSSON <<ANNA<MARIA<<<<< <<<<<<<<<<<<<<';
    expect(mrzGuidesFromOcr(result([ocrLine(split, 30, 300, 16), ocrLine(line2.replace('<<<<<', '«<<<<'), 30, 340, 16)]), 1)).toHaveLength(1);
  });

  it('finds nothing in ordinary print, in one MRZ-like line alone, or in lines far apart or of unequal length', () => {
    expect(mrzGuidesFromOcr(result([ocrLine('GIVEN NAMES / PRENOMS ANNA MARIA', 30, 100, 16), ocrLine('DATE OF BIRTH 12 AUG 1974 PLACE OF BIRTH', 30, 140, 16)]), 1)).toEqual([]);
    expect(mrzGuidesFromOcr(result([ocrLine(line2, 30, 300, 16)]), 1)).toEqual([]);
    expect(mrzGuidesFromOcr(result([ocrLine(line1, 30, 100, 16), ocrLine(line2, 30, 300, 16)]), 1)).toEqual([]);
    expect(mrzGuidesFromOcr(result([ocrLine(line1, 30, 300, 16), ocrLine(line2.slice(0, 30), 30, 340, 16)]), 1)).toEqual([]);
  });
});
