/**
 * The credit accounts: every command on a key's stream goes through the decider (creditAccount.ts) and the one
 * command handler; the extraction's own stream is appended to in the same transaction, so a hold and its
 * request, or a refusal and its record, commit together.
 */
import { ProblemError } from '../errors.ts';
import { extractionStreamId, keyStreamId, type KeyEvent } from '../events/docexEvents.ts';
import type { EventMetadata } from '../events/event.ts';
import { handleCommand } from '../events/commandHandler.ts';
import { ExpectedVersionConflictError } from '../events/expectedVersion.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  availableCredits,
  decide,
  fold,
  heldCredits,
  type CreditAccount,
  type CreditAccountCommand,
  type CreditDecision,
  type CreditRefusal,
} from './creditAccount.ts';
import type { LedgerContext } from './ledgerContext.ts';
import { loadCreditAccount } from './loadCreditAccount.ts';
import type { ChargeOutcome, ExtractionCompletion, ExtractionFailure, ExtractionStart } from './types.ts';

export interface AccountFigures {
  readonly remaining: number;
  readonly used: number;
  readonly granted: number;
  readonly held: number;
  readonly available: number;
}

export type CreditAccounts = ReturnType<typeof createCreditAccounts>;

export function createCreditAccounts(context: LedgerContext) {
  const { handle, store, clock, holdTtlMs } = context;
  const { db } = handle;
  const expiryMeta = (keyId: string): EventMetadata => ({ keyId, source: 'hold_expiry' });

  /** Decides `command` on the key's stream and appends; `then` runs in the same transaction. */
  async function run<Result>(
    keyId: string,
    command: CreditAccountCommand,
    metadata: EventMetadata,
    then: (trx: Kysely<Database>, decision: CreditDecision, state: CreditAccount, abandoned: number) => Promise<Result>,
  ): Promise<Result> {
    const idempotencyKey = 'idempotencyKey' in command.data ? command.data.idempotencyKey : null;
    try {
      return await handleCommand(
        store,
        keyStreamId(keyId),
        {
          load: (trx) => loadCreditAccount(trx, handle.dialect, keyId, { idempotencyKey, lock: true }),
          decide: (state) => decide(command, state),
          metadata,
        },
        async (trx, decision, state) => then(trx, decision, state, await abandonExpired(trx, decision.events)),
      );
    } catch (error) {
      if (!(error instanceof ExpectedVersionConflictError)) throw error;
      throw new ProblemError('service_unavailable', 'The credit account is busy; try again shortly.', {
        headers: { 'Retry-After': '1' },
        cause: error,
      });
    }
  }

  /** A hold released as expired means its request's instance died: the request is abandoned, if still open. */
  async function abandonExpired(trx: Kysely<Database>, events: readonly KeyEvent[]): Promise<number> {
    let abandoned = 0;
    for (const event of events) {
      if (event.type === 'CreditsReleased' && event.data.reason === 'expired' && (await abandon(trx, event.data.extractionId))) {
        abandoned++;
      }
    }
    return abandoned;
  }

  /** Appends ExtractionAbandoned when the extraction's stream holds only its request (nothing closed it). */
  async function abandon(trx: Kysely<Database>, extractionId: string): Promise<boolean> {
    const row = await trx
      .selectFrom('extractions')
      .select(['key_id', 'document_type', 'outcome'])
      .where('extraction_id', '=', extractionId)
      .executeTakeFirst();
    if (row === undefined || row.outcome !== null) return false;
    const data = { extractionId, keyId: row.key_id, documentType: row.document_type, reason: 'hold_expired' as const };
    await store.appendToStream(trx, extractionStreamId(extractionId), [{ type: 'ExtractionAbandoned', data, metadata: expiryMeta(row.key_id) }], {
      expectedVersion: 1,
    });
    return true;
  }

  const recordFailure = (trx: Kysely<Database>, failure: ExtractionFailure, metadata: EventMetadata) =>
    store.appendToStream(trx, extractionStreamId(failure.extractionId), [{ type: 'ExtractionFailed', data: failure, metadata }], {
      expectedVersion: 'any',
    });

  /**
   * Closes expired holds of one key or of all (CreditsReleased `expired`, ExtractionAbandoned): exactly once
   * across instances, since each release is decided on the state at the version it is appended at.
   */
  async function releaseExpiredHolds(keyId: string | null): Promise<{ released: number; abandoned: number }> {
    const now = clock().toISOString();
    // A read first, so that reading a balance takes no write lock unless something expired.
    let keys = db.selectFrom('credit_holds').select('key_id').distinct().where('expires_at', '<=', now);
    if (keyId !== null) keys = keys.where('key_id', '=', keyId);
    const total = { released: 0, abandoned: 0 };
    for (const { key_id } of await keys.execute()) {
      const done = await run(key_id, { type: 'ReleaseExpiredHolds', data: { now } }, expiryMeta(key_id), async (_trx, decision, _state, abandoned) => ({
        released: decision.events.length,
        abandoned,
      }));
      total.released += done.released;
      total.abandoned += done.abandoned;
    }
    // Requests that held nothing (an idempotent replay) have no hold to expire: they are abandoned by age.
    let stale = db
      .selectFrom('extractions')
      .select('extraction_id')
      .where('outcome', 'is', null)
      .where('requested_at', '<=', new Date(Date.parse(now) - holdTtlMs).toISOString())
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('credit_holds')
              .select('credit_holds.extraction_id')
              .whereRef('credit_holds.extraction_id', '=', 'extractions.extraction_id'),
          ),
        ),
      );
    if (keyId !== null) stale = stale.where('key_id', '=', keyId);
    for (const { extraction_id } of await stale.execute()) {
      try {
        if (await store.transaction((trx) => abandon(trx, extraction_id))) total.abandoned++;
      } catch (error) {
        // Another instance closed it first.
        if (!(error instanceof ExpectedVersionConflictError)) throw error;
      }
    }
    return total;
  }

  async function figures(keyId: string): Promise<AccountFigures> {
    await releaseExpiredHolds(keyId);
    const { state } = await loadCreditAccount(db, handle.dialect, keyId);
    const now = clock().toISOString();
    return {
      remaining: state.remaining,
      used: state.used,
      granted: state.granted,
      held: heldCredits(state, now),
      available: availableCredits(state, now),
    };
  }

  function refusalError(refusal: CreditRefusal, whileRunning: boolean): ProblemError {
    if (refusal.code === 'idempotency_conflict') {
      return new ProblemError('idempotency_conflict', 'This Idempotency-Key was already used for a request with different files.');
    }
    return whileRunning
      ? new ProblemError('insufficient_credits', 'Another request spent the credits this one needed while it was being read; nothing was charged.')
      : new ProblemError(
          'insufficient_credits',
          `This request costs ${refusal.required} credit(s); the key has ${refusal.available} not already held by requests in flight.`,
          { extensions: { required: refusal.required, available: refusal.available } },
        );
  }

  return {
    figures,
    releaseExpiredHolds,

    async balance(keyId: string): Promise<number> {
      return (await figures(keyId)).available;
    },

    async grantCredits(keyId: string, credits: number, reason: string | null): Promise<{ remaining: number }> {
      return run(keyId, { type: 'GrantCredits', data: { keyId, credits, reason } }, context.meta({ keyId }), async (_trx, decision, state) => ({
        remaining: fold(state, decision.events).remaining,
      }));
    },

    async findIdempotentCharge(keyId: string, idempotencyKey: string): Promise<{ inputSha256: string } | null> {
      const { state } = await loadCreditAccount(db, handle.dialect, keyId, { idempotencyKey });
      const inputSha256 = state.charged[idempotencyKey];
      return inputSha256 === undefined ? null : { inputSha256 };
    },

    /** Holds the request's credits and records its start, or records and throws its refusal (402, 409). */
    async extractionRequested(start: ExtractionStart): Promise<void> {
      const metadata = context.meta({ keyId: start.keyId, requestId: start.requestId });
      const now = clock();
      const command: CreditAccountCommand = {
        type: 'ReserveCredits',
        data: {
          extractionId: start.extractionId,
          credits: start.credits,
          idempotencyKey: start.idempotencyKey,
          inputSha256: start.inputSha256,
          now: now.toISOString(),
          expiresAt: new Date(now.getTime() + holdTtlMs).toISOString(),
        },
      };
      const refusal = await run(start.keyId, command, metadata, async (trx, decision) => {
        if (decision.refusal !== null) {
          const { extractionId, keyId, documentType } = start;
          await recordFailure(trx, { extractionId, keyId, documentType, code: decision.refusal.code, durationMs: 0 }, metadata);
          return decision.refusal;
        }
        await store.appendToStream(trx, extractionStreamId(start.extractionId), [{ type: 'ExtractionRequested', data: start, metadata }], {
          expectedVersion: 'no_stream',
        });
        return null;
      });
      if (refusal !== null) throw refusalError(refusal, false);
    },

    /** Charges a valid result (or nothing, for an idempotent replay) and records it; a refusal is recorded and thrown. */
    async extractionCompleted(done: ExtractionCompletion): Promise<ChargeOutcome> {
      const metadata = context.meta({ keyId: done.keyId });
      const command: CreditAccountCommand = {
        type: 'ChargeCredits',
        data: { extractionId: done.extractionId, credits: done.credits, idempotencyKey: done.idempotencyKey, inputSha256: done.inputSha256 },
      };
      const outcome = await run(done.keyId, command, metadata, async (trx, decision, state): Promise<ChargeOutcome | CreditRefusal> => {
        if (decision.refusal !== null) {
          const { extractionId, keyId, documentType, durationMs } = done;
          await recordFailure(trx, { extractionId, keyId, documentType, code: decision.refusal.code, durationMs }, metadata);
          return decision.refusal;
        }
        const charged = decision.events.reduce((sum, event) => sum + (event.type === 'CreditsCharged' ? event.data.credits : 0), 0);
        await store.appendToStream(
          trx,
          extractionStreamId(done.extractionId),
          [{ type: 'ExtractionCompleted', data: { ...done, credits: charged }, metadata }],
          { expectedVersion: 'any' },
        );
        return { charged, remaining: fold(state, decision.events).remaining };
      });
      if ('code' in outcome) throw refusalError(outcome, true);
      return outcome;
    },

    /** Records the failure and releases the extraction's hold, if it has one. Failures are never charged. */
    async extractionFailed(failure: ExtractionFailure): Promise<void> {
      const metadata = context.meta({ keyId: failure.keyId });
      await run(
        failure.keyId,
        { type: 'ReleaseCredits', data: { extractionId: failure.extractionId, reason: failure.code } },
        metadata,
        (trx) => recordFailure(trx, failure, metadata),
      );
    },
  };
}
