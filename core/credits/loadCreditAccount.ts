/**
 * The credit account's state, read from the inline projections at the key stream's version (they commit with
 * every append, so they are exact at that version) instead of folding the whole stream on every request. Only the
 * Idempotency-Key the command names is loaded from `charged`: the decider reads no other.
 *
 * On PostgreSQL the balance row is locked for the transaction, so writers to one account queue instead of all
 * reading one version and all but one losing the append. The expected version still guards the append; the lock
 * only keeps conflicts rare enough for three tries.
 */
import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../db/schema.ts';
import { toIsoTimestamp } from '../events/eventStore.ts';
import { initialState, type CreditAccount } from './creditAccount.ts';

export async function loadCreditAccount(
  executor: Kysely<Database>,
  dialect: Dialect,
  keyId: string,
  options: { idempotencyKey?: string | null; lock?: boolean } = {},
): Promise<{ state: CreditAccount; version: number }> {
  const balance = await executor
    .selectFrom('credit_balances')
    .select(['remaining', 'used', 'granted', 'version'])
    .where('key_id', '=', keyId)
    .$if(dialect === 'postgres' && options.lock === true, (query) => query.forUpdate())
    .executeTakeFirst();
  if (balance === undefined) return { state: initialState(), version: 0 };
  const key = await executor.selectFrom('api_keys').select('revoked_at').where('key_id', '=', keyId).executeTakeFirst();
  const holds = await executor
    .selectFrom('credit_holds')
    .select(['extraction_id', 'credits', 'expires_at'])
    .where('key_id', '=', keyId)
    .orderBy('extraction_id')
    .execute();
  const charged: Record<string, string> = {};
  const idempotencyKey = options.idempotencyKey ?? null;
  if (idempotencyKey !== null) {
    const row = await executor
      .selectFrom('idempotency_charges')
      .select('input_sha256')
      .where('key_id', '=', keyId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    if (row !== undefined) charged[idempotencyKey] = row.input_sha256;
  }
  return {
    version: balance.version,
    state: {
      status: key?.revoked_at == null ? 'open' : 'revoked',
      remaining: balance.remaining,
      granted: balance.granted,
      used: balance.used,
      holds: holds.map((hold) => ({ extractionId: hold.extraction_id, credits: hold.credits, expiresAt: toIsoTimestamp(hold.expires_at) })),
      charged,
    },
  };
}
