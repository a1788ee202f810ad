/** tesseract.js's block tree to the OCR port's flat lines and words, boxes moved by an offset. */
import type { BoundingBox, OcrLine, OcrResult } from './types.ts';

/** The part of tesseract.js 7's `blocks` output we read. */
export interface TesseractBlocksPage {
  readonly text: string;
  readonly confidence: number;
  readonly blocks: ReadonlyArray<{
    readonly paragraphs: ReadonlyArray<{
      readonly lines: ReadonlyArray<{
        readonly text: string;
        readonly confidence: number;
        readonly bbox: BoundingBox;
        readonly words: ReadonlyArray<{ readonly text: string; readonly confidence: number; readonly bbox: BoundingBox }>;
      }>;
    }>;
  }> | null;
}

const shift = (box: BoundingBox, dx: number, dy: number): BoundingBox => ({
  x0: box.x0 + dx,
  y0: box.y0 + dy,
  x1: box.x1 + dx,
  y1: box.y1 + dy,
});

export function toOcrResult(page: TesseractBlocksPage, offsetX = 0, offsetY = 0): OcrResult {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words = line.words
          .filter((word) => word.text.trim() !== '')
          .map((word) => ({ text: word.text, confidence: word.confidence, bbox: shift(word.bbox, offsetX, offsetY) }));
        if (words.length === 0) continue;
        lines.push({ text: line.text.trim(), confidence: line.confidence, bbox: shift(line.bbox, offsetX, offsetY), words });
      }
    }
  }
  return { text: page.text, confidence: page.confidence, lines };
}

export const emptyOcrResult: OcrResult = { text: '', confidence: 0, lines: [] };
