/**
 * The page's words (core/ocr/pageWords.ts): the look is grey and at most 1200 px wide, a wide page is read by real
 * OCR in the look's frame, a PDF's text layer is taken without OCR, and the words are read once for every caller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedUpload, Page, PdfTextItem, RawImage } from '../../core/imaging/types.ts';
import { greyLook, lookWidth, pageWordsOnce } from '../../core/ocr/pageWords.ts';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';
import type { OcrPort } from '../../core/ocr/types.ts';
import { renderTextLine } from './renderTextLine.ts';

const uploadOf = (image: RawImage, textLayer: readonly PdfTextItem[] | null = null): LoadedUpload => {
  const page: Page = { index: 0, source: textLayer === null ? 'image' : 'pdf', width: image.width, height: image.height, textLayer, dpi: null, image: async () => image };
  return { parts: { file: { name: 'file', mediaType: 'image/png', byteLength: 1, sha256: '0'.repeat(64), pages: [page] } } };
};

const counting = (inner: OcrPort): OcrPort & { calls: number } => {
  const port = {
    calls: 0,
    recognize: (request: Parameters<OcrPort['recognize']>[0]) => {
      port.calls += 1;
      return inner.recognize(request);
    },
  };
  return port;
};

describe('greyLook', () => {
  it('scales a wide page down to the look width in one grey channel, keeping its aspect', async () => {
    const rgba: RawImage = { data: Buffer.alloc(2400 * 900 * 4, 200), width: 2400, height: 900, channels: 4 };
    const look = await greyLook(rgba);
    expect(look).toMatchObject({ width: lookWidth, height: 450, channels: 1 });
    expect(look.data.length).toBe(lookWidth * 450);
  });
  it('never scales a narrow page up', async () => {
    const look = await greyLook(renderTextLine('NARROW', { width: 640, height: 100 }).raw);
    expect(look).toMatchObject({ width: 640, height: 100, channels: 1 });
  });
});

describe('pageWordsOnce (real OCR)', () => {
  let pool: OcrPool;
  beforeAll(async () => {
    pool = createOcrPool({ workers: 1 });
    await pool.ready();
  });
  afterAll(async () => {
    await pool?.terminate();
  });

  it('reads a wide page once, however many callers ask, with boxes in the look', async () => {
    // A header drawn large across a 2000 px page, ending near its right edge: read in the look, it ends before 1200.
    const page = renderTextLine('INCOME TAX DEPARTMENT', { width: 2000, height: 240, size: 96, x: 600 });
    const ocr = counting(pool);
    const words = pageWordsOnce(uploadOf(page.raw), ocr, new AbortController().signal);
    const [first, second] = await Promise.all([words(), words()]);
    expect(ocr.calls).toBe(1);
    expect(second).toBe(first);
    expect(first.text).toContain('INCOME TAX DEPARTMENT');
    const right = Math.max(...first.lines.map((line) => line.bbox.x1));
    expect(right).toBeGreaterThan(lookWidth * 0.8);
    expect(right).toBeLessThanOrEqual(lookWidth);
  }, 30_000);

  it('takes a PDF page\'s text layer as it is, without OCR', async () => {
    const ocr = counting(pool);
    const layer: PdfTextItem[] = [
      { text: 'INCOME TAX DEPARTMENT', x: 10, y: 10, width: 300, height: 20 },
      { text: 'Permanent Account Number', x: 10, y: 40, width: 300, height: 20 },
    ];
    const words = await pageWordsOnce(uploadOf(renderTextLine('').raw, layer), ocr, new AbortController().signal)();
    expect(words.text).toBe('INCOME TAX DEPARTMENT\nPermanent Account Number');
    expect(ocr.calls).toBe(0);
  });
});
