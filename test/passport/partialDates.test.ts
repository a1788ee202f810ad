import { describe, expect, it } from 'vitest';
import { pluginImaging } from '../../core/imaging/pluginImaging.ts';
import type { RawImage } from '../../core/imaging/types.ts';
import type { OcrRequest, OcrResult, OcrWord } from '../../core/ocr/types.ts';
import type { PluginContext } from '../../core/plugins/types.ts';
import { withPartialDatesReread } from '../../plugins/passport/viz/partialDates.ts';
import { parsePrintedDates } from '../../plugins/passport/viz/printedDate.ts';
import { phrasesOf } from '../../plugins/passport/viz/vizLayout.ts';

const page: RawImage = { data: Buffer.alloc(1000 * 704, 255), width: 1000, height: 704, channels: 1 };
const word = (text: string, x0: number, x1: number, y0 = 10, y1 = 40): OcrWord => ({ text, confidence: 90, bbox: { x0, y0, x1, y1 } });
const result = (words: OcrWord[]): OcrResult => ({
  text: words.map((w) => w.text).join(' '),
  confidence: 90,
  lines: [{ text: words.map((w) => w.text).join(' '), confidence: 90, bbox: { x0: words[0]!.bbox.x0, y0: 10, x1: words.at(-1)!.bbox.x1, y1: 40 }, words }],
});

describe('withPartialDatesReread', () => {
  it('keeps a widely spaced date read again as one phrase, not split at its gaps', async () => {
    // The sparse pass lost the year; the single-line re-read has it, far to the right of the month words.
    const pass = result([word('14', 340, 360, 414, 428), word('JAN', 366, 396, 414, 428), word('/', 400, 404, 414, 428), word('JAN', 408, 438, 414, 428)]);
    const reread = result([word('C14', 0, 60), word('JAN', 80, 150), word('JAN', 170, 240), word('13', 380, 420)]);
    const ctx = { imaging: pluginImaging, ocr: { recognize: async (_r: OcrRequest) => reread } } as unknown as PluginContext;
    const out = await withPartialDatesReread(page, pass, page.width, ctx);
    const dates = phrasesOf(out).flatMap((p) => parsePrintedDates(p.text)).map((d) => [d.day, d.month, d.year]);
    expect(dates).toEqual([[14, 1, 13]]);
  });
  it('puts a whole date that is no real one in the partial\'s place, for the date-of-issue choice to repair', async () => {
    // Austria's specimen turned a half: the sparse pass read `12.21` of 01.12.2023, the re-read `91.12.2023`.
    const pass = result([word('12.21', 400, 460, 414, 428)]);
    const reread = result([word('91.12.2023', 40, 220), word('.', 230, 236)]);
    const ctx = { imaging: pluginImaging, ocr: { recognize: async (_r: OcrRequest) => reread } } as unknown as PluginContext;
    const out = await withPartialDatesReread(page, pass, page.width, ctx);
    const dates = phrasesOf(out).flatMap((p) => parsePrintedDates(p.text)).map((d) => [d.day, d.month, d.year, d.valid]);
    expect(dates).toEqual([[91, 12, 2023, false]]);
  });
});

/** Each phrase its own OCR line, as sparse OCR ends a line at a wide space; all on one row unless given. */
const lines = (words: OcrWord[]): OcrResult => ({
  text: words.map((w) => w.text).join('\n'),
  confidence: 90,
  lines: words.map((w) => ({ text: w.text, confidence: 90, bbox: w.bbox, words: [w] })),
});

describe('withPartialDatesReread, a date read as phrases apart along its row', () => {
  const sepDate = result([word('16', 0, 40), word('SEP', 60, 120), word('2013', 140, 220)]);
  const ctxReading = (reread: OcrResult, asked: OcrRequest[] = []) =>
    ({ imaging: pluginImaging, ocr: { recognize: async (r: OcrRequest) => (asked.push(r), reread) } }) as unknown as PluginContext;

  it('reads a day and a year with a month\'s room between them again as one line', async () => {
    // `16 MFO/SEP 2013` with its month lost: `16` and `2013` as two lines, 90 px (over two letter heights) apart.
    const pass = lines([word('16', 400, 424, 300, 320), word('2013', 514, 562, 300, 320)]);
    const out = await withPartialDatesReread(page, pass, page.width, ctxReading(sepDate));
    const dates = phrasesOf(out).flatMap((p) => parsePrintedDates(p.text)).map((d) => [d.day, d.month, d.year]);
    expect(dates).toEqual([[16, 9, 2013]]);
  });

  it('leaves a day and a year side by side alone, and numbers on other rows', async () => {
    const asked: OcrRequest[] = [];
    // No room for a month between them; and a year a row below its number.
    const pass = lines([word('16', 400, 424, 300, 320), word('2013', 430, 478, 300, 320), word('12', 600, 624, 300, 320), word('2014', 700, 748, 360, 380)]);
    const out = await withPartialDatesReread(page, pass, page.width, ctxReading(sepDate, asked));
    expect(asked).toHaveLength(0);
    expect(out).toBe(pass);
  });
});
