/** A raw HTTP/1.1 client over a socket, for what supertest cannot do: send a body slowly, or send bad bytes. */
import net from 'node:net';

export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** Body bytes the client managed to hand to the socket before the server answered and closed. */
  readonly sent: number;
  /** The server ended or reset the connection. */
  readonly closed: boolean;
  /** Status codes of interim (1xx) answers before the final one. */
  readonly interim: readonly number[];
}

function parse(raw: string): Pick<RawAnswer, 'status' | 'headers' | 'body'> | null {
  // Skip interim 1xx answers.
  let text = raw;
  while (/^HTTP\/1\.1 1\d\d /.test(text) && text.includes('\r\n\r\n')) text = text.slice(text.indexOf('\r\n\r\n') + 4);
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine.split(' ')[1]);
  if (!Number.isInteger(status) || status < 200) return null;
  return { status, headers, body: text.slice(end + 4) };
}

/**
 * Sends `head` (request line and headers, CRLF-terminated, without the blank line unless included), then up to
 * `bodyBytes` of body as fast as the socket takes it (chunked framing when `chunked`), stopping when the answer
 * is complete or the server closes. Resolves once the socket is closed or `settleMs` after the answer.
 */
export function rawRequest(port: number, head: string, options: { bodyBytes?: number; chunked?: boolean; settleMs?: number; afterContinue?: string } = {}): Promise<RawAnswer> {
  const bodyBytes = options.bodyBytes ?? 0;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let sent = 0;
    let answered = false;
    let closed = false;
    let finished = false;
    const finish = (): void => {
      if (finished) return;
      finished = true;
      socket.destroy();
      const answer = parse(received);
      if (answer === null) reject(new Error(`no complete answer: ${JSON.stringify(received.slice(0, 200))}`));
      else resolve({ ...answer, sent, closed, interim: [...received.matchAll(/^HTTP\/1\.1 (1\d\d) /gm)].map((m) => Number(m[1])) });
    };
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = (): void => {
      while (!answered && !closed && sent < bodyBytes) {
        const size = Math.min(chunk.length, bodyBytes - sent);
        const piece = options.chunked ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), chunk.subarray(0, size), Buffer.from('\r\n')]) : chunk.subarray(0, size);
        sent += size;
        if (!socket.write(piece)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!answered && !closed && options.chunked && sent >= bodyBytes) socket.write('0\r\n\r\n');
    };
    socket.on('connect', () => {
      socket.write(head);
      pump();
    });
    socket.on('data', (data) => {
      received += data.toString('latin1');
      if (options.afterContinue !== undefined && /^HTTP\/1\.1 100 /.test(received) && sent === 0) {
        sent = options.afterContinue.length;
        socket.write(options.afterContinue);
      }
      const answer = parse(received);
      if (answer !== null && !answered) {
        const length = Number(answer.headers['content-length'] ?? -1);
        if (length >= 0 && Buffer.byteLength(answer.body, 'latin1') >= length) {
          answered = true;
          setTimeout(finish, options.settleMs ?? 500);
        }
      }
    });
    socket.on('error', () => {
      closed = true;
    });
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.on('end', () => {
      closed = true;
    });
  });
}
