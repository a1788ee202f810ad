/**
 * A request answered before its body was read (a 401, a 413, any early refusal) gets `Connection: close`, and the
 * rest of its body is not read: by default Node drains an unread body to keep the connection alive, so a 500 MB
 * upload refused at its first byte would still be received in full.
 */
import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import type { AppState } from '../state.ts';

/** After the answer, the client gets this long to read it before the socket is closed under it. */
const LINGER_MS = 2_000;

const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

export function closeUnreadBody(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const { req, res } = ctx;
      if (hasBody(req) && !req.complete && !res.headersSent) {
        ctx.set('Connection', 'close');
        const socket = req.socket;
        // Node destroys a `Connection: close` socket as soon as the answer is written; with body bytes still
        // unread that sends a TCP reset, which can discard the answer at the client before it is read. Send
        // FIN instead and keep the socket, not reading, for a linger.
        (socket as { destroySoon?: () => void }).destroySoon = () => socket.end();
        res.once('finish', () => {
          // Stop reading (Node would otherwise resume the request to drain it).
          socket.pause();
          const cut = setTimeout(() => socket.destroy(), LINGER_MS);
          cut.unref();
          socket.once('close', () => clearTimeout(cut));
        });
      }
    }
  };
}
