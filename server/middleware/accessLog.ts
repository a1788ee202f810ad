/** One line per request: method, route path (no query string), status, time, key id. Nothing from the body. */
import { performance } from 'node:perf_hooks';
import type { Middleware } from 'koa';
import type { Logger } from '../../core/logging/logger.ts';
import type { AppState } from '../state.ts';

export function accessLog(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const start = performance.now();
    try {
      await next();
    } finally {
      const status = ctx.status;
      const level = status >= 500 ? 'error' : 'info';
      logger[level](
        {
          method: ctx.method,
          path: ctx.path,
          status,
          duration_ms: Math.round(performance.now() - start),
          key_id: ctx.state.principal?.keyId ?? null,
          request_bytes: Number(ctx.get('content-length')) || 0,
          response_bytes: ctx.response.length ?? null,
        },
        'request',
      );
    }
  };
}
