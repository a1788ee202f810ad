/**
 * Bodies are not read further than needed: an unauthenticated upload is answered 401 and the connection closed,
 * an oversized one 413 and closed, with or without Content-Length, before the client has sent it all.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../../core/credits/types.ts';
import type { OcrPort } from '../../core/ocr/types.ts';
import { buildTestApp, TEST_MAX_FILE_BYTES } from './appHarness.ts';
import { ledgerBackends } from './ledgerBackends.ts';
import { rawRequest } from './rawClient.ts';

// No request here gets as far as reading a document.
const noOcr: OcrPort = { recognize: () => Promise.reject(new Error('these tests never reach OCR')) };
const [sqlite] = ledgerBackends();
const TOTAL = 500 * 1024 * 1024;

let server: Server;
let port: number;
let ledger: Ledger;
let close: () => Promise<void>;
let key: string;
let saturated = false;

beforeAll(async () => {
  ({ ledger, close } = await sqlite!.open());
  key = (await ledger.createKey({ name: 'upload', credits: 5, scopes: ['extract'] })).key;
  const { server: handler } = await buildTestApp({ ledger, ocr: noOcr, saturated: () => saturated });
  server = createServer(handler);
  server.on('checkContinue', handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await close?.();
});

const head = (headers: Record<string, string>): string =>
  `POST /v1/documents/label HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

/** Bytes that fit in the loopback socket buffers: more than this sent means the server was reading. */
const BUFFERED = 64 * 1024 * 1024;

describe('bodies are cut off early', () => {
  it('an unauthenticated 500 MB upload: 401, Connection: close, and the body is not read', async () => {
    const answer = await rawRequest(port, head({ 'Content-Length': String(TOTAL) }), { bodyBytes: TOTAL });
    expect(answer.status).toBe(401);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'unauthorized' });
    expect(answer.headers['connection']).toBe('close');
    expect(answer.closed).toBe(true);
    expect(answer.sent).toBeLessThan(BUFFERED);
  });

  it('an unauthenticated chunked upload: the same', async () => {
    const answer = await rawRequest(port, head({ 'Transfer-Encoding': 'chunked' }), { bodyBytes: TOTAL, chunked: true });
    expect([answer.status, answer.headers['connection'], answer.closed]).toEqual([401, 'close', true]);
    expect(answer.sent).toBeLessThan(BUFFERED);
  });

  it('a declared Content-Length past the limit: 413 file_too_large before any body byte is read', async () => {
    const answer = await rawRequest(port, head({ Authorization: `Bearer ${key}`, 'Content-Length': String(TOTAL) }), { bodyBytes: TOTAL });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'file_too_large', max_bytes: TEST_MAX_FILE_BYTES });
    expect([answer.headers['connection'], answer.closed]).toEqual(['close', true]);
    expect(answer.sent).toBeLessThan(BUFFERED);
  });

  it('a chunked upload whose file passes the limit: 413 as soon as it does, then close', async () => {
    const preamble = '--b\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n';
    const answer = await rawRequest(
      port,
      head({ Authorization: `Bearer ${key}`, 'Transfer-Encoding': 'chunked' }) + `${preamble.length.toString(16)}\r\n${preamble}\r\n`,
      { bodyBytes: TOTAL, chunked: true },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'file_too_large' });
    expect([answer.headers['connection'], answer.closed]).toEqual(['close', true]);
    expect(answer.sent).toBeLessThan(BUFFERED);
  });

  it('Expect: 100-continue: a refused request is answered without 100, so the body is never sent', async () => {
    const refused = await rawRequest(port, head({ 'Content-Length': String(TOTAL), Expect: '100-continue' }));
    expect([refused.status, refused.interim]).toEqual([401, []]);
    const tooLarge = await rawRequest(port, head({ Authorization: `Bearer ${key}`, 'Content-Length': String(TOTAL), Expect: '100-continue' }));
    expect([tooLarge.status, tooLarge.interim]).toEqual([413, []]);
    // A request that passes the checks gets its 100 and is read (here: an empty form, so a missing file).
    const body = '--b--\r\n';
    const accepted = await rawRequest(port, head({ Authorization: `Bearer ${key}`, 'Content-Length': String(body.length), Expect: '100-continue' }), { afterContinue: body, settleMs: 50 });
    expect([accepted.interim, accepted.status]).toEqual([[100], 400]);
  });

  it('a full extraction queue: 503 service_unavailable with Retry-After before the body is read, then close', async () => {
    saturated = true;
    try {
      const answer = await rawRequest(port, head({ Authorization: `Bearer ${key}`, 'Content-Length': String(TOTAL) }), { bodyBytes: TOTAL });
      expect([answer.status, answer.headers['retry-after'], answer.headers['connection'], answer.closed]).toEqual([503, '2', 'close', true]);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'service_unavailable' });
      expect(answer.sent).toBeLessThan(BUFFERED);
    } finally {
      saturated = false;
    }
  });

  it('nothing was charged or held by any of them', async () => {
    const principal = await ledger.authenticate(key);
    expect(await ledger.balance(principal!.keyId)).toBe(5);
  });
});
