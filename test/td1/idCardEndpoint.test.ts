/**
 * POST /v1/documents/id-card over HTTP, as the service runs it when DOCEX_PLUGINS names td1: the real app, OCR pool
 * and ledger; a card the fixture generator draws (fictitious holder). One credit per image, charged on success only.
 */
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../../core/credits/types.ts';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';
import { idCardWithTruth } from '../../fixtures/negativesSet.ts';
import { photograph } from '../../fixtures/photograph.ts';
import { createRandom } from '../../fixtures/random.ts';
import { blankPng } from '../plugins/labelImages.ts';
import { buildTestApp } from '../server/appHarness.ts';
import { ledgerBackends } from '../server/ledgerBackends.ts';

const backend = ledgerBackends()[0]!;
let pool: OcrPool;
let ledger: Ledger;
let close: () => Promise<void>;
let harness: Awaited<ReturnType<typeof buildTestApp>>;
let key: string;
const random = createRandom(21);
const card = idCardWithTruth(random.fork('card'));
let jpeg: Buffer;

beforeAll(async () => {
  pool = createOcrPool({ workers: 1 });
  ({ ledger, close } = await backend.open());
  harness = await buildTestApp({ ledger, ocr: pool, plugins: ['passport', 'pan', 'td1'] });
  key = (await ledger.createKey({ name: 'id cards', credits: 5, scopes: ['extract'] })).key;
  const shot = await photograph(card.image, 'photo', random.fork('photo'), { longSidePx: 1800 });
  jpeg = await sharp(shot.bytes).jpeg({ quality: 85 }).toBuffer();
  await pool.ready();
});
afterAll(async () => {
  await close?.();
  await pool?.terminate();
});

const post = (type: string) => request(harness.server).post(`/v1/documents/${type}`).set('Authorization', `Bearer ${key}`);

describe('POST /v1/documents/id-card', () => {
  it('reads the card for one credit', async () => {
    const res = await post('id-card').attach('file', jpeg, 'card.jpg');
    expect(res.status).toBe(200);
    expect(res.headers['x-credits-charged']).toBe('1');
    expect([res.body.mrz.line1, res.body.mrz.line2, res.body.mrz.line3]).toEqual(card.lines);
    expect(res.body).toMatchObject({ document_number: card.fields.documentNumber, mrz: { check_digits_valid: true } });
  }, 60_000);

  it('refuses a blank page free of charge, and names it in /openapi.json', async () => {
    const res = await post('id-card').attach('file', await blankPng(), 'blank.png');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('unreadable_document');
    expect(res.headers['x-credits-charged']).toBeUndefined();
    const openapi = await request(harness.server).get('/openapi.json');
    expect(Object.keys(openapi.body.paths)).toContain('/v1/documents/id-card');
  }, 60_000);

  it('is answered from the passport endpoint with the way to it', async () => {
    const res = await post('passport').attach('first_page', jpeg, 'card.jpg');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'wrong_document_type', likely_document_type: 'id-card', hint: 'Send it to POST /v1/documents/id-card.' });
  }, 60_000);
});
