/**
 * The ledger facade: what the HTTP host and the `docex` command use, composed from its four parts — keys and
 * authentication (apiKeys.ts), the credit account (creditAccount.ts decides, creditAccounts.ts runs the commands),
 * usage (usage.ts) and the audit log (auditLog.ts). Every write is a decided append to a key stream and, in the
 * same transaction, to an extraction stream; every read is an inline projection kept exact by those appends.
 */
import { ProblemError } from '../errors.ts';
import type { DatabaseHandle } from '../db/createDatabase.ts';
import type { EventMetadata } from '../events/event.ts';
import { docexEventStoreOptions } from '../events/docexEvents.ts';
import { createEventStore } from '../events/eventStore.ts';
import { docexProjections } from '../events/projections/docexProjections.ts';
import { createApiKeys } from './apiKeys.ts';
import { createAuditLog } from './auditLog.ts';
import { createCreditAccounts } from './creditAccounts.ts';
import type { LedgerContext } from './ledgerContext.ts';
import type { Ledger } from './types.ts';
import { createUsage } from './usage.ts';

export interface LedgerOptions {
  readonly clock?: () => Date;
  /**
   * How long an extraction's hold on credits lasts if it is never charged or released (its instance died). Set it
   * above the longest an extraction may run. Default 10 minutes.
   */
  readonly holdTtlMs?: number;
  /** Who appends when not an HTTP request (metadata `source`), e.g. `cli`. */
  readonly source?: string;
}

export function createLedger(handle: DatabaseHandle, options: LedgerOptions = {}): Ledger {
  const clock = options.clock ?? (() => new Date());
  const source = options.source;
  const context: LedgerContext = {
    handle,
    store: createEventStore(handle, { ...docexEventStoreOptions, projections: docexProjections, clock }),
    clock,
    holdTtlMs: options.holdTtlMs ?? 10 * 60_000,
    meta: (extra: EventMetadata) => ({ ...(source === undefined ? {} : { source }), ...extra }),
  };
  const keys = createApiKeys(context);
  const accounts = createCreditAccounts(context);
  const { usage } = createUsage(handle.db, accounts);
  const { auditEvents } = createAuditLog(context.store);

  return {
    createKey: keys.createKey,
    listKeys: keys.listKeys,
    revokeKey: keys.revokeKey,
    authenticate: keys.authenticate,
    async grantCredits(keyId, credits, reason) {
      if (!Number.isSafeInteger(credits) || credits < 1) throw new ProblemError('invalid_request', 'Credits are a whole number ≥ 1.');
      return accounts.grantCredits(keyId, credits, reason ?? null);
    },
    balance: accounts.balance,
    findIdempotentCharge: accounts.findIdempotentCharge,
    extractionRequested: accounts.extractionRequested,
    extractionCompleted: accounts.extractionCompleted,
    extractionFailed: accounts.extractionFailed,
    releaseExpiredHolds: () => accounts.releaseExpiredHolds(null),
    usage,
    auditEvents,
    async close() {
      // The database handle belongs to whoever opened it; the ledger holds nothing else.
    },
  };
}
