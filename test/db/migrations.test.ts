import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator } from 'kysely';
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

  it('backfills events\' key_id and marks projections as applied for events written before them', async () => {
    const db = database.handle.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) } });
    expect((await migrator.migrateTo('2026-11-22T2200_credit_holds')).error).toBeUndefined();
    const row = (stream_id: string, stream_position: number, type: string, metadata: object) => ({
      stream_id,
      stream_position,
      type,
      data: '{}',
      metadata: JSON.stringify(metadata),
      recorded_at: new Date().toISOString(),
    });
    await db
      .insertInto('events')
      .values([
        row('key-old1', 1, 'ApiKeyIssued', {}),
        row('key-old1', 2, 'CreditsGranted', { source: 'cli' }),
        row('extraction-e1', 1, 'ExtractionFailed', { keyId: 'old1' }),
      ])
      .execute();
    expect(await migrateToLatest(db)).toEqual({ applied: Object.keys(migrations).filter((name) => name > '2026-11-22T2200_credit_holds') });
    const events = await db.selectFrom('events').select(['stream_id', 'key_id', 'schema_version']).orderBy('position').execute();
    expect(events).toEqual([
      { stream_id: 'key-old1', key_id: 'old1', schema_version: 1 },
      { stream_id: 'key-old1', key_id: 'old1', schema_version: 1 },
      { stream_id: 'extraction-e1', key_id: 'old1', schema_version: 1 },
    ]);
    const marks = await db.selectFrom('projection_positions').selectAll().orderBy('projection').orderBy('stream_id').execute();
    expect(marks).toContainEqual({ projection: 'credit_balances', stream_id: 'key-old1', position: 2 });
    expect(marks).toContainEqual({ projection: 'api_keys', stream_id: 'key-old1', position: 1 });
    expect(marks).toContainEqual({ projection: 'extractions', stream_id: 'extraction-e1', position: 1 });
  });
});
