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
});
