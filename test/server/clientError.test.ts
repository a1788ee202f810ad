/** Errors Node raises before the app runs come back as problem+json: 400 bad bytes, 431 headers, 408 too slow. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemTypeUri } from '../../core/errors.ts';
import { createLogger } from '../../core/logging/logger.ts';
import { clientErrorProblem, handleClientError } from '../../server/clientError.ts';
import { rawRequest } from './rawClient.ts';

let server: Server;
let port: number;

beforeAll(async () => {
  // Short timeouts and a fast check interval so a slow request is timed out within the test.
  server = createServer({ requestTimeout: 400, headersTimeout: 300, connectionsCheckingInterval: 50 }, (_req, res) => res.end('ok'));
  server.on('clientError', handleClientError(createLogger({ level: 'silent' })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

function expectProblemAnswer(answer: Awaited<ReturnType<typeof rawRequest>>, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/problem+json');
  expect(answer.headers['connection']).toBe('close');
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(body).toMatchObject({ type: problemTypeUri(code as never), status, code, instance: answer.headers['x-request-id'] });
  expect(typeof body['title']).toBe('string');
  expect(typeof body['detail']).toBe('string');
  expect(answer.closed).toBe(true);
}

describe('clientError', () => {
  it('a well-formed request still reaches the handler', async () => {
    const answer = await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', { settleMs: 50 });
    expect([answer.status, answer.body]).toEqual([200, 'ok']);
  });

  it('bad bytes in a header name: 400 invalid_request', async () => {
    expectProblemAnswer(await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\nBad\x01Name: y\r\n\r\n'), 400, 'invalid_request');
  });

  it('a request line that is not HTTP: 400 invalid_request', async () => {
    expectProblemAnswer(await rawRequest(port, 'HELLO THERE\r\n\r\n'), 400, 'invalid_request');
  });

  it('headers past the size Node reads: 431 header_too_large', async () => {
    const answer = await rawRequest(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectProblemAnswer(answer, 431, 'header_too_large');
  });

  it('headers that never finish: 408 request_incomplete once the server gives up', async () => {
    expectProblemAnswer(await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\n'), 408, 'request_incomplete');
  });

  it('maps parser codes to problems', () => {
    expect(clientErrorProblem('HPE_HEADER_OVERFLOW').code).toBe('header_too_large');
    expect(clientErrorProblem('ERR_HTTP_REQUEST_TIMEOUT').code).toBe('request_incomplete');
    expect(clientErrorProblem('HPE_INVALID_METHOD').code).toBe('invalid_request');
    expect(clientErrorProblem(undefined).code).toBe('invalid_request');
  });
});
