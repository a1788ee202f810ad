/** The event store port and its Kysely implementation over the `events` table (SQLite or PostgreSQL). */
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/createDatabase.ts';
import type { Database } from '../db/schema.ts';
import { lockEventsExclusively, writeTransaction } from '../db/writeTransaction.ts';
import type { Event, EventMetadata, RecordedEvent, Upcaster } from './event.ts';
import { ExpectedVersionConflictError, matchesExpectedVersion, type ExpectedVersion } from './expectedVersion.ts';
import { applyProjections, type InlineProjection } from './projection.ts';

export interface AppendResult {
  /** The stream's version after the append: pass it as the next expectedVersion. */
  readonly nextExpectedVersion: number;
  readonly lastPosition: string;
}

export interface ReadAllQuery {
  /** Only events after this global position. */
  readonly after?: string;
  readonly types?: readonly string[];
  /** Events whose indexed `key_id` is this key (see `keyIdOf`). */
  readonly keyId?: string;
  /** ISO 8601, inclusive. */
  readonly from?: string;
  /** ISO 8601, exclusive. */
  readonly to?: string;
  readonly limit: number;
}

export interface EventStore {
  /** Runs `work` in one write transaction; appends given its executor join it and its inline projections. */
  transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
  /** Appends in `executor`'s transaction when it is one from `transaction()`, otherwise in a new one. */
  appendToStream(
    executor: Kysely<Database>,
    streamId: string,
    events: readonly Event<string, object>[],
    options: { expectedVersion: ExpectedVersion },
  ): Promise<AppendResult>;
  readStream(streamId: string, executor?: Kysely<Database>): Promise<RecordedEvent[]>;
  streamVersion(streamId: string, executor?: Kysely<Database>): Promise<number>;
  /** Events in global order, for audit views and catch-up readers. */
  readAll(query: ReadAllQuery): Promise<RecordedEvent[]>;
}

export interface EventStoreOptions {
  readonly projections?: readonly InlineProjection[];
  readonly clock?: () => Date;
  /** The current version of each event type's data shape, written with every new event; 1 when not listed. */
  readonly schemaVersions?: Readonly<Record<string, number>>;
  /** Applied to every event read, so readers see current shapes only. */
  readonly upcast?: Upcaster;
  /** The key an event concerns, stored in the indexed `key_id` column. Default: its metadata's `keyId`. */
  readonly keyIdOf?: (streamId: string, event: Event<string, object>) => string | null;
}

export function createEventStore(handle: DatabaseHandle, options: EventStoreOptions = {}): EventStore {
  const projections = options.projections ?? [];
  const clock = options.clock ?? (() => new Date());
  const upcast = options.upcast ?? ((event: RecordedEvent) => event);
  const schemaVersionOf = (type: string): number => options.schemaVersions?.[type] ?? 1;
  const keyIdOf = options.keyIdOf ?? ((_streamId: string, event: Event<string, object>) => event.metadata?.keyId ?? null);
  const read = (row: EventRow): RecordedEvent => upcast(toRecordedEvent(row));
  const openTransactions = new WeakSet<Kysely<Database>>();

  const transaction: EventStore['transaction'] = (work) =>
    writeTransaction(handle, async (trx) => {
      openTransactions.add(trx);
      try {
        return await work(trx);
      } finally {
        openTransactions.delete(trx);
      }
    });

  const streamVersion = async (streamId: string, executor: Kysely<Database> = handle.db): Promise<number> => {
    const row = await executor
      .selectFrom('events')
      .select((eb) => eb.fn.max('stream_position').as('version'))
      .where('stream_id', '=', streamId)
      .executeTakeFirst();
    return row?.version == null ? 0 : Number(row.version);
  };

  const appendInTransaction = async (
    trx: Kysely<Database>,
    streamId: string,
    events: readonly Event<string, object>[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> => {
    const current = await streamVersion(streamId, trx);
    if (!matchesExpectedVersion(current, expectedVersion)) {
      throw new ExpectedVersionConflictError(streamId, expectedVersion, current);
    }
    if (events.length === 0) return { nextExpectedVersion: current, lastPosition: '0' };
    const recordedAt = clock().toISOString();
    const rows = events.map((event, index) => ({
      stream_id: streamId,
      stream_position: current + index + 1,
      type: event.type,
      data: JSON.stringify(event.data),
      metadata: JSON.stringify(event.metadata ?? {}),
      recorded_at: recordedAt,
      schema_version: schemaVersionOf(event.type),
      key_id: keyIdOf(streamId, event),
    }));
    let inserted: { position: string | number }[];
    try {
      inserted = await trx.insertInto('events').values(rows).returning('position').execute();
    } catch (error) {
      // A writer that read the same version committed first: the (stream_id, stream_position) key says so.
      if (isUniqueViolation(error)) throw new ExpectedVersionConflictError(streamId, expectedVersion, null, { cause: error });
      throw error;
    }
    const recorded: RecordedEvent[] = events.map((event, index) => ({
      type: event.type,
      data: event.data as Readonly<Record<string, unknown>>,
      metadata: event.metadata ?? {},
      streamId,
      streamPosition: current + index + 1,
      position: String(inserted[index]?.position),
      recordedAt,
      schemaVersion: schemaVersionOf(event.type),
    }));
    await applyProjections(trx, projections, recorded);
    return { nextExpectedVersion: current + events.length, lastPosition: recorded[recorded.length - 1]!.position };
  };

  return {
    transaction,
    streamVersion,
    appendToStream(executor, streamId, events, { expectedVersion }) {
      if (openTransactions.has(executor)) return appendInTransaction(executor, streamId, events, expectedVersion);
      return transaction((trx) => appendInTransaction(trx, streamId, events, expectedVersion));
    },
    async readStream(streamId, executor = handle.db) {
      const rows = await executor
        .selectFrom('events')
        .selectAll()
        .where('stream_id', '=', streamId)
        .orderBy('stream_position')
        .execute();
      return rows.map(read);
    },
    async readAll(query) {
      const page = (executor: Kysely<Database>) => {
        let select = executor.selectFrom('events').selectAll();
        if (query.after !== undefined) {
          select = select.where('position', '>', (handle.dialect === 'sqlite' ? Number(query.after) : query.after) as never);
        }
        if (query.types !== undefined && query.types.length > 0) select = select.where('type', 'in', [...query.types]);
        if (query.from !== undefined) select = select.where('recorded_at', '>=', query.from);
        if (query.to !== undefined) select = select.where('recorded_at', '<', query.to);
        if (query.keyId !== undefined) select = select.where('key_id', '=', query.keyId);
        return select.orderBy('position').limit(query.limit).execute();
      };
      // SQLite has one writer at a time: positions commit in order.
      if (handle.dialect === 'sqlite') return (await page(handle.db)).map(read);
      // A bigserial is taken before commit, so a later position can commit first. Every write transaction holds
      // the events lock shared (writeTransaction); this read takes it exclusively, so it waits (on the lock, not
      // by polling) for the writers in flight, and sees every position below those it returns: a reader paging
      // by position never skips one that commits late, and reads its own writes at once.
      return handle.db.transaction().execute(async (trx) => {
        await lockEventsExclusively(trx);
        return (await page(trx)).map(read);
      });
    },
  };
}

type EventRow = {
  position: string | number;
  stream_id: string;
  stream_position: number;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: Date | string;
  schema_version?: number;
};

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    type: row.type,
    data: decodeJson(row.data) as Record<string, unknown>,
    metadata: decodeJson(row.metadata) as EventMetadata,
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    position: String(row.position),
    recordedAt: toIsoTimestamp(row.recorded_at),
    schemaVersion: Number(row.schema_version ?? 1),
  };
}

const decodeJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

export const toIsoTimestamp = (value: Date | string): string =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
