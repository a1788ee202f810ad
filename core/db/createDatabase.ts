/** Opens the one database: SQLite under DOCEX_DATA_DIR by default, PostgreSQL when DATABASE_URL is set. */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database, Dialect } from './schema.ts';

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** SQLite only: the busy timeout restored after a write transaction has its lock (see writeTransaction). */
  readonly busyTimeoutMs: number;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** How long a SQLite statement waits for another process's lock (migrations, ad-hoc writes). */
  readonly busyTimeoutMs?: number;
  /** PostgreSQL pool size. */
  readonly poolSize?: number;
  /**
   * An idle pooled PostgreSQL connection failed (server restart, admin termination). The pool replaces it on the
   * next query; without a listener the error would crash the process.
   */
  readonly onIdleConnectionError?: (error: Error) => void;
}

export const sqliteFileName = 'docex.sqlite';

export function createDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DOCEX_DATA_DIR'>,
  options: DatabaseOptions = {},
): DatabaseHandle {
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  if (config.DATABASE_URL !== undefined) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: options.poolSize ?? 10 });
    pool.on('error', options.onIdleConnectionError ?? (() => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', busyTimeoutMs, destroy: () => db.destroy() };
  }
  fs.mkdirSync(config.DOCEX_DATA_DIR, { recursive: true });
  const file = path.join(config.DOCEX_DATA_DIR, sqliteFileName);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: async () => {
        const connection = new SqliteDatabase(file);
        // WAL lets readers run beside one writer; the busy timeout lets two processes share the file.
        connection.pragma('journal_mode = WAL');
        connection.pragma(`busy_timeout = ${busyTimeoutMs}`);
        connection.pragma('foreign_keys = ON');
        connection.pragma('synchronous = NORMAL');
        return connection;
      },
    }),
  });
  return { db, dialect: 'sqlite', busyTimeoutMs, destroy: () => db.destroy() };
}
