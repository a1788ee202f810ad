/**
 * A projection: a read model kept from the events it handles. It runs inline (in the append's transaction, so a
 * read after a write is exact) and is idempotent by stream position: per stream, events at or below the last
 * position it applied are skipped, so replaying the log over it changes nothing. `version` says which build of
 * its `apply` its tables reflect; when it changes, `docex projections rebuild NAME` replays the log.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { RecordedEvent } from './event.ts';

export interface Projection {
  readonly name: string;
  readonly version: number;
  /** The tables it alone writes: a rebuild replays into fresh copies of them and swaps those in. */
  readonly tables: readonly (keyof Database)[];
  /** Event types it reacts to; others are never passed to `apply`. */
  readonly handles: readonly string[];
  apply(trx: Kysely<Database>, events: readonly RecordedEvent[]): Promise<void>;
}

/** The projections the store runs in every append's transaction. */
export type InlineProjection = Projection;

/**
 * Applies `events` (in order) to every projection that handles them, skipping per stream what each projection has
 * applied already, and records how far it got.
 */
export async function applyProjections(
  trx: Kysely<Database>,
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
): Promise<void> {
  for (const projection of projections) {
    const relevant = events.filter((event) => projection.handles.includes(event.type));
    if (relevant.length === 0) continue;
    const streams = [...new Set(relevant.map((event) => event.streamId))];
    const marks = await trx
      .selectFrom('projection_positions')
      .select(['stream_id', 'position'])
      .where('projection', '=', projection.name)
      .where('stream_id', 'in', streams)
      .execute();
    const applied = new Map(marks.map((mark) => [mark.stream_id, Number(mark.position)]));
    const fresh = relevant.filter((event) => event.streamPosition > (applied.get(event.streamId) ?? 0));
    if (fresh.length === 0) continue;
    await projection.apply(trx, fresh);
    const reached = new Map<string, number>();
    for (const event of fresh) reached.set(event.streamId, Math.max(reached.get(event.streamId) ?? 0, event.streamPosition));
    await trx
      .insertInto('projection_positions')
      .values([...reached].map(([stream_id, position]) => ({ projection: projection.name, stream_id, position })))
      .onConflict((oc) => oc.columns(['projection', 'stream_id']).doUpdateSet((eb) => ({ position: eb.ref('excluded.position') })))
      .execute();
  }
}
