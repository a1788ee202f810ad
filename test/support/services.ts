/** The outside services some suites need: a missing one fails with its name and the fix, not a socket stack. */
import { Redis } from 'ioredis';

const FIX = 'run `bash scripts/prepare-test-machine.sh` (npm run test:fresh does), or point the suite elsewhere';

/** Runs `connect`; a failure becomes "PostgreSQL is not reachable at URL (ECONNREFUSED): run ...". */
export async function reach<T>(service: 'PostgreSQL' | 'Redis', url: string, connect: () => Promise<T>): Promise<T> {
  try {
    return await connect();
  } catch (error) {
    const reason = (error as { code?: unknown }).code ?? (error as Error).message;
    const where = new URL(url);
    where.password = '';
    throw new Error(`${service} is not reachable at ${where.toString()} (${String(reason)}): ${FIX}.`, { cause: error });
  }
}

/** PINGs Redis once with a short timeout. */
export async function pingRedis(url: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  try {
    await reach('Redis', url, async () => {
      await client.connect();
      await client.ping();
    });
  } finally {
    client.disconnect();
  }
}
