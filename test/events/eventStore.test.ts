import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type EventStore } from '../../core/events/eventStore.ts';
import { ExpectedVersionConflictError } from '../../core/events/expectedVersion.ts';
import { testDialects, type TestDatabase } from '../support/db.ts';

const note = (n: number) => ({ type: 'Noted', data: { n } });

describe.each(testDialects)('event store on $name', (dialect) => {
  let database: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    database = await dialect.create();
    store = createEventStore(database.handle);
  });
  afterAll(async () => database?.drop());

  it('appends with stream positions from 1 and reads them back in order', async () => {
    const first = await store.appendToStream(database.handle.db, 's-order', [note(1), note(2)], { expectedVersion: 'no_stream' });
    expect(first.nextExpectedVersion).toBe(2);
    const second = await store.appendToStream(database.handle.db, 's-order', [note(3)], { expectedVersion: 2 });
    expect(second.nextExpectedVersion).toBe(3);
    const events = await store.readStream('s-order');
    expect(events.map((event) => [event.streamPosition, event.data])).toEqual([
      [1, { n: 1 }],
      [2, { n: 2 }],
      [3, { n: 3 }],
    ]);
    expect(BigInt(events[2]!.position)).toBeGreaterThan(BigInt(events[0]!.position));
    expect(await store.streamVersion('s-order')).toBe(3);
    expect(await store.streamVersion('s-none')).toBe(0);
  });

  it('refuses an append whose expected version is wrong, in every mode', async () => {
    await store.appendToStream(database.handle.db, 's-modes', [note(1)], { expectedVersion: 'no_stream' });
    const attempts = [
      () => store.appendToStream(database.handle.db, 's-modes', [note(2)], { expectedVersion: 'no_stream' }),
      () => store.appendToStream(database.handle.db, 's-modes', [note(2)], { expectedVersion: 0 }),
      () => store.appendToStream(database.handle.db, 's-modes', [note(2)], { expectedVersion: 5 }),
      () => store.appendToStream(database.handle.db, 's-absent', [note(2)], { expectedVersion: 'stream_exists' }),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toBeInstanceOf(ExpectedVersionConflictError);
    await store.appendToStream(database.handle.db, 's-modes', [note(2)], { expectedVersion: 'stream_exists' });
    await store.appendToStream(database.handle.db, 's-modes', [note(3)], { expectedVersion: 'any' });
    expect(await store.streamVersion('s-modes')).toBe(3);
  });

  it('lets exactly one of many racing appends at the same version win', async () => {
    await store.appendToStream(database.handle.db, 's-race', [note(0)], { expectedVersion: 'no_stream' });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, n) => store.appendToStream(database.handle.db, 's-race', [note(n)], { expectedVersion: 1 })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ExpectedVersionConflictError);
    }
    expect(await store.streamVersion('s-race')).toBe(2);
  });

  it('rolls a whole transaction back when one append in it fails', async () => {
    await expect(
      store.transaction(async (trx) => {
        await store.appendToStream(trx, 's-tx-a', [note(1)], { expectedVersion: 'no_stream' });
        await store.appendToStream(trx, 's-tx-b', [note(1)], { expectedVersion: 7 });
      }),
    ).rejects.toBeInstanceOf(ExpectedVersionConflictError);
    expect(await store.streamVersion('s-tx-a')).toBe(0);
  });

  it('reads all streams in global order with type and cursor filters', async () => {
    await store.appendToStream(database.handle.db, 's-all-1', [{ type: 'Alpha', data: {} }], { expectedVersion: 'any' });
    await store.appendToStream(database.handle.db, 's-all-2', [{ type: 'Beta', data: {} }], { expectedVersion: 'any' });
    const all = await store.readAll({ limit: 1000 });
    const positions = all.map((event) => BigInt(event.position));
    expect([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(positions);
    const betas = await store.readAll({ limit: 10, types: ['Beta'] });
    expect(betas.map((event) => event.streamId)).toEqual(['s-all-2']);
    const tail = await store.readAll({ limit: 10, after: all[all.length - 2]!.position });
    expect(tail).toHaveLength(1);
  });

  it('stores each event\'s schema version and upcasts older shapes on every read', async () => {
    const v1 = createEventStore(database.handle);
    await v1.appendToStream(database.handle.db, 's-upcast', [note(7)], { expectedVersion: 'no_stream' });
    // Version 2 of Noted renames n to count; readers see only version 2.
    const v2 = createEventStore(database.handle, {
      schemaVersions: { Noted: 2 },
      upcast: (event) =>
        event.type === 'Noted' && event.schemaVersion === 1
          ? { ...event, schemaVersion: 2, data: { count: (event.data as { n: number }).n } }
          : event,
    });
    await v2.appendToStream(database.handle.db, 's-upcast', [{ type: 'Noted', data: { count: 8 } }], { expectedVersion: 1 });
    const stored = await database.handle.db.selectFrom('events').select('schema_version').where('stream_id', '=', 's-upcast').orderBy('position').execute();
    expect(stored.map((row) => row.schema_version)).toEqual([1, 2]);
    for (const events of [await v2.readStream('s-upcast'), await v2.readAll({ limit: 1000, types: ['Noted'] })]) {
      const upcast = events.filter((event) => event.streamId === 's-upcast');
      expect(upcast.map((event) => [event.schemaVersion, event.data])).toEqual([
        [2, { count: 7 }],
        [2, { count: 8 }],
      ]);
    }
  });

  it('filters by the indexed key_id its keyIdOf gives each event', async () => {
    const keyed = createEventStore(database.handle, { keyIdOf: (streamId) => (streamId.startsWith('k-') ? streamId.slice(2) : null) });
    await keyed.appendToStream(database.handle.db, 'k-alpha', [note(1)], { expectedVersion: 'any' });
    await keyed.appendToStream(database.handle.db, 'x-1', [{ ...note(2), metadata: { keyId: 'alpha' } }], { expectedVersion: 'any' });
    await store.appendToStream(database.handle.db, 'x-2', [{ ...note(3), metadata: { keyId: 'alpha' } }], { expectedVersion: 'any' });
    await store.appendToStream(database.handle.db, 'x-3', [{ ...note(4), metadata: { keyId: 'beta' } }], { expectedVersion: 'any' });
    expect((await store.readAll({ limit: 100, keyId: 'alpha' })).map((event) => event.streamId)).toEqual(['k-alpha', 'x-2']);
    expect((await store.readAll({ limit: 100, keyId: 'beta' })).map((event) => event.streamId)).toEqual(['x-3']);
  });

  it('never lets a global read skip a position that commits after a later one', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // The first writer takes its position, then stays open while a second appends and commits after it.
    const slow = store.transaction(async (trx) => {
      await store.appendToStream(trx, 's-late-1', [note(1)], { expectedVersion: 'no_stream' });
      entered();
      await held;
    });
    await inside;
    const fast = store.appendToStream(database.handle.db, 's-late-2', [note(2)], { expectedVersion: 'no_stream' });
    if (dialect.name === 'postgres') await fast;
    const reading = store.readAll({ limit: 1000, types: ['Noted'] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([slow, fast]);
    const streams = (await reading).map((event) => event.streamId);
    // Whatever the read saw, it saw nothing after a gap: the later commit only with the earlier position.
    if (streams.includes('s-late-2')) expect(streams).toContain('s-late-1');
    if (dialect.name === 'postgres') expect(streams.slice(-2)).toEqual(['s-late-1', 's-late-2']);
  });
});
