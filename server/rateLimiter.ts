/**
 * Per-key request limits over a fixed 60-second window, kept in memory or (REDIS_URL) in Redis so several
 * instances share them. One rate-limiter-flexible limiter per distinct per-minute limit.
 */
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window resets. */
  readonly resetSeconds: number;
}

export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  hit(key: string, limitPerMinute: number): Promise<RateLimitDecision>;
}

const WINDOW_SECONDS = 60;

function decision(res: RateLimiterRes, limit: number, allowed: boolean): RateLimitDecision {
  return {
    allowed,
    limit,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

/** `redis` given: limits live in Redis (shared); otherwise in this process. */
export function createRateLimiter(options: { redis?: Redis | null; keyPrefix?: string } = {}): RateLimiter {
  const limiters = new Map<number, RateLimiterAbstract>();
  const prefix = options.keyPrefix ?? 'docex:ratelimit';
  const redis = options.redis ?? null;
  const limiterFor = (points: number): RateLimiterAbstract => {
    let limiter = limiters.get(points);
    if (limiter === undefined) {
      const base = { points, duration: WINDOW_SECONDS, keyPrefix: `${prefix}:${points}` };
      limiter =
        redis === null
          ? new RateLimiterMemory(base)
          : new RateLimiterRedis({ ...base, storeClient: redis, useRedisPackage: false });
      limiters.set(points, limiter);
    }
    return limiter;
  };
  return {
    kind: redis === null ? 'memory' : 'redis',
    async hit(key, limitPerMinute) {
      try {
        return decision(await limiterFor(limitPerMinute).consume(key, 1), limitPerMinute, true);
      } catch (outcome) {
        // rate-limiter-flexible rejects with a RateLimiterRes when over the limit, with an Error on store failure.
        if (outcome instanceof RateLimiterRes) return decision(outcome, limitPerMinute, false);
        throw outcome;
      }
    },
  };
}
