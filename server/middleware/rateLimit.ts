/** Per-key rate limit with RateLimit-* headers on every authenticated response and 429 + Retry-After past it. */
import type { Middleware } from 'koa';
import { ProblemError } from '../../core/errors.ts';
import type { RateLimiter } from '../rateLimiter.ts';
import type { AppState } from '../state.ts';

export function rateLimit(limiter: RateLimiter, defaultPerMinute: number): Middleware<AppState> {
  return async (ctx, next) => {
    const principal = ctx.state.principal;
    if (principal === undefined) throw new Error('rateLimit must run after authenticate');
    const limit = principal.rateLimitPerMinute ?? defaultPerMinute;
    const outcome = await limiter.hit(principal.keyId, limit);
    ctx.set('RateLimit-Limit', String(outcome.limit));
    ctx.set('RateLimit-Remaining', String(outcome.remaining));
    ctx.set('RateLimit-Reset', String(outcome.resetSeconds));
    if (!outcome.allowed) {
      throw new ProblemError('rate_limited', `This key may make ${limit} requests a minute.`, {
        headers: { 'Retry-After': String(outcome.resetSeconds) },
        extensions: { limit, retry_after_seconds: outcome.resetSeconds },
      });
    }
    await next();
  };
}
