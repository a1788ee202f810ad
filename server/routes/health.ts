/** Liveness (the process answers) and readiness (database reachable, OCR pool up, not shutting down). */
import type Router from '@koa/router';
import { ProblemError } from '../../core/errors.ts';
import type { AppState } from '../state.ts';

export type Readiness = () => boolean | Promise<boolean>;

export function registerHealthRoutes(router: Router<AppState>, readiness: Readiness): void {
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const ready = await Promise.resolve()
      .then(readiness)
      .catch(() => false);
    if (!ready) throw new ProblemError('service_unavailable', 'Starting up or shutting down.');
    ctx.body = { status: 'ready' };
  });
}
