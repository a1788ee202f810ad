import { describe, expect, it } from 'vitest';
import type { OcrLine, OcrResult, OcrWord } from '../../core/ocr/types.ts';
import { readLastPageFields } from '../../plugins/passport/lastPageFields.ts';

/** One OCR line per row of text, words laid left to right at 20 px per character, rows 40 px apart; `_` is a wide gap. */
function page(rows: readonly string[]): OcrResult {
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

describe('readLastPageFields', () => {
  const ocr = page([
    'Name of Father / Legal Guardian',
    'an _ NARAYANAN PILLAI',
    'Name of Mother',
    'LAKSHM| PILLAI',
    'Address',
    '107IC, PARK AVENUE',
    'MUMBAI 400069',
    'Fie No.',
    'HY24274247324',
  ]);
  const fields = readLastPageFields(ocr);
  it('skips Hindi-label noise for a name and reads a bar against letters as I', () => {
    expect(fields.father_name).toBe('NARAYANAN PILLAI');
    expect(fields.mother_name).toBe('LAKSHMI PILLAI');
  });
  it('reads the slash of a house number misread as I', () => {
    expect(fields.address).toBe('107/C, PARK AVENUE, MUMBAI 400069');
  });
  it('finds the file number under a misread label', () => {
    expect(fields.file_number).toBe('HY24274247324');
  });
});
