/**
 * Styled PAN cards (fixtures/panStyle.ts, tuning families only) through the real pipeline with real OCR: cards of
 * the styled-dev split that once failed, and where each field is said to have been read.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractor } from '../../core/extraction/extractor.ts';
import { loadUpload } from '../../core/imaging/loadUpload.ts';
import { createLogger } from '../../core/logging/logger.ts';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';
import { itemRandom, splitSeed } from '../../fixtures/generate.ts';
import type { PanExpected } from '../../fixtures/panRecord.ts';
import { familiesFor, paintPlan, type PanField } from '../../fixtures/panStyle.ts';
import { buildStyledPanItem, styledRecord } from '../../fixtures/panStyledSet.ts';
import { panPrintedDate } from '../../fixtures/panRecord.ts';
import { createRandom } from '../../fixtures/random.ts';
import { panPlugin } from '../../plugins/pan/index.ts';
import type { PanResult } from '../../plugins/pan/result.ts';

let ocr: OcrPool;
beforeAll(() => {
  ocr = createOcrPool({ workers: 2 });
});
afterAll(async () => {
  await ocr?.terminate();
});

const extract = async (buffer: Buffer): Promise<PanResult> => {
  const extractor = createExtractor({
    ocr,
    ledger: null,
    loadUpload,
    limits: { maxImagePixels: 40_000_000, maxPdfPages: 3, pdfDpi: 150 },
    logger: createLogger({ level: 'silent' }),
  });
  const response = await extractor.extract({
    plugin: panPlugin,
    files: [{ field: 'file', buffer }],
    fields: {},
    principal: null,
    requestId: randomUUID(),
    idempotencyKey: null,
    signal: new AbortController().signal,
  });
  return response.result as PanResult;
};

const styledDev = splitSeed('pan', 'styled-dev');

describe('styled-dev cards that once failed', () => {
  it.each([
    { index: 43, degradation: 'photo' as const, what: "a J printed last in the PAN read as ')' (was: refused as unreadable)" },
    { index: 21, degradation: 'small' as const, what: "the father's surname BAJAJ read BAJA) (was: WEI)" },
  ])('styled-dev item $index: $what', async ({ index, degradation }) => {
    const built = await buildStyledPanItem(`styled-${index}`, degradation, itemRandom(styledDev, index), false);
    const result = await extract(built.files[0]!.bytes);
    const expected: PanExpected = built.truth.expected;
    expect({ pan: result.pan_number, name: result.full_name, father: result.father_name, date: result.date_of_birth }).toEqual({
      pan: expected.pan_number, name: expected.full_name, father: expected.father_name, date: expected.date_of_birth,
    });
  }, 60_000);
});

describe('field geometry', () => {
  it('gives each field a polygon over where it is printed, in the pixels of the page as uploaded (turned half a turn)', async () => {
    const family = familiesFor(false).find((f) => f.name === 'sans-new')!;
    const look = family.drawLook(createRandom(7));
    const record = styledRecord(createRandom(8), family, look);
    const plan = family.plan({ pan: record.pan, name: record.name, fatherName: record.fatherName, date: panPrintedDate(record), individual: record.holderCode === 'P' }, look, createRandom(9));
    const { image, fieldBoxes } = paintPlan(plan, createRandom(10));
    const margin = { left: 70, top: 45 };
    // Two steps: sharp turns before it extends, whatever the order of the calls.
    const framed = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
      .flatten({ background: '#f4f4f4' })
      .extend({ ...margin, right: 30, bottom: 25, background: '#f4f4f4' })
      .png()
      .toBuffer();
    const page = await sharp(framed).rotate(180).png().toBuffer();
    const pageWidth = image.width + margin.left + 30;
    const pageHeight = image.height + margin.top + 25;
    const result = await extract(page);
    expect(result.pan_number).toBe(record.pan);
    const fields: PanField[] = ['pan_number', 'full_name', 'date_of_birth', ...(record.fatherName === null ? [] : ['father_name' as const])];
    for (const field of fields) {
      const region = result.geometry[field];
      const box = fieldBoxes[field]!;
      expect(region?.page).toBe(0);
      // The printed box, turned half a turn with the page.
      const x0 = pageWidth - (margin.left + box.x + box.w);
      const x1 = pageWidth - (margin.left + box.x);
      const y0 = pageHeight - (margin.top + box.y + box.h);
      const y1 = pageHeight - (margin.top + box.y);
      const xs = region!.polygon.map(([x]) => x);
      const ys = region!.polygon.map(([, y]) => y);
      const cx = xs.reduce((a, b) => a + b, 0) / xs.length;
      const cy = ys.reduce((a, b) => a + b, 0) / ys.length;
      expect(cx, field).toBeGreaterThan(x0);
      expect(cx, field).toBeLessThan(x1);
      expect(cy, field).toBeGreaterThan(y0);
      expect(cy, field).toBeLessThan(y1);
      // The polygon covers the printed text's height and most of its width, no more than a line around it.
      expect(Math.max(...ys) - Math.min(...ys), field).toBeLessThan(3 * box.h);
      expect(Math.max(...xs) - Math.min(...xs), field).toBeGreaterThan(0.8 * box.w);
    }
  }, 60_000);
});
