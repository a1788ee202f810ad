/**
 * The HTTP contract end to end: supertest against createApp with the real OCR pool, the real imaging loader and the
 * real ledger on every database backend the test support provides.
 */
import { PDFDocument } from 'pdf-lib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../../core/credits/types.ts';
import { problemCodes, problemTypeUri } from '../../core/errors.ts';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';
import { blankPng, labelPng, noisePng } from '../plugins/labelImages.ts';
import { buildTestApp, TEST_MAX_FILE_BYTES } from './appHarness.ts';
import { ledgerBackends } from './ledgerBackends.ts';

let pool: OcrPool;
const images: Record<'label' | 'other' | 'blank' | 'big', Buffer> = {} as never;
let fourPagePdf: Buffer;

beforeAll(async () => {
  pool = createOcrPool({ workers: 1 });
  const pdf = await PDFDocument.create();
  for (let i = 0; i < 4; i += 1) pdf.addPage([200, 200]).drawText(`PAGE ${i + 1}`, { x: 20, y: 100, size: 24 });
  fourPagePdf = Buffer.from(await pdf.save());
  images.label = await labelPng(['ZEBRA QUOKKA 4711']);
  images.other = await labelPng(['HARBOUR LANTERN 815']);
  images.blank = await blankPng();
  images.big = await noisePng(400, 400);
  await pool.ready();
});
afterAll(async () => {
  await pool?.terminate();
});

/** RFC 9457 shape, with our `code` and the request id as `instance`. */
function expectProblem(res: request.Response, code: keyof typeof problemCodes): void {
  expect(res.status).toBe(problemCodes[code].status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({
    type: problemTypeUri(code),
    title: problemCodes[code].title,
    status: problemCodes[code].status,
    code,
    instance: res.headers['x-request-id'],
  });
  if (res.status >= 500) expect(res.body.detail).toBeUndefined();
  else expect(typeof res.body.detail).toBe('string');
}

describe.each(ledgerBackends())('app over $name', (backend) => {
  let ledger: Ledger;
  let close: () => Promise<void>;
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  const keys: Record<'extract' | 'audit' | 'poor' | 'slow', string> = {} as never;

  beforeAll(async () => {
    ({ ledger, close } = await backend.open());
    harness = await buildTestApp({ ledger, ocr: pool });
    keys.extract = (await ledger.createKey({ name: 'extract', credits: 10, scopes: ['extract'] })).key;
    keys.audit = (await ledger.createKey({ name: 'audit', credits: 0, scopes: ['audit'] })).key;
    keys.poor = (await ledger.createKey({ name: 'poor', credits: 1, scopes: ['extract'] })).key;
    keys.slow = (await ledger.createKey({ name: 'slow', credits: 0, scopes: ['extract'], rateLimitPerMinute: 2 })).key;
  });
  afterAll(async () => {
    await close?.();
  });

  const post = (key: string | null, type = 'label') => {
    const req = request(harness.server).post(`/v1/documents/${type}`);
    return key === null ? req : req.set('Authorization', `Bearer ${key}`);
  };

  describe('authentication', () => {
    it('401 without a key, with WWW-Authenticate: Bearer', async () => {
      const res = await post(null).attach('file', images.label, 'label.png');
      expectProblem(res, 'unauthorized');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
    });

    it('401 with an unknown key', async () => {
      const res = await post('dx_not_a_real_key_0000').attach('file', images.label, 'label.png');
      expectProblem(res, 'unauthorized');
      expect(res.headers['www-authenticate']).toMatch(/invalid_token/);
    });

    it('403 when the key lacks the extract scope', async () => {
      const res = await post(keys.audit).attach('file', images.label, 'label.png');
      expectProblem(res, 'forbidden');
      expect(res.headers['ratelimit-limit']).toBe('1000');
    });
  });

  describe('extraction', () => {
    it('200 with the result, credit headers, request id echo and RateLimit-*', async () => {
      const res = await post(keys.extract).set('X-Request-Id', 'test-req-0001').attach('file', images.label, 'label.png');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ text: 'ZEBRA QUOKKA 4711', words: 3, pages: 1 });
      expect(res.headers['x-request-id']).toBe('test-req-0001');
      expect(res.headers['x-credits-charged']).toBe('1');
      expect(res.headers['x-credits-remaining']).toBe('9');
      expect(res.headers['ratelimit-limit']).toBe('1000');
      expect(Number(res.headers['ratelimit-remaining'])).toBeLessThan(1000);
      expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    });

    it('never logs an extracted value', async () => {
      const res = await post(keys.extract).attach('file', images.other, 'other.png');
      expect(res.status).toBe(200);
      expect(res.body.text).toBe('HARBOUR LANTERN 815');
      const logs = harness.logs.text;
      expect(logs).toContain('extraction completed');
      for (const value of ['HARBOUR', 'LANTERN', 'ZEBRA', 'QUOKKA', keys.extract]) expect(logs).not.toContain(value);
    });

    it('puts the request id on every log line of a request', async () => {
      await post(keys.extract).set('X-Request-Id', 'trace-me-42').attach('file', images.blank, 'blank.png');
      const lines = harness.logs.lines.filter((line) => line.includes('trace-me-42'));
      expect(lines.length).toBeGreaterThanOrEqual(3);
      for (const line of lines) expect(JSON.parse(line).request_id).toBe('trace-me-42');
    });

    it('400 missing_file when the required part is absent', async () => {
      const res = await post(keys.extract).attach('back', images.label, 'back.png');
      expectProblem(res, 'missing_file');
    });

    it('400 missing_file for an empty body, invalid_request for a JSON body', async () => {
      expectProblem(await post(keys.extract), 'missing_file');
      expectProblem(await post(keys.extract).send({ file: 'x' }), 'invalid_request');
    });

    it('400 unexpected_file for a part the plugin does not declare', async () => {
      const res = await post(keys.extract).attach('file', images.label, 'a.png').attach('selfie', images.label, 'b.png');
      expectProblem(res, 'unexpected_file');
    });

    it('415 for a text file', async () => {
      const res = await post(keys.extract).attach('file', Buffer.from('hello, not an image\n'), 'note.txt');
      expectProblem(res, 'unsupported_media_type');
    });

    it('413 file_too_large past DOCEX_MAX_FILE_BYTES', async () => {
      expect(images.big.length).toBeGreaterThan(TEST_MAX_FILE_BYTES);
      const res = await post(keys.extract).attach('file', images.big, 'big.png');
      expectProblem(res, 'file_too_large');
    });

    it('413 too_many_pages past the page limit', async () => {
      const res = await post(keys.extract).attach('file', fourPagePdf, 'four.pdf');
      expectProblem(res, 'too_many_pages');
    });

    it('422 with a hint when the plugin refuses the document, and nothing is charged', async () => {
      const before = (await request(harness.server).get('/v1/usage').set('Authorization', `Bearer ${keys.extract}`)).body;
      const res = await post(keys.extract).attach('file', images.blank, 'blank.png');
      expectProblem(res, 'unreadable_document');
      expect(res.body.hint).toBe('The label looks blank.');
      const after = (await request(harness.server).get('/v1/usage').set('Authorization', `Bearer ${keys.extract}`)).body;
      expect(after.credits_remaining).toBe(before.credits_remaining);
    });

    it('402 insufficient_credits before any OCR, with required and available', async () => {
      const res = await post(keys.poor)
        .attach('file', images.label, 'a.png')
        .attach('back', images.other, 'b.png');
      expectProblem(res, 'insufficient_credits');
      expect(res.body).toMatchObject({ required: 2, available: 1 });
    });

    it('a retry with the same Idempotency-Key and bytes is not charged; other bytes are a 409', async () => {
      const idem = `retry-${backend.name}-1`;
      const first = await post(keys.extract).set('Idempotency-Key', idem).attach('file', images.label, 'a.png');
      const second = await post(keys.extract).set('Idempotency-Key', idem).attach('file', images.label, 'a.png');
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(first.headers['x-credits-charged']).toBe('1');
      expect(second.headers['x-credits-charged']).toBe('0');
      expect(second.headers['x-credits-remaining']).toBe(first.headers['x-credits-remaining']);
      expect(second.body).toEqual(first.body);
      const reuse = await post(keys.extract).set('Idempotency-Key', idem).attach('file', images.other, 'b.png');
      expectProblem(reuse, 'idempotency_conflict');
    });

    it('400 for a malformed Idempotency-Key', async () => {
      const res = await post(keys.extract).set('Idempotency-Key', 'has spaces in it').attach('file', images.label, 'a.png');
      expectProblem(res, 'invalid_request');
    });
  });

  describe('rate limit', () => {
    it('429 with Retry-After on the 3rd call of a 2-a-minute key', async () => {
      const call = () => request(harness.server).get('/v1/usage').set('Authorization', `Bearer ${keys.slow}`);
      const first = await call();
      const second = await call();
      const third = await call();
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.headers['ratelimit-limit']).toBe('2');
      expect(second.headers['ratelimit-remaining']).toBe('0');
      expectProblem(third, 'rate_limited');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(third.headers['ratelimit-remaining']).toBe('0');
    });
  });

  describe('usage and audit', () => {
    it('GET /v1/usage returns the key balance and counts', async () => {
      const res = await request(harness.server).get('/v1/usage').set('Authorization', `Bearer ${keys.extract}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(
        [
          'credits_available',
          'credits_granted',
          'credits_held',
          'credits_remaining',
          'credits_used',
          'key_id',
          'requests_by_document_type',
          'requests_by_outcome',
        ].sort(),
      );
      expect(res.body.credits_granted).toBe(10);
      expect(res.body.credits_used + res.body.credits_remaining).toBe(10);
      expect(res.body.credits_used).toBeGreaterThan(0);
    });

    it('GET /v1/audit/events needs the audit scope', async () => {
      const res = await request(harness.server).get('/v1/audit/events').set('Authorization', `Bearer ${keys.extract}`);
      expectProblem(res, 'forbidden');
    });

    it('pages through events with next_cursor, and NDJSON streams the same events in one response', async () => {
      const audit = (query: string, accept = 'application/json') =>
        request(harness.server).get(`/v1/audit/events${query}`).set('Authorization', `Bearer ${keys.audit}`).set('Accept', accept);
      const paged: unknown[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await audit(`?limit=3${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
        expect(res.status).toBe(200);
        expect(res.body.events.length).toBeLessThanOrEqual(3);
        paged.push(...res.body.events);
        cursor = res.body.next_cursor;
        pages += 1;
      } while (cursor !== null && pages < 100);
      expect(pages).toBeGreaterThan(1);
      const ndjson = await audit('?limit=3', 'application/x-ndjson');
      expect(ndjson.status).toBe(200);
      expect(ndjson.headers['content-type']).toMatch(/^application\/x-ndjson/);
      const streamed = ndjson.text.trim().split('\n').map((line) => JSON.parse(line) as unknown);
      expect(streamed).toEqual(paged);
      const byFormat = await audit('?limit=2&format=ndjson');
      expect(byFormat.text.trim().split('\n')).toHaveLength(streamed.length);
    });

    it('filters by type (repeatable or comma list) and rejects a bad limit', async () => {
      const audit = (query: string) =>
        request(harness.server).get(`/v1/audit/events${query}`).set('Authorization', `Bearer ${keys.audit}`);
      const failed = await audit('?type=ExtractionFailed&limit=1000');
      expect(failed.status).toBe(200);
      expect(failed.body.events.length).toBeGreaterThan(0);
      expect(new Set(failed.body.events.map((event: { type: string }) => event.type))).toEqual(new Set(['ExtractionFailed']));
      const both = await audit('?type=ExtractionFailed,ExtractionCompleted&limit=1000');
      const repeated = await audit('?type=ExtractionFailed&type=ExtractionCompleted&limit=1000');
      expect(repeated.body.events).toEqual(both.body.events);
      expect(both.body.events.length).toBeGreaterThan(failed.body.events.length);
      expectProblem(await audit('?limit=5000'), 'invalid_request');
    });

    it('records no extracted value in any event', async () => {
      const res = await request(harness.server)
        .get('/v1/audit/events?format=ndjson')
        .set('Authorization', `Bearer ${keys.audit}`);
      expect(res.text).toContain('ExtractionCompleted');
      for (const value of ['ZEBRA', 'QUOKKA', 'HARBOUR', 'LANTERN']) expect(res.text).not.toContain(value);
    });
  });
});

describe('routes without a database', () => {
  it('serves /openapi.json with both document endpoints, the problem schema and bearer security', async () => {
    const { server } = await buildTestApp({ ledger: unusedLedger(), ocr: pool });
    const res = await request(server).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/v1/documents/passport', '/v1/documents/pan', '/v1/usage', '/v1/audit/events', '/healthz', '/readyz']),
    );
    expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(res.body.components.schemas.Problem.properties.code.enum).toEqual(Object.keys(problemCodes));
    const pan = res.body.paths['/v1/documents/pan'].post;
    expect(pan.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(pan.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/PanResult');
    expect(res.body.components.schemas.PanResult.properties.pan_number).toBeDefined();
    expect(pan.responses['402'].description).toContain('insufficient_credits');
    const refs = JSON.stringify(res.body).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      const path = ref.slice(8, -1).replace(/^#\//, '').split('/');
      const target = path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], res.body);
      expect(target, ref).toBeDefined();
    }
  });

  it('answers /healthz, and /readyz by the readiness function', async () => {
    let ready = false;
    const { server } = await buildTestApp({ ledger: unusedLedger(), ocr: pool, readiness: () => ready });
    expect((await request(server).get('/healthz')).status).toBe(200);
    expectProblem(await request(server).get('/readyz'), 'service_unavailable');
    ready = true;
    const res = await request(server).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
  });

  it('404 not_found for an unknown route or document type, 405 for a wrong method', async () => {
    const { server } = await buildTestApp({ ledger: unusedLedger(), ocr: pool });
    expectProblem(await request(server).get('/nope'), 'not_found');
    expectProblem(await request(server).post('/v1/documents/visa'), 'not_found');
    const wrong = await request(server).get('/v1/documents/pan');
    expectProblem(wrong, 'method_not_allowed');
    expect(wrong.headers['allow']).toContain('POST');
  });

  it('makes a new request id when the given one is unusable', async () => {
    const { server } = await buildTestApp({ ledger: unusedLedger(), ocr: pool });
    const res = await request(server).get('/healthz').set('X-Request-Id', 'bad id with spaces');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

/** For routes that must not touch the ledger: any call fails the test. */
function unusedLedger(): Ledger {
  return new Proxy({} as Ledger, {
    get: (_target, property) => () => {
      throw new Error(`ledger.${String(property)} must not be called here`);
    },
  });
}
