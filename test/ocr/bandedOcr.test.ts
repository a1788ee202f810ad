/**
 * A sparse read in two overlapping bands (core/ocr/bandedOcr.ts), with real OCR: every line of a page once, in its
 * place, the line lying across the split included, and two jobs running side by side on a pool of two workers.
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawImage } from '../../core/imaging/types.ts';
import { recognizeInBands } from '../../core/ocr/bandedOcr.ts';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';
import type { OcrPort } from '../../core/ocr/types.ts';
import { drawnGrey } from '../support/greyCanvas.ts';

GlobalFonts.registerFromPath('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', 'DejaVu Sans');

const rows = ['SURNAME', 'HOLLOWAY', 'GIVEN NAMES', 'MARGARET ANNE', 'DATE OF ISSUE', '14 JAN 2023', 'AUTHORITY', 'LONDON'];

/** The rows drawn 60 px apart at 36 px; the fourth sits across the middle of the 480 px page. */
function page(): RawImage {
  return drawnGrey(700, 480, '#ffffff', (ctx) => {
    ctx.fillStyle = '#000000';
    ctx.font = '36px "DejaVu Sans"';
    rows.forEach((text, i) => ctx.fillText(text, 40 + (i % 2) * 200, 44 + i * 60 + (i === 3 ? 22 : 0)));
  });
}

let pool: OcrPool;
beforeAll(async () => {
  pool = createOcrPool({ workers: 2 });
  await pool.ready();
}, 120_000);
afterAll(async () => {
  await pool?.terminate();
});

describe('recognizeInBands', () => {
  it('reads every line once, top to bottom, as one read of the whole does', async () => {
    const image = page();
    const rectangle = { left: 0, top: 0, width: image.width, height: image.height };
    const jobs: { top: number; height: number }[] = [];
    const port: OcrPort = {
      recognize: (request) => {
        jobs.push({ top: request.rectangle!.top, height: request.rectangle!.height });
        return pool.recognize(request);
      },
    };
    const banded = await recognizeInBands(port, { image, rectangle, segmentation: 'sparse_text', overlap: 100 });
    expect(jobs).toHaveLength(2);
    expect(jobs[0]!.top).toBe(0);
    expect(jobs[1]!.top + jobs[1]!.height).toBe(480);
    const texts = (r: { lines: readonly { text: string; bbox: { y0: number } }[] }) =>
      [...r.lines].sort((a, b) => a.bbox.y0 - b.bbox.y0).map((l) => l.text.trim());
    expect(texts(banded)).toEqual(rows);
    const whole = await pool.recognize({ image, rectangle, segmentation: 'sparse_text' });
    expect(texts(banded)).toEqual(texts(whole));
    // Boxes are in the page's pixels, whichever band read them.
    const across = banded.lines.find((l) => l.text.trim() === 'MARGARET ANNE')!;
    expect(across.bbox.y0).toBeGreaterThan(200);
    expect(across.bbox.y1).toBeLessThan(270);
  }, 60_000);
  it('reads each band from its own image as from the page, boxes in the page pixels', async () => {
    const image = page();
    const rectangle = { left: 0, top: 0, width: image.width, height: image.height };
    const asked: { top: number; height: number }[] = [];
    // Each band's rows and 10 beside them, cut from the page: what a filter over the band alone is handed.
    const bandImage = async (band: { top: number; height: number }) => {
      asked.push({ top: band.top, height: band.height });
      const from = Math.max(0, band.top - 10);
      const to = Math.min(image.height, band.top + band.height + 10);
      return { image: { data: image.data.subarray(from * image.width, to * image.width), width: image.width, height: to - from, channels: 1 as const }, top: from };
    };
    const own = await recognizeInBands(pool, { image, rectangle, segmentation: 'sparse_text', overlap: 100, bandImage });
    const plain = await recognizeInBands(pool, { image, rectangle, segmentation: 'sparse_text', overlap: 100 });
    expect(asked).toHaveLength(2);
    const boxes = (r: typeof own) => r.lines.map((l) => [l.text.trim(), l.bbox, l.words.map((w) => w.bbox)]);
    expect(boxes(own)).toEqual(boxes(plain));
    expect(own.lines.find((l) => l.text.trim() === 'LONDON')!.bbox.y0).toBeGreaterThan(400);
  }, 60_000);
  it('shares a rectangle twice the overlap tall, each band three quarters of it', async () => {
    // The sharper pass read below the names is often 2.5-3 overlaps tall: in one job, the other worker waited.
    const image = page();
    const jobs: { top: number; height: number }[] = [];
    const port: OcrPort = {
      recognize: (request) => {
        jobs.push({ top: request.rectangle!.top, height: request.rectangle!.height });
        return pool.recognize(request);
      },
    };
    const result = await recognizeInBands(port, { image, rectangle: { left: 0, top: 220, width: 700, height: 260 }, segmentation: 'sparse_text', overlap: 100 });
    expect(jobs).toEqual([
      { top: 220, height: 180 },
      { top: 300, height: 180 },
    ]);
    expect(result.lines.map((l) => l.text.trim())).toEqual(['MARGARET ANNE', 'DATE OF ISSUE', '14 JAN 2023', 'AUTHORITY', 'LONDON']);
  }, 60_000);
  it('reads a rectangle too short to share in one job', async () => {
    const image = page();
    let calls = 0;
    const port: OcrPort = {
      recognize: (request) => {
        calls += 1;
        return pool.recognize(request);
      },
    };
    const result = await recognizeInBands(port, { image, rectangle: { left: 0, top: 0, width: 700, height: 120 }, segmentation: 'sparse_text', overlap: 100 });
    expect(calls).toBe(1);
    expect(result.lines.map((l) => l.text.trim())).toEqual(['SURNAME', 'HOLLOWAY']);
  }, 60_000);
});
