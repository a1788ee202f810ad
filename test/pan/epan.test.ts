/**
 * e-PAN PDFs through the real pipeline (loadUpload, the PAN plugin's hooks) with an OCR port that fails the test
 * if it is ever called: a PDF with a text layer is read from its text alone.
 */
import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProblemError } from '../../core/errors.ts';
import { createExtractor } from '../../core/extraction/extractor.ts';
import { loadUpload } from '../../core/imaging/loadUpload.ts';
import { createLogger } from '../../core/logging/logger.ts';
import type { OcrPort } from '../../core/ocr/types.ts';
import { createEpanPdf, encryptPdf } from '../../fixtures/epan.ts';
import { panPassword, type PanRecord } from '../../fixtures/panRecord.ts';
import { panPlugin } from '../../plugins/pan/index.ts';

let ocrCalls = 0;
const noOcr: OcrPort = {
  recognize: () => {
    ocrCalls += 1;
    return Promise.reject(new Error('OCR must not run on a PDF with a text layer'));
  },
};

const extractor = createExtractor({
  ocr: noOcr,
  ledger: null,
  loadUpload,
  limits: { maxImagePixels: 40_000_000, maxPdfPages: 3, pdfDpi: 100 },
  logger: createLogger({ level: 'silent' }),
});

const extract = (pdf: Buffer, fields: Record<string, string> = {}) =>
  extractor.extract({
    plugin: panPlugin,
    files: [{ field: 'file', buffer: pdf }],
    fields,
    principal: null,
    requestId: randomUUID(),
    idempotencyKey: null,
    signal: new AbortController().signal,
  });

const individual: PanRecord = {
  pan: 'BNZPM2501F',
  holderCode: 'P',
  name: 'MEERA MENON',
  fatherName: 'KRISHNAN MENON',
  date: { y: 1987, m: 4, d: 9 },
  dateKind: 'birth',
  dateSeparator: '/',
};
const trust: PanRecord = {
  pan: 'AAATS4821Q',
  holderCode: 'T',
  name: 'SHAKTI SEVA TRUST',
  fatherName: null,
  date: { y: 1999, m: 12, d: 31 },
  dateKind: 'incorporation',
  dateSeparator: '-',
};

let cardPng: Buffer;
beforeAll(async () => {
  // The embedded card image is only pixels: a plain grey card keeps the test about the text layer.
  cardPng = await sharp({ create: { width: 400, height: 250, channels: 3, background: '#d8d8d8' } }).png().toBuffer();
});

describe('e-PAN PDFs', () => {
  it('reads an individual from the text layer without OCR', async () => {
    ocrCalls = 0;
    const response = await extract(await createEpanPdf(individual, cardPng));
    expect(ocrCalls).toBe(0);
    expect(response.result).toMatchObject({
      pan_number: 'BNZPM2501F',
      full_name: 'MEERA MENON',
      father_name: 'KRISHNAN MENON',
      date_of_birth: '1987-04-09',
      holder_type_code: 'P',
      holder_type: 'Individual',
      date_kind: 'birth',
      card_layout: 'e-pan',
      checks: { name_initial_matches: true },
      source: { page: 0, text_layer: true, ocr: false },
    });
    // Where the text layer holds each field, in the rendered page's pixels (A4 at 100 dpi: 827 x 1170).
    const geometry = (response.result as { geometry: Record<string, { page: number; polygon: [number, number][] } | null> }).geometry;
    for (const field of ['pan_number', 'full_name', 'father_name', 'date_of_birth']) {
      const region = geometry[field];
      expect(region?.page, field).toBe(0);
      for (const [x, y] of region?.polygon ?? []) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(827);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(1170);
      }
    }
    // The PAN is printed above the name in the e-PAN's text.
    expect(Math.max(...geometry.pan_number!.polygon.map(([, y]) => y))).toBeLessThan(Math.min(...geometry.full_name!.polygon.map(([, y]) => y)));
  });

  it('reads a trust: no father, the incorporation date', async () => {
    ocrCalls = 0;
    const response = await extract(await createEpanPdf(trust, cardPng));
    expect(ocrCalls).toBe(0);
    expect(response.result).toMatchObject({
      pan_number: 'AAATS4821Q',
      full_name: 'SHAKTI SEVA TRUST',
      father_name: null,
      date_of_birth: '1999-12-31',
      holder_type: 'Trust',
      date_kind: 'incorporation',
    });
  });

  it('opens a password-protected e-PAN with the `password` field', async () => {
    ocrCalls = 0;
    const locked = await encryptPdf(await createEpanPdf(individual, cardPng), panPassword(individual));
    const response = await extract(locked, { password: '09041987' });
    expect(ocrCalls).toBe(0);
    expect(response.result).toMatchObject({ pan_number: 'BNZPM2501F', date_of_birth: '1987-04-09', card_layout: 'e-pan' });
  });

  it('refuses a password-protected e-PAN without the field, with a hint, and with a wrong one', async () => {
    const locked = await encryptPdf(await createEpanPdf(individual, cardPng), panPassword(individual));
    const without = await extract(locked).catch((error: unknown) => error);
    expect(without).toBeInstanceOf(ProblemError);
    expect((without as ProblemError).code).toBe('pdf_encrypted');
    expect(String((without as ProblemError).extensions.hint)).toMatch(/password/);
    const wrong = await extract(locked, { password: '01011990' }).catch((error: unknown) => error);
    expect((wrong as ProblemError).code).toBe('pdf_password_incorrect');
    expect(ocrCalls).toBe(0);
  });
});

describe('multi-page PDFs', () => {
  it('finds the card on the second page, reads it without OCR, and is charged per page', async () => {
    const card = await PDFDocument.load(await createEpanPdf(individual, cardPng));
    const merged = await PDFDocument.create();
    merged.addPage([595.28, 841.89]); // a cover page with nothing on it
    const [cardPage] = await merged.copyPages(card, [0]);
    merged.addPage(cardPage!);
    const pdf = Buffer.from(await merged.save());

    const upload = await loadUpload([{ field: 'file', buffer: pdf }], panPlugin.parts, { maxImagePixels: 40_000_000, maxPdfPages: 3, pdfDpi: 100 }, {});
    expect(panPlugin.creditsFor(upload)).toBe(2);

    ocrCalls = 0;
    const response = await extract(pdf);
    expect(ocrCalls).toBe(0);
    expect(response.result).toMatchObject({ pan_number: 'BNZPM2501F', source: { page: 1, text_layer: true, ocr: false } });
  });
});
