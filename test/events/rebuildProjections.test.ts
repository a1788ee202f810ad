import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../../core/credits/ledger.ts';
import type { ExtractionStart, Ledger } from '../../core/credits/types.ts';
import type { Database } from '../../core/db/schema.ts';
import { docexEventStoreOptions } from '../../core/events/docexEvents.ts';
import { createEventStore } from '../../core/events/eventStore.ts';
import { applyProjections } from '../../core/events/projection.ts';
import { docexProjections } from '../../core/events/projections/docexProjections.ts';
import { projectionStatus, rebuildProjections } from '../../core/events/rebuildProjections.ts';
import { testDialects, type TestDatabase } from '../support/db.ts';

const keyColumns: Record<string, string[]> = {
  api_keys: ['key_id'],
  credit_balances: ['key_id'],
  credit_holds: ['extraction_id'],
  extractions: ['extraction_id'],
  idempotency_charges: ['key_id', 'idempotency_key'],
};

let sequence = 0;
const start = (keyId: string, credits: number, idempotencyKey: string | null = null, inputSha256 = 'a'.repeat(64)): ExtractionStart => ({
  extractionId: `r-${++sequence}`,
  keyId,
  requestId: `req-${sequence}`,
  documentType: 'pan',
  plugin: { name: 'pan', version: '1.0.0' },
  pages: { file: credits },
  credits,
  inputSha256,
  idempotencyKey,
});

/** Reserve, then charge or fail: the two ways a request ends. */
async function request(ledger: Ledger, keyId: string, credits: number, ends: 'ok' | 'fail' | 'open', idempotencyKey: string | null = null) {
  const s = start(keyId, credits, idempotencyKey);
  await ledger.extractionRequested(s).catch(() => undefined);
  if (ends === 'ok') {
    await ledger
      .extractionCompleted({ ...s, durationMs: 3, fieldsPresent: ['pan_number'], warnings: 0 })
      .catch(() => undefined);
  }
  if (ends === 'fail') {
    await ledger.extractionFailed({ extractionId: s.extractionId, keyId, documentType: 'pan', code: 'unreadable_document', durationMs: 2 });
  }
}

describe.each(testDialects)('projection rebuild on $name', (dialect) => {
  let database: TestDatabase;
  const dump = async () => {
    const tables: Record<string, unknown[]> = {};
    for (const [table, keys] of Object.entries(keyColumns)) {
      let query = database.handle.db.selectFrom(table as keyof Database).selectAll();
      for (const key of keys) query = query.orderBy(key as never);
      tables[table] = await query.execute();
    }
    return tables;
  };

  beforeAll(async () => {
    database = await dialect.create();
    let now = Date.now();
    const ledger = createLedger(database.handle, { clock: () => new Date(now), holdTtlMs: 60_000 });
    // A mixed workload: keys issued, granted, revoked; requests charged, failed, replayed, refused, left to expire.
    const a = await ledger.createKey({ name: 'a', credits: 5, scopes: ['extract', 'audit'] });
    const b = await ledger.createKey({ name: 'b', credits: 0 });
    await ledger.grantCredits(b.id, 3, 'top-up');
    await request(ledger, a.id, 1, 'ok', 'idem-1');
    await request(ledger, a.id, 1, 'ok', 'idem-1');
    await request(ledger, a.id, 2, 'fail');
    await request(ledger, a.id, 9, 'ok');
    await request(ledger, b.id, 2, 'open');
    await request(ledger, b.id, 1, 'ok');
    await request(ledger, a.id, 1, 'open');
    now += 61_000;
    await ledger.usage(b.id);
    await request(ledger, b.id, 1, 'open');
    await ledger.revokeKey(a.id, 'rotated');
  });
  afterAll(async () => database?.drop());

  it('reproduces every projection from the log, equal to the live tables', async () => {
    const live = await dump();
    expect(live['credit_holds']).toHaveLength(2);
    expect(live['extractions']!.length).toBeGreaterThan(6);
    const rebuilt = await rebuildProjections(database.handle, docexProjections);
    expect(rebuilt.map((result) => result.name)).toEqual(docexProjections.map((projection) => projection.name));
    expect(await dump()).toEqual(live);
    expect((await projectionStatus(database.handle.db, docexProjections)).every((status) => status.rebuiltAt !== null)).toBe(true);
  });

  it('repairs a projection that drifted from the log, and leaves the others alone', async () => {
    const live = await dump();
    await database.handle.db.updateTable('credit_balances').set({ remaining: 999 }).execute();
    await database.handle.db.deleteFrom('extractions').execute();
    await rebuildProjections(
      database.handle,
      docexProjections.filter((projection) => projection.name === 'credit_balances' || projection.name === 'extractions'),
    );
    expect(await dump()).toEqual(live);
  });

  it('skips events it has applied: replaying the whole log over the live tables changes nothing', async () => {
    const live = await dump();
    const events = await createEventStore(database.handle, docexEventStoreOptions).readAll({ limit: 10_000 });
    await database.handle.db.transaction().execute((trx) => applyProjections(trx, docexProjections, events));
    expect(await dump()).toEqual(live);
  });

  it('keeps serving appends after a rebuild', async () => {
    const ledger = createLedger(database.handle);
    const key = await ledger.createKey({ name: 'after', credits: 2 });
    await request(ledger, key.id, 1, 'ok');
    expect(await ledger.usage(key.id)).toMatchObject({ creditsRemaining: 1, requestsByOutcome: { ok: 1 } });
  });
});
