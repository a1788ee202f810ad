/** What the ledger's modules (keys, credit accounts, usage, audit log) share: one store, one clock, one source. */
import type { DatabaseHandle } from '../db/createDatabase.ts';
import type { EventMetadata } from '../events/event.ts';
import type { EventStore } from '../events/eventStore.ts';

export interface LedgerContext {
  readonly handle: DatabaseHandle;
  readonly store: EventStore;
  readonly clock: () => Date;
  /** How long a hold lasts when nothing charges or releases it. */
  readonly holdTtlMs: number;
  /** Metadata for an append: the ledger's `source` (e.g. `cli`) plus what the caller knows. */
  meta(extra: EventMetadata): EventMetadata;
}
