/**
 * Turns every failure below it into `application/problem+json`, and the router's bare 404/405 into problems too.
 * Headers set before the failure (request id, RateLimit-*, Allow) stay on the response.
 */
import type { Middleware } from 'koa';
import { ProblemError } from '../../core/errors.ts';
import { PluginHookError } from '../../core/extraction/pluginHookError.ts';
import type { Logger } from '../../core/logging/logger.ts';
import { toProblem } from '../problem.ts';
import type { AppState } from '../state.ts';

export function problemJson(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    let failure: unknown = null;
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) {
        if (ctx.status === 404) failure = new ProblemError('not_found', `No route for ${ctx.method} ${ctx.path}.`);
        if (ctx.status === 405 || ctx.status === 501) {
          failure = new ProblemError('method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}.`);
        }
      }
    } catch (error) {
      failure = error;
    }
    if (failure === null) return;
    const reply = toProblem(failure, ctx.state.requestId);
    if (reply.status >= 500) {
      const hook = failure instanceof PluginHookError ? { plugin: failure.plugin, hook: failure.hook } : {};
      logger.error({ err: failure, code: reply.body.code, ...hook }, 'request failed');
    }
    ctx.status = reply.status;
    for (const [name, value] of Object.entries(reply.headers)) ctx.set(name, value);
    ctx.type = 'application/problem+json';
    ctx.body = reply.body;
  };
}
