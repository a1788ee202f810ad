/**
 * The one command handler: in one write transaction, load a stream's state and version, decide, append the
 * decision's events at that version, and let the caller add its own appends (other streams) to the same
 * transaction. A version conflict (another writer appended first) rolls it all back and tries again from a fresh
 * read: three tries, with jittered exponential backoff, as Emmett does. More losses in a row is a fault.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Event } from './event.ts';
import type { EventStore } from './eventStore.ts';
import { ExpectedVersionConflictError } from './expectedVersion.ts';

export interface RetryOptions {
  /** Tries in all, the first included. */
  readonly maxAttempts?: number;
  /** The first wait; each later one doubles, with ±50% jitter. */
  readonly baseDelayMs?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_BASE_DELAY_MS = 10;

export async function retryOnConflict<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const baseDelayMs = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ExpectedVersionConflictError) || tries >= maxAttempts) throw error;
      const delay = baseDelayMs * 2 ** (tries - 1) * (0.5 + Math.random());
      await new Promise<void>((resolve) => setTimeout(resolve, delay));
    }
  }
}

export interface CommandHandler<State, Decision extends { readonly events: readonly Event<string, object>[] }> {
  /** The stream's state and the version it reflects, read inside the transaction. */
  load(trx: Kysely<Database>): Promise<{ readonly state: State; readonly version: number }>;
  decide(state: State): Decision;
  /** Metadata stamped on every event of the decision. */
  readonly metadata?: Event['metadata'];
}

export async function handleCommand<State, Decision extends { readonly events: readonly Event<string, object>[] }, Result>(
  store: EventStore,
  streamId: string,
  handler: CommandHandler<State, Decision>,
  /** Runs in the same transaction after the append: appends to other streams, and the command's result. */
  then: (trx: Kysely<Database>, decision: Decision, state: State) => Promise<Result>,
  options: RetryOptions = {},
): Promise<Result> {
  return retryOnConflict(
    () =>
      store.transaction(async (trx) => {
        const { state, version } = await handler.load(trx);
        const decision = handler.decide(state);
        if (decision.events.length > 0) {
          const events = decision.events.map((event) =>
            handler.metadata === undefined ? event : { ...event, metadata: { ...handler.metadata, ...event.metadata } },
          );
          await store.appendToStream(trx, streamId, events, { expectedVersion: version });
        }
        return then(trx, decision, state);
      }),
    options,
  );
}
