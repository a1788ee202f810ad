/**
 * Runs `work` in one write transaction. On SQLite the write lock is taken up front (BEGIN IMMEDIATE) so a
 * read-then-write cannot fail half way, and waiting for another connection's lock happens asynchronously:
 * better-sqlite3 is synchronous, so SQLite's own busy wait would freeze the event loop (and, when the lock holder
 * lives in the same process, wait for a lock that can never be released).
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from './createDatabase.ts';
import type { Database } from './schema.ts';

const lockWaitLimitMs = 15_000;

/**
 * PostgreSQL: every write transaction holds this advisory lock shared; a global read of the log takes it
 * exclusively, which waits for the writers in flight (and makes new ones queue behind it) for the read's length.
 */
const EVENTS_LOCK_KEY = 0x646f636578; // 'docex'

export async function lockEventsExclusively(trx: Kysely<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${EVENTS_LOCK_KEY})`.execute(trx);
}

export async function writeTransaction<T>(
  handle: DatabaseHandle,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (handle.dialect === 'postgres') {
    return handle.db.transaction().execute(async (trx) => {
      // Taken first, before any row lock, so that waiting for it never holds anything another writer needs.
      await sql`select pg_advisory_xact_lock_shared(${EVENTS_LOCK_KEY})`.execute(trx);
      return work(trx);
    });
  }
  return handle.db.connection().execute(async (connection) => {
    await beginImmediate(connection, handle.busyTimeoutMs);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

async function beginImmediate(connection: Kysely<Database>, busyTimeoutMs: number): Promise<void> {
  const deadline = Date.now() + lockWaitLimitMs;
  await sql.raw('pragma busy_timeout = 0').execute(connection);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await sql`begin immediate`.execute(connection);
        return;
      } catch (error) {
        if (!isSqliteBusy(error) || Date.now() > deadline) throw error;
        await sleep(Math.random() * Math.min(50, 2 + attempt * 2));
      }
    }
  } finally {
    await sql.raw(`pragma busy_timeout = ${busyTimeoutMs}`).execute(connection);
  }
}

export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
