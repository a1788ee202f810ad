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
  const file = openPrivately(config.DOCEX_DATA_DIR);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: async () => {
        const connection = new SqliteDatabase(file);
        // WAL lets readers run beside one writer; the busy timeout lets two processes share the file.
        connection.pragma('journal_mode = WAL');
        connection.pragma(`busy_timeout = ${busyTimeoutMs}`);
        connection.pragma('foreign_keys = ON');
        connection.pragma('synchronous = NORMAL');
        // SQLite gives -wal and -shm the main file's mode; these fix files an older version left readable.
        for (const suffix of ['-wal', '-shm']) chmodIfPresent(`${file}${suffix}`, 0o600);
        return connection;
      },
    }),
  });
  return { db, dialect: 'sqlite', busyTimeoutMs, destroy: () => db.destroy() };
}

/**
 * The ledger holds key hashes and every request's metadata: its directory is 0700 and its files 0600, whatever
 * the umask, and an existing installation is tightened on start. Returns the database file's path.
 */
function openPrivately(dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  const file = path.join(dataDir, sqliteFileName);
  // Created here with 0600 (mode then chmod, as the umask may mask the mode): SQLite copies it to -wal and -shm.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
  return file;
}

function chmodIfPresent(file: string, mode: number): void {
  try {
    fs.chmodSync(file, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
