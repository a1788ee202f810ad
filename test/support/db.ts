/**
 * Databases for tests: a fresh SQLite file, and a fresh PostgreSQL database on the local server (127.0.0.1:5432,
 * trust auth; override with DOCEX_TEST_PG_URL). Every store and ledger suite runs over both.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../core/db/createDatabase.ts';
import { migrateToLatest } from '../../core/db/migrateToLatest.ts';
import { reach } from './services.ts';

export const pgAdminUrl = process.env['DOCEX_TEST_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  readonly handle: DatabaseHandle;
  /** The config that opens the same database again (another "instance"). */
  readonly config: { DATABASE_URL?: string; DOCEX_DATA_DIR: string };
  drop(): Promise<void>;
}

export interface TestDialect {
  readonly name: 'sqlite' | 'postgres';
  create(): Promise<TestDatabase>;
}

/** A URL for a database of this name on the test server. */
function databaseUrl(name: string): string {
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates an empty PostgreSQL database and returns its URL and a function that drops it. */
export async function createPgDatabase(prefix = 'docex_test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await reach('PostgreSQL', pgAdminUrl, () => admin.connect());
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(name),
    async drop() {
      const client = new pg.Client({ connectionString: pgAdminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export const testDialects: readonly TestDialect[] = [
  {
    name: 'sqlite',
    async create() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docex-db-'));
      const config = { DOCEX_DATA_DIR: dir };
      const handle = createDatabase(config);
      await migrateToLatest(handle.db);
      return {
        handle,
        config,
        async drop() {
          await handle.destroy().catch(() => {});
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'postgres',
    async create() {
      const database = await createPgDatabase();
      const config = { DATABASE_URL: database.url, DOCEX_DATA_DIR: os.tmpdir() };
      const handle = createDatabase(config);
      await migrateToLatest(handle.db);
      return {
        handle,
        config,
        async drop() {
          await handle.destroy().catch(() => {});
          await database.drop();
        },
      };
    },
  },
];
