import type { OcrLine, OcrResult, OcrWord } from '../../core/ocr/types.ts';

/** One OCR line per row of text, words laid left to right at 20 px per character, rows 40 px apart; `_` is a wide gap. */
export function page(rows: readonly string[]): OcrResult {
  const lines: OcrLine[] = rows.map((row, r) => {
    let x = 40;
    const words: OcrWord[] = [];
    for (const text of row.split(' ')) {
      if (text === '_') {
        x += 200;
        continue;
      }
      const bbox = { x0: x, y0: 40 + r * 40, x1: x + text.length * 20, y1: 64 + r * 40 };
      x = bbox.x1 + 14;
      words.push({ text, confidence: 90, bbox });
    }
    return { text: row, confidence: 90, bbox: { x0: 40, y0: words[0]!.bbox.y0, x1: x, y1: words[0]!.bbox.y1 }, words };
  });
  return { text: rows.join('\n'), confidence: 90, lines };
}
