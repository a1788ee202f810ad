import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../core/db/migrateToLatest.ts';
import { migrations } from '../../migrations/index.ts';
import { testDialects, type TestDatabase } from '../support/db.ts';

it('lists every migration file in migrations/index.ts, in name order', () => {
  const folder = fileURLToPath(new URL('../../migrations', import.meta.url));
  const files = fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();
  expect(Object.keys(migrations)).toEqual(files);
});

describe.each(testDialects)('migrations on $name', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await dialect.create();
  });
  afterAll(async () => database?.drop());

  it('are applied once and are a no-op the second time', async () => {
    expect(await migrateToLatest(database.handle.db)).toEqual({ applied: [] });
    const tables = await database.handle.db.introspection.getTables();
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['events', 'api_keys', 'credit_balances', 'extractions', 'idempotency_charges']),
    );
  });
});
