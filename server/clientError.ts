/**
 * Errors Node's HTTP parser meets before the app sees a request (bad bytes, headers too large, a request not
 * received in time) answered as problem+json too, where the socket still permits an answer; otherwise the
 * socket is dropped, as Node would.
 */
import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { problemCodes, problemTypeUri, type ProblemCode } from '../core/errors.ts';
import type { Logger } from '../core/logging/logger.ts';

/** Pure: the problem for a parser error code. */
export function clientErrorProblem(code: string | undefined): { code: ProblemCode; detail: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { code: 'header_too_large', detail: 'The request line and headers exceed the size this server reads.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'HPE_HEADERS_TIMEOUT':
      return { code: 'request_incomplete', detail: 'The request was not received completely in time.' };
    default:
      return { code: 'invalid_request', detail: 'The request is not valid HTTP/1.1.' };
  }
}

export function handleClientError(logger: Pick<Logger, 'debug'>): (error: Error & { code?: string }, socket: Duplex) => void {
  return (error, socket) => {
    // A reset connection has nobody to answer; an answer already under way cannot be replaced.
    const responding = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (error.code === 'ECONNRESET' || !socket.writable || responding) {
      socket.destroy();
      return;
    }
    const { code, detail } = clientErrorProblem(error.code);
    const { status, title } = problemCodes[code];
    const instance = randomUUID();
    const body = JSON.stringify({ type: problemTypeUri(code), title, status, detail, code, instance });
    logger.debug({ code, parser_error: error.code ?? null, request_id: instance }, 'client error before routing');
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${instance}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}
