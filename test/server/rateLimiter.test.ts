/** Per-key fixed-window limits, in memory and in Redis (shared by several instances). */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRateLimiter, type RateLimiter } from '../../server/rateLimiter.ts';
import { pingRedis } from '../support/services.ts';

const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const clients: Redis[] = [];

async function redisClient(): Promise<Redis | null> {
  const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 1000, retryStrategy: () => null });
  try {
    await client.connect();
    clients.push(client);
    return client;
  } catch {
    client.disconnect();
    return null;
  }
}

const redis = await redisClient();
const prefix = `docex-test:${randomUUID()}`;
afterAll(async () => {
  for (const client of clients) {
    const stale = await client.keys(`${prefix}*`);
    if (stale.length > 0) await client.del(...stale);
    client.disconnect();
  }
});

const backends: { name: string; make: () => RateLimiter }[] = [
  { name: 'memory', make: () => createRateLimiter() },
  ...(redis === null
    ? []
    : [{ name: 'redis', make: () => createRateLimiter({ redis, keyPrefix: `${prefix}:${randomUUID()}` }) }]),
];
// A machine without Redis fails here by name rather than passing with the shared-limit cases unrun.
it('has Redis to test the shared limits against', async () => {
  if (redis === null) await pingRedis(redisUrl);
});

describe.each(backends)('rate limiter ($name)', ({ make }) => {
  it('allows `limit` hits a minute per key, then refuses with a reset time', async () => {
    const limiter = make();
    const hits = [];
    for (let i = 0; i < 4; i += 1) hits.push(await limiter.hit('key-a', 3));
    expect(hits.map((hit) => hit.allowed)).toEqual([true, true, true, false]);
    expect(hits.map((hit) => hit.remaining)).toEqual([2, 1, 0, 0]);
    expect(hits[3]?.resetSeconds).toBeGreaterThan(0);
    expect(hits[3]?.resetSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.hit('key-b', 3)).allowed).toBe(true);
  });

  it('keeps different per-key limits apart', async () => {
    const limiter = make();
    expect((await limiter.hit('key-c', 1)).allowed).toBe(true);
    expect((await limiter.hit('key-c', 1)).allowed).toBe(false);
    const generous = await limiter.hit('key-d', 100);
    expect(generous).toMatchObject({ allowed: true, limit: 100, remaining: 99 });
  });
});

describe.runIf(redis !== null)('rate limiter shared through Redis', () => {
  it('counts hits from two instances against one limit', async () => {
    const shared = `${prefix}:shared`;
    const other = await redisClient();
    const one = createRateLimiter({ redis, keyPrefix: shared });
    const two = createRateLimiter({ redis: other, keyPrefix: shared });
    expect(one.kind).toBe('redis');
    const outcomes = [await one.hit('k', 2), await two.hit('k', 2), await one.hit('k', 2)];
    expect(outcomes.map((outcome) => outcome.allowed)).toEqual([true, true, false]);
  });
});
