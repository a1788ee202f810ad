/** An inline projection: updates its read model inside the append's transaction, so reads after a write are exact. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { RecordedEvent } from './event.ts';

export interface InlineProjection {
  readonly name: string;
  /** Event types it reacts to; others are never passed to `apply`. */
  readonly handles: readonly string[];
  apply(trx: Kysely<Database>, events: readonly RecordedEvent[]): Promise<void>;
}
