/**
 * The ledger: every write is an append to a key stream or an extraction stream; every read comes from the inline
 * projections (api_keys, credit_balances, extractions, idempotency_charges) that those appends keep exact.
 *
 * A charge is an append to the key's stream with the version the balance was read at. Two requests that read the
 * same balance cannot both append: the second gets ExpectedVersionConflictError (on one machine or several, since
 * the (stream_id, stream_position) key is the database's), re-reads and either pays from what is left or is refused.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DatabaseHandle } from '../db/createDatabase.ts';
import { ProblemError } from '../errors.ts';
import { extractionStreamId, keyStreamId, type DocexEvent } from '../events/docexEvents.ts';
import type { EventMetadata } from '../events/event.ts';
import { createEventStore, toIsoTimestamp, type EventStore } from '../events/eventStore.ts';
import { ExpectedVersionConflictError } from '../events/expectedVersion.ts';
import { docexProjections } from '../events/projections/docexProjections.ts';
import {
  SCOPES,
  type AuditEvent,
  type ChargeOutcome,
  type KeyView,
  type Ledger,
  type Principal,
  type Scope,
} from './types.ts';

/** Secrets look like `dx_<key id>_<43 characters of base64url>`: recognisable, and the id finds the row. */
const SECRET_PREFIX = 'dx_';
const SECRET_PATTERN = /^dx_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;
const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Why a completion was not charged; the failure is recorded in the same transaction. */
type Refusal = { readonly refused: 'insufficient_credits' | 'idempotency_conflict' };

/** Appends that lose a race re-read and try again; this many losses in a row is a fault, not contention. */
const MAX_APPEND_ATTEMPTS = 100;

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
  const store = createEventStore(handle, {
    projections: docexProjections,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
  const { db } = handle;
  const source = options.source;
  const clock = options.clock ?? (() => new Date());
  const holdTtlMs = options.holdTtlMs ?? 10 * 60_000;

  /**
   * The account as both `/v1/usage` and a 402 state it: the balance, what requests in flight hold (holds that
   * have not expired), and what is left to start work with. One computation, so the two never disagree.
   */
  async function accountFigures(executor: typeof db, keyId: string) {
    const balance = await executor
      .selectFrom('credit_balances')
      .select(['remaining', 'used', 'granted', 'version'])
      .where('key_id', '=', keyId)
      .executeTakeFirst();
    const row = await executor
      .selectFrom('credit_holds')
      .select((eb) => eb.fn.sum<string | number | null>('credits').as('held'))
      .where('key_id', '=', keyId)
      .where('expires_at', '>', clock().toISOString())
      .executeTakeFirst();
    const held = Number(row?.held ?? 0);
    const remaining = balance?.remaining ?? 0;
    return { balance, remaining, held, available: Math.max(0, remaining - held) };
  }

  /**
   * Closes the holds of `keyId` that expired (their instance died, or outlived its budget): one CreditsReleased
   * (reason `expired`) each on the key's stream, appended at the version read, so when instances race only the
   * first append lands and the others re-read and find nothing left. The extraction, if still open, is abandoned
   * in the same transaction.
   */
  async function releaseExpired(trx: typeof db, keyId: string): Promise<{ released: number; abandoned: number }> {
    const expired = await trx
      .selectFrom('credit_holds')
      .select(['extraction_id', 'credits'])
      .where('key_id', '=', keyId)
      .where('expires_at', '<=', clock().toISOString())
      .orderBy('extraction_id')
      .execute();
    if (expired.length === 0) return { released: 0, abandoned: 0 };
    const balance = await trx.selectFrom('credit_balances').select('version').where('key_id', '=', keyId).executeTakeFirstOrThrow();
    const metadata = expiryMeta(keyId);
    await store.appendToStream(
      trx,
      keyStreamId(keyId),
      expired.map((hold) => ({
        type: 'CreditsReleased',
        data: { credits: hold.credits, extractionId: hold.extraction_id, reason: 'expired' },
        metadata,
      })),
      { expectedVersion: balance.version },
    );
    let abandoned = 0;
    for (const hold of expired) if (await abandon(trx, hold.extraction_id)) abandoned++;
    return { released: expired.length, abandoned };
  }

  /** Appends ExtractionAbandoned when the extraction's stream holds only its request (nothing closed it). */
  async function abandon(trx: typeof db, extractionId: string): Promise<boolean> {
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

  /** Expired holds of one key, or of every key: each key in its own transaction. */
  async function sweep(keyId: string | null): Promise<{ released: number; abandoned: number }> {
    const now = clock().toISOString();
    let keys = db.selectFrom('credit_holds').select('key_id').distinct().where('expires_at', '<=', now);
    if (keyId !== null) keys = keys.where('key_id', '=', keyId);
    const total = { released: 0, abandoned: 0 };
    for (const { key_id } of await keys.execute()) {
      const done = await retryOnConflict(() => store.transaction((trx) => releaseExpired(trx, key_id)));
      total.released += done.released;
      total.abandoned += done.abandoned;
    }
    // Requests that held nothing (an idempotent replay) have no hold to expire: they are abandoned by age.
    let stale = db
      .selectFrom('extractions')
      .select('extraction_id')
      .where('outcome', 'is', null)
      .where('requested_at', '<=', new Date(clock().getTime() - holdTtlMs).toISOString())
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('credit_holds').select('credit_holds.extraction_id').whereRef('credit_holds.extraction_id', '=', 'extractions.extraction_id'))),
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

  /** The input an Idempotency-Key was already charged for, if it was. */
  async function priorCharge(executor: typeof db, keyId: string, idempotencyKey: string | null) {
    if (idempotencyKey === null) return null;
    const row = await executor
      .selectFrom('idempotency_charges')
      .select('input_sha256')
      .where('key_id', '=', keyId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    return row === undefined ? null : { inputSha256: row.input_sha256 };
  }

  async function holdOf(executor: typeof db, extractionId: string) {
    return executor.selectFrom('credit_holds').select(['credits']).where('extraction_id', '=', extractionId).executeTakeFirst();
  }

  /** Records a refusal and ends the extraction's hold, if it has one, in the caller's transaction. */
  async function recordFailure(
    trx: typeof db,
    failure: { extractionId: string; keyId: string; documentType: string; code: string; durationMs: number },
    metadata: EventMetadata,
  ): Promise<void> {
    const hold = await holdOf(trx, failure.extractionId);
    if (hold !== undefined) {
      const balance = await trx
        .selectFrom('credit_balances')
        .select('version')
        .where('key_id', '=', failure.keyId)
        .executeTakeFirstOrThrow();
      await store.appendToStream(
        trx,
        keyStreamId(failure.keyId),
        [
          {
            type: 'CreditsReleased',
            data: { credits: hold.credits, extractionId: failure.extractionId, reason: failure.code },
            metadata,
          },
        ],
        { expectedVersion: balance.version },
      );
    }
    await store.appendToStream(trx, extractionStreamId(failure.extractionId), [{ type: 'ExtractionFailed', data: failure, metadata }], {
      expectedVersion: 'any',
    });
  }
  const meta = (extra: EventMetadata): EventMetadata => ({ ...(source === undefined ? {} : { source }), ...extra });
  const expiryMeta = (keyId: string): EventMetadata => ({ keyId, source: 'hold_expiry' });

  async function keyRow(keyId: string) {
    return db
      .selectFrom('api_keys')
      .innerJoin('credit_balances', 'credit_balances.key_id', 'api_keys.key_id')
      .selectAll('api_keys')
      .select(['credit_balances.remaining', 'credit_balances.used', 'credit_balances.granted', 'credit_balances.version'])
      .where('api_keys.key_id', '=', keyId)
      .executeTakeFirst();
  }

  async function requireKey(keyId: string) {
    const row = await keyRow(keyId);
    if (row === undefined) throw new ProblemError('not_found', `No API key with id ${keyId}.`);
    return row;
  }

  return {
    async createKey(input) {
      const name = input.name.trim();
      if (name.length === 0 || name.length > 200) throw new ProblemError('invalid_request', 'A key name is 1 to 200 characters.');
      assertCredits(input.credits, true);
      const scopes = normaliseScopes(input.scopes ?? ['extract']);
      const rateLimit = input.rateLimitPerMinute ?? null;
      if (rateLimit !== null && (!Number.isInteger(rateLimit) || rateLimit < 1)) {
        throw new ProblemError('invalid_request', 'A rate limit is a whole number of requests per minute, at least 1.');
      }
      const keyId = randomId(12);
      const secret = `${SECRET_PREFIX}${keyId}_${randomBytes(32).toString('base64url')}`;
      const prefix = secret.slice(0, SECRET_PREFIX.length + keyId.length + 5);
      const events: DocexEvent[] = [
        {
          type: 'ApiKeyIssued',
          data: { keyId, name, prefix, secretHash: sha256Hex(secret), scopes, rateLimitPerMinute: rateLimit },
          metadata: meta({ keyId }),
        },
      ];
      if (input.credits > 0) {
        events.push({ type: 'CreditsGranted', data: { credits: input.credits, reason: 'initial' }, metadata: meta({ keyId }) });
      }
      await store.appendToStream(db, keyStreamId(keyId), events, { expectedVersion: 'no_stream' });
      return { id: keyId, key: secret, view: toKeyView((await keyRow(keyId))!) };
    },

    async listKeys() {
      const rows = await db
        .selectFrom('api_keys')
        .innerJoin('credit_balances', 'credit_balances.key_id', 'api_keys.key_id')
        .selectAll('api_keys')
        .select(['credit_balances.remaining', 'credit_balances.used', 'credit_balances.granted', 'credit_balances.version'])
        .orderBy('api_keys.created_at')
        .orderBy('api_keys.key_id')
        .execute();
      return rows.map(toKeyView);
    },

    async revokeKey(keyId, reason) {
      await retryOnConflict(async () => {
        const row = await requireKey(keyId);
        if (row.revoked_at !== null) return;
        await store.appendToStream(
          db,
          keyStreamId(keyId),
          [{ type: 'ApiKeyRevoked', data: { keyId, reason: reason ?? null }, metadata: meta({ keyId }) }],
          { expectedVersion: row.version },
        );
      });
    },

    async grantCredits(keyId, credits, reason) {
      assertCredits(credits, false);
      return retryOnConflict(async () => {
        const row = await requireKey(keyId);
        if (row.revoked_at !== null) throw new ProblemError('invalid_request', `API key ${keyId} is revoked.`);
        await store.appendToStream(
          db,
          keyStreamId(keyId),
          [{ type: 'CreditsGranted', data: { credits, reason: reason ?? null }, metadata: meta({ keyId }) }],
          { expectedVersion: row.version },
        );
        return { remaining: row.remaining + credits };
      });
    },

    async authenticate(secret) {
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

    async balance(keyId) {
      await sweep(keyId);
      return (await accountFigures(db, keyId)).available;
    },

    releaseExpiredHolds: () => sweep(null),

    findIdempotentCharge: (keyId, idempotencyKey) => priorCharge(db, keyId, idempotencyKey),

    async extractionRequested(start) {
      const metadata = meta({ keyId: start.keyId, requestId: start.requestId });
      const outcome = await retryOnConflict(() =>
        store.transaction(async (trx): Promise<{ available: number } | null> => {
          const prior = await priorCharge(trx, start.keyId, start.idempotencyKey);
          const credits = prior?.inputSha256 === start.inputSha256 ? 0 : start.credits;
          if (credits > 0) {
            await releaseExpired(trx, start.keyId);
            const { balance, available } = await accountFigures(trx, start.keyId);
            if (balance === undefined) throw new Error(`No credit account for key ${start.keyId}`);
            if (credits > available) {
              const failure = { extractionId: start.extractionId, keyId: start.keyId, documentType: start.documentType };
              await recordFailure(trx, { ...failure, code: 'insufficient_credits', durationMs: 0 }, metadata);
              return { available };
            }
            const expiresAt = new Date(clock().getTime() + holdTtlMs).toISOString();
            await store.appendToStream(
              trx,
              keyStreamId(start.keyId),
              [{ type: 'CreditsReserved', data: { credits, extractionId: start.extractionId, expiresAt }, metadata }],
              { expectedVersion: balance.version },
            );
          }
          await store.appendToStream(trx, extractionStreamId(start.extractionId), [{ type: 'ExtractionRequested', data: start, metadata }], {
            expectedVersion: 'no_stream',
          });
          return null;
        }),
      );
      if (outcome !== null) {
        throw new ProblemError(
          'insufficient_credits',
          `This request costs ${start.credits} credit(s); the key has ${outcome.available} not already held by requests in flight.`,
          { extensions: { required: start.credits, available: outcome.available } },
        );
      }
    },

    async extractionCompleted(done) {
      const metadata = meta({ keyId: done.keyId });
      const outcome = await retryOnConflict(() =>
        store.transaction(async (trx): Promise<ChargeOutcome | Refusal> => {
          const balance = await trx
            .selectFrom('credit_balances')
            .select(['remaining', 'version'])
            .where('key_id', '=', done.keyId)
            .executeTakeFirst();
          if (balance === undefined) throw new Error(`No credit account for key ${done.keyId}`);
          const prior = await priorCharge(trx, done.keyId, done.idempotencyKey);
          const credits = prior?.inputSha256 === done.inputSha256 ? 0 : done.credits;
          let refusal: Refusal | null = prior !== null && credits !== 0 ? { refused: 'idempotency_conflict' } : null;
          if (refusal === null && credits > balance.remaining) refusal = { refused: 'insufficient_credits' };
          const streamId = extractionStreamId(done.extractionId);
          if (refusal !== null) {
            const failure = { extractionId: done.extractionId, keyId: done.keyId, documentType: done.documentType };
            await recordFailure(trx, { ...failure, code: refusal.refused, durationMs: done.durationMs }, metadata);
            return refusal;
          }
          const hold = await holdOf(trx, done.extractionId);
          if (credits === 0 && hold !== undefined) {
            await store.appendToStream(
              trx,
              keyStreamId(done.keyId),
              [{ type: 'CreditsReleased', data: { credits: hold.credits, extractionId: done.extractionId, reason: 'not_charged' }, metadata }],
              { expectedVersion: balance.version },
            );
          }
          if (credits > 0) {
            await store.appendToStream(
              trx,
              keyStreamId(done.keyId),
              [
                {
                  type: 'CreditsCharged',
                  data: {
                    credits,
                    extractionId: done.extractionId,
                    idempotencyKey: done.idempotencyKey,
                    inputSha256: done.inputSha256,
                  },
                  metadata,
                },
              ],
              { expectedVersion: balance.version },
            );
          }
          await store.appendToStream(trx, streamId, [{ type: 'ExtractionCompleted', data: { ...done, credits }, metadata }], {
            expectedVersion: 'any',
          });
          return { charged: credits, remaining: balance.remaining - credits };
        }),
      );
      if ('refused' in outcome) {
        throw outcome.refused === 'insufficient_credits'
          ? new ProblemError(
              'insufficient_credits',
              'Another request spent the credits this one needed while it was being read; nothing was charged.',
            )
          : new ProblemError('idempotency_conflict', 'This Idempotency-Key was already used for a request with different files.');
      }
      return outcome;
    },

    async extractionFailed(failure) {
      await retryOnConflict(() => store.transaction((trx) => recordFailure(trx, failure, meta({ keyId: failure.keyId }))));
    },

    async usage(keyId) {
      await sweep(keyId);
      const { balance, remaining, held, available } = await accountFigures(db, keyId);
      const byOutcome = await db
        .selectFrom('extractions')
        .select(['outcome', 'document_type', (eb) => eb.fn.countAll<string | number>().as('count')])
        .where('key_id', '=', keyId)
        .groupBy(['outcome', 'document_type'])
        .execute();
      const requestsByOutcome: Record<string, number> = {};
      const requestsByDocumentType: Record<string, number> = {};
      for (const row of byOutcome) {
        const outcome = row.outcome ?? 'in_progress';
        requestsByOutcome[outcome] = (requestsByOutcome[outcome] ?? 0) + Number(row.count);
        requestsByDocumentType[row.document_type] = (requestsByDocumentType[row.document_type] ?? 0) + Number(row.count);
      }
      return {
        keyId,
        creditsRemaining: remaining,
        creditsUsed: balance?.used ?? 0,
        creditsGranted: balance?.granted ?? 0,
        creditsHeld: held,
        creditsAvailable: available,
        requestsByOutcome,
        requestsByDocumentType,
      };
    },

    async auditEvents(query) {
      const after = query.after === undefined ? undefined : decodeCursor(query.after);
      const rows = await store.readAll({
        limit: query.limit + 1,
        ...(after === undefined ? {} : { after }),
        ...(query.types === undefined ? {} : { types: query.types }),
        ...(query.keyId === undefined ? {} : { keyId: query.keyId }),
        ...(query.from === undefined ? {} : { from: toIsoTimestamp(query.from) }),
        ...(query.to === undefined ? {} : { to: toIsoTimestamp(query.to) }),
      });
      const page = rows.slice(0, query.limit);
      const events: AuditEvent[] = page.map((event) => ({
        position: event.position,
        streamId: event.streamId,
        streamPosition: event.streamPosition,
        type: event.type,
        data: redactForAudit(event.type, event.data as Record<string, unknown>),
        metadata: event.metadata as Record<string, unknown>,
        recordedAt: event.recordedAt,
      }));
      const last = page[page.length - 1];
      return { events, nextCursor: rows.length > query.limit && last !== undefined ? encodeCursor(last.position) : null };
    },

    async close() {
      // The database handle belongs to whoever opened it; the ledger holds nothing else.
    },
  };

  type KeyRow = NonNullable<Awaited<ReturnType<typeof keyRow>>>;

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
}

function toPrincipal(row: { key_id: string; name: string; scopes: string; rate_limit_per_minute: number | null }): Principal {
  return {
    keyId: row.key_id,
    name: row.name,
    scopes: normaliseScopes(JSON.parse(row.scopes) as string[]),
    rateLimitPerMinute: row.rate_limit_per_minute,
  };
}

/** The secret's hash is not a personal value, but it has no business in an export either. */
function redactForAudit(type: string, data: Record<string, unknown>): Record<string, unknown> {
  if (type !== 'ApiKeyIssued') return data;
  const { secretHash: _secretHash, ...rest } = data;
  return rest;
}

export async function retryOnConflict<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ExpectedVersionConflictError) || tries >= MAX_APPEND_ATTEMPTS) throw error;
      await new Promise<void>((resolve) => setTimeout(resolve, Math.random() * Math.min(40, 2 * tries)));
    }
  }
}

function normaliseScopes(scopes: readonly string[]): Scope[] {
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) {
    throw new ProblemError('invalid_request', `Unknown scope(s): ${unknown.join(', ')}. Known: ${SCOPES.join(', ')}.`);
  }
  if (scopes.length === 0) throw new ProblemError('invalid_request', 'A key needs at least one scope.');
  return SCOPES.filter((scope) => scopes.includes(scope));
}

function assertCredits(credits: number, zeroAllowed: boolean): void {
  if (!Number.isSafeInteger(credits) || credits < (zeroAllowed ? 0 : 1)) {
    throw new ProblemError('invalid_request', `Credits are a whole number ${zeroAllowed ? '≥ 0' : '≥ 1'}.`);
  }
}

const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

function randomId(length: number): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}

const encodeCursor = (position: string): string => Buffer.from(`p:${position}`).toString('base64url');

function decodeCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^p:(\d{1,19})$/.exec(text);
  if (match === null) throw new ProblemError('invalid_request', 'The cursor is not one this service issued.');
  return match[1]!;
}
