/**
 * The TD1 plugin end to end with real reading: an ID card the fixture generator draws (the negatives set's, holder
 * invented, truth known), scanned and photographed, through the extractor as the service runs it. The id-card
 * endpoint reads its MRZ exactly; the passport endpoint refuses it and names the id-card endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemError } from '../../core/errors.ts';
import { createExtractor } from '../../core/extraction/extractor.ts';
import { loadUpload } from '../../core/imaging/loadUpload.ts';
import { createLogger } from '../../core/logging/logger.ts';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';
import { idCardWithTruth } from '../../fixtures/negativesSet.ts';
import { photograph } from '../../fixtures/photograph.ts';
import { createRandom } from '../../fixtures/random.ts';
import { passportPlugin } from '../../plugins/passport/index.ts';
import { td1Plugin } from '../../plugins/td1/index.ts';
import type { Td1Result } from '../../plugins/td1/result.ts';

const limits = { maxImagePixels: 40_000_000, maxPdfPages: 1, pdfDpi: 200 };
let pool: OcrPool;
beforeAll(async () => {
  pool = createOcrPool({ workers: 1 });
  await pool.ready();
});
afterAll(async () => {
  await pool?.terminate();
});

const extractor = () =>
  createExtractor({ ocr: pool, ledger: null, loadUpload, limits, logger: createLogger({ level: 'silent' }), plugins: () => [passportPlugin, td1Plugin], clock: () => new Date('2026-11-25T00:00:00Z') });
const request = (plugin: typeof td1Plugin | typeof passportPlugin, buffer: Buffer) => ({
  plugin, files: [{ field: plugin.parts[0]!.name, buffer }], fields: {}, principal: null, requestId: 'td1-test', idempotencyKey: null, signal: new AbortController().signal,
});

describe.each([
  ['scan', 11],
  ['photo', 12],
] as const)('a generated ID card, %s', (degradation, seed) => {
  const random = createRandom(seed);
  const card = idCardWithTruth(random.fork('card'));
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = (await photograph(card.image, degradation, random.fork('photo'), { longSidePx: 2000 })).bytes;
  });

  it('is read exactly by the id-card endpoint, its fields the truth\'s', async () => {
    const { result } = await extractor().extract(request(td1Plugin, bytes));
    const read = result as Td1Result;
    expect([read.mrz.line1, read.mrz.line2, read.mrz.line3]).toEqual(card.lines);
    expect(read.document_number).toBe(card.fields.documentNumber);
    expect(read.issuing_country).toBe(card.fields.issuingState);
    expect(read.raw_dates).toEqual({ date_of_birth: card.fields.birthYymmdd, expiry_date: card.fields.expiryYymmdd });
    expect(read.sex).toBe(card.fields.sex === '<' ? 'X' : card.fields.sex);
    expect(Object.keys(read.geometry ?? {})).toEqual(['mrz.line1', 'mrz.line2', 'mrz.line3']);
  }, 60_000);

  it('is refused by the passport endpoint, which names the id-card endpoint', async () => {
    const refusal = await extractor().extract(request(passportPlugin, bytes)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ProblemError);
    expect((refusal as ProblemError).code).toBe('wrong_document_type');
    expect((refusal as ProblemError).extensions['likely_document_type']).toBe('id-card');
  }, 120_000);
});
