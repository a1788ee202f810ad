import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '../../core/events/commandHandler.ts';
import { createEventStore, type EventStore } from '../../core/events/eventStore.ts';
import { ExpectedVersionConflictError } from '../../core/events/expectedVersion.ts';
import { testDialects, type TestDatabase } from '../support/db.ts';

const counted = (n: number) => ({ type: 'Counted', data: { n } });

describe.each(testDialects)('command handler on $name', (dialect) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await dialect.create();
    store = createEventStore(database.handle);
  });
  afterAll(async () => database?.drop());

  /** A counter whose state is its stream's length; `stale` loads report an old version this many times. */
  function counter(streamId: string, stale: number) {
    let loads = 0;
    const handler = {
      async load(trx: Parameters<typeof store.streamVersion>[1]) {
        loads++;
        const version = await store.streamVersion(streamId, trx);
        return { state: version, version: loads <= stale ? Math.max(0, version - 1) : version };
      },
      decide: (state: number) => ({ events: [counted(state + 1)] }),
    };
    return { handler, loads: () => loads };
  }

  it('appends at the version it loaded, and on a conflict rolls back, reloads and tries again', async () => {
    await store.appendToStream(database.handle.db, 'c-retry', [counted(1)], { expectedVersion: 'no_stream' });
    const { handler, loads } = counter('c-retry', 2);
    const result = await handleCommand(store, 'c-retry', handler, async (_trx, decision) => decision.events.length, { baseDelayMs: 1 });
    expect(result).toBe(1);
    expect(loads()).toBe(3);
    expect((await store.readStream('c-retry')).map((event) => event.data)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('gives up after three tries, appending nothing', async () => {
    await store.appendToStream(database.handle.db, 'c-give-up', [counted(1)], { expectedVersion: 'no_stream' });
    const { handler, loads } = counter('c-give-up', Number.POSITIVE_INFINITY);
    await expect(handleCommand(store, 'c-give-up', handler, async () => null, { baseDelayMs: 1 })).rejects.toBeInstanceOf(
      ExpectedVersionConflictError,
    );
    expect(loads()).toBe(3);
    expect(await store.streamVersion('c-give-up')).toBe(1);
  });

  it('commits the caller’s other appends with the decision, or neither', async () => {
    await expect(
      handleCommand(store, 'c-pair-a', counter('c-pair-a', 0).handler, async (trx) => {
        await store.appendToStream(trx, 'c-pair-b', [counted(1)], { expectedVersion: 'no_stream' });
        throw new Error('the caller failed after its append');
      }),
    ).rejects.toThrow('the caller failed');
    expect([await store.streamVersion('c-pair-a'), await store.streamVersion('c-pair-b')]).toEqual([0, 0]);
  });
});
