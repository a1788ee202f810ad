/**
 * Keys and authentication: issuing a key opens its credit account (ApiKeyIssued, then CreditsGranted) through the
 * account's decider; a secret is checked against the stored hash in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ProblemError } from '../errors.ts';
import { keyStreamId } from '../events/docexEvents.ts';
import { handleCommand } from '../events/commandHandler.ts';
import { toIsoTimestamp } from '../events/eventStore.ts';
import { decide, type CreditAccountCommand } from './creditAccount.ts';
import type { LedgerContext } from './ledgerContext.ts';
import { loadCreditAccount } from './loadCreditAccount.ts';
import { SCOPES, type CreatedKey, type KeyView, type Principal, type Scope } from './types.ts';

/** Secrets look like `dx_<key id>_<43 characters of base64url>`: recognisable, and the id finds the row. */
const SECRET_PREFIX = 'dx_';
const SECRET_PATTERN = /^dx_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;
const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export function createApiKeys(context: LedgerContext) {
  const { db } = context.handle;

  const command = (keyId: string, issued: CreditAccountCommand) =>
    handleCommand(
      context.store,
      keyStreamId(keyId),
      {
        load: (trx) => loadCreditAccount(trx, context.handle.dialect, keyId, { lock: true }),
        decide: (state) => decide(issued, state),
        metadata: context.meta({ keyId }),
      },
      async () => undefined,
    );

  const keyRows = () =>
    db
      .selectFrom('api_keys')
      .innerJoin('credit_balances', 'credit_balances.key_id', 'api_keys.key_id')
      .selectAll('api_keys')
      .select(['credit_balances.remaining', 'credit_balances.used']);

  return {
    async createKey(input: {
      name: string;
      credits: number;
      scopes?: readonly Scope[];
      rateLimitPerMinute?: number | null;
    }): Promise<CreatedKey> {
      const name = input.name.trim();
      if (name.length === 0 || name.length > 200) throw new ProblemError('invalid_request', 'A key name is 1 to 200 characters.');
      if (!Number.isSafeInteger(input.credits) || input.credits < 0) throw new ProblemError('invalid_request', 'Credits are a whole number ≥ 0.');
      const scopes = normaliseScopes(input.scopes ?? ['extract']);
      const rateLimit = input.rateLimitPerMinute ?? null;
      if (rateLimit !== null && (!Number.isInteger(rateLimit) || rateLimit < 1)) {
        throw new ProblemError('invalid_request', 'A rate limit is a whole number of requests per minute, at least 1.');
      }
      const keyId = randomId(12);
      const secret = `${SECRET_PREFIX}${keyId}_${randomBytes(32).toString('base64url')}`;
      const prefix = secret.slice(0, SECRET_PREFIX.length + keyId.length + 5);
      await command(keyId, {
        type: 'IssueKey',
        data: { keyId, name, prefix, secretHash: sha256Hex(secret), scopes, rateLimitPerMinute: rateLimit, credits: input.credits },
      });
      const row = await keyRows().where('api_keys.key_id', '=', keyId).executeTakeFirstOrThrow();
      return { id: keyId, key: secret, view: toKeyView(row) };
    },

    async listKeys(): Promise<KeyView[]> {
      const rows = await keyRows().orderBy('api_keys.created_at').orderBy('api_keys.key_id').execute();
      return rows.map(toKeyView);
    },

    async revokeKey(keyId: string, reason?: string): Promise<void> {
      await command(keyId, { type: 'RevokeKey', data: { keyId, reason: reason ?? null } });
    },

    /** null for an unknown or revoked key. */
    async authenticate(secret: string): Promise<Principal | null> {
      const match = SECRET_PATTERN.exec(secret);
      // A malformed secret still pays for one hash, so its answer takes as long as a wrong one.
      const presented = createHash('sha256').update(secret).digest();
      if (match === null) return null;
      const row = await db.selectFrom('api_keys').selectAll().where('key_id', '=', match[1]!).executeTakeFirst();
      if (row === undefined) return null;
      const stored = Buffer.from(row.secret_hash, 'hex');
      if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) return null;
      if (row.revoked_at !== null) return null;
      return toPrincipal(row);
    },
  };
}

type KeyRow = {
  key_id: string;
  name: string;
  prefix: string;
  scopes: string;
  rate_limit_per_minute: number | null;
  created_at: Date | string;
  revoked_at: Date | string | null;
  remaining: number;
  used: number;
};

function toKeyView(row: KeyRow): KeyView {
  return {
    ...toPrincipal(row),
    prefix: row.prefix,
    createdAt: toIsoTimestamp(row.created_at),
    revokedAt: row.revoked_at === null ? null : toIsoTimestamp(row.revoked_at),
    creditsRemaining: row.remaining,
    creditsUsed: row.used,
  };
}

function toPrincipal(row: { key_id: string; name: string; scopes: string; rate_limit_per_minute: number | null }): Principal {
  return {
    keyId: row.key_id,
    name: row.name,
    scopes: normaliseScopes(JSON.parse(row.scopes) as string[]),
    rateLimitPerMinute: row.rate_limit_per_minute,
  };
}

function normaliseScopes(scopes: readonly string[]): Scope[] {
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) {
    throw new ProblemError('invalid_request', `Unknown scope(s): ${unknown.join(', ')}. Known: ${SCOPES.join(', ')}.`);
  }
  if (scopes.length === 0) throw new ProblemError('invalid_request', 'A key needs at least one scope.');
  return SCOPES.filter((scope) => scopes.includes(scope));
}

const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

function randomId(length: number): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}
