import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../core/db/createDatabase.ts';
import { fold, initialState } from '../../core/credits/creditAccount.ts';
import { createLedger } from '../../core/credits/ledger.ts';
import { loadCreditAccount } from '../../core/credits/loadCreditAccount.ts';
import type { KeyEvent } from '../../core/events/docexEvents.ts';
import { createEventStore } from '../../core/events/eventStore.ts';
import type { ExtractionCompletion, ExtractionStart, Ledger } from '../../core/credits/types.ts';
import { ProblemError } from '../../core/errors.ts';
import { testDialects, type TestDatabase } from '../support/db.ts';

let sequence = 0;
const completion = (keyId: string, credits: number, extra: Partial<ExtractionCompletion> = {}): ExtractionCompletion => ({
  extractionId: `x-${++sequence}-${Math.random().toString(36).slice(2)}`,
  keyId,
  documentType: 'pan',
  credits,
  inputSha256: 'a'.repeat(64),
  idempotencyKey: null,
  durationMs: 12,
  fieldsPresent: ['pan_number'],
  warnings: 0,
  ...extra,
});

const start = (keyId: string, credits: number, extra: Partial<ExtractionStart> = {}): ExtractionStart => ({
  extractionId: `s-${++sequence}-${Math.random().toString(36).slice(2)}`,
  keyId,
  requestId: `req-${sequence}`,
  documentType: 'pan',
  plugin: { name: 'pan', version: '1.0.0' },
  pages: { file: credits },
  credits,
  inputSha256: 'a'.repeat(64),
  idempotencyKey: null,
  ...extra,
});

describe.each(testDialects)('ledger on $name', (dialect) => {
  let database: TestDatabase;
  let ledger: Ledger;

  beforeAll(async () => {
    database = await dialect.create();
    ledger = createLedger(database.handle);
  });
  afterAll(async () => database?.drop());

  it('issues a key whose secret authenticates, is stored only as a hash, and carries its credits', async () => {
    const created = await ledger.createKey({ name: 'acme', credits: 5, scopes: ['extract', 'audit'], rateLimitPerMinute: 30 });
    expect(created.key).toMatch(/^dx_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    const principal = await ledger.authenticate(created.key);
    expect(principal).toEqual({ keyId: created.id, name: 'acme', scopes: ['extract', 'audit'], rateLimitPerMinute: 30 });
    expect(await ledger.balance(created.id)).toBe(5);
    // One character off, or another key's id with this secret: refused.
    const last = created.key.at(-1) === 'A' ? 'B' : 'A';
    expect(await ledger.authenticate(created.key.slice(0, -1) + last)).toBeNull();
    expect(await ledger.authenticate('dx_nope')).toBeNull();
    const rows = await database.handle.db.selectFrom('events').select(['data']).execute();
    expect(JSON.stringify(rows)).not.toContain(created.key.slice('dx_'.length + 13));
  });

  it('charges on completion, reads an exact balance afterwards, and refuses what the balance does not cover', async () => {
    const { id } = await ledger.createKey({ name: 'charges', credits: 3 });
    expect(await ledger.extractionCompleted(completion(id, 2))).toEqual({ charged: 2, remaining: 1 });
    expect(await ledger.balance(id)).toBe(1);
    const error = await ledger.extractionCompleted(completion(id, 2)).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ProblemError);
    expect((error as ProblemError).code).toBe('insufficient_credits');
    expect(await ledger.balance(id)).toBe(1);
    const usage = await ledger.usage(id);
    expect(usage).toMatchObject({ creditsRemaining: 1, creditsUsed: 2, creditsGranted: 3 });
    expect(usage.requestsByOutcome).toEqual({ ok: 1, insufficient_credits: 1 });
  });

  it('never lets racing completions spend the same credit', async () => {
    const { id } = await ledger.createKey({ name: 'race', credits: 10 });
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => ledger.extractionCompleted(completion(id, 1))));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as ProblemError).code).toBe('insufficient_credits');
    }
    expect(await ledger.balance(id)).toBe(0);
    expect((await ledger.usage(id)).creditsUsed).toBe(10);
  });

  it('does not charge a retry with the same Idempotency-Key and bytes, and refuses one with other bytes', async () => {
    const { id } = await ledger.createKey({ name: 'idem', credits: 5 });
    const first = await ledger.extractionCompleted(completion(id, 2, { idempotencyKey: 'retry-1' }));
    expect(first).toEqual({ charged: 2, remaining: 3 });
    expect(await ledger.findIdempotentCharge(id, 'retry-1')).toEqual({ inputSha256: 'a'.repeat(64) });
    const retry = await ledger.extractionCompleted(completion(id, 2, { idempotencyKey: 'retry-1' }));
    expect(retry).toEqual({ charged: 0, remaining: 3 });
    const reuse = await ledger
      .extractionCompleted(completion(id, 2, { idempotencyKey: 'retry-1', inputSha256: 'b'.repeat(64) }))
      .catch((thrown: unknown) => thrown);
    expect((reuse as ProblemError).code).toBe('idempotency_conflict');
    expect(await ledger.balance(id)).toBe(3);
  });

  it('grants credits, revokes keys, and lists them without secrets', async () => {
    const created = await ledger.createKey({ name: 'lifecycle', credits: 0 });
    expect(await ledger.grantCredits(created.id, 7, 'top-up')).toEqual({ remaining: 7 });
    await ledger.revokeKey(created.id, 'leaked');
    await ledger.revokeKey(created.id);
    expect(await ledger.authenticate(created.key)).toBeNull();
    const listed = (await ledger.listKeys()).find((key) => key.keyId === created.id);
    expect(listed).toMatchObject({ creditsRemaining: 7, name: 'lifecycle' });
    expect(listed?.revokedAt).not.toBeNull();
    expect(JSON.stringify(await ledger.listKeys())).not.toContain(created.key);
    await expect(ledger.grantCredits('nosuchkey000', 1)).rejects.toMatchObject({ code: 'not_found' });
    await expect(ledger.grantCredits(created.id, 0)).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(ledger.createKey({ name: 'x', credits: 1, scopes: ['root' as never] })).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });

  it('records requests and failures in the audit view, pages through it and filters it', async () => {
    const { id } = await ledger.createKey({ name: 'audit', credits: 4 });
    const start = {
      extractionId: `audit-${Date.now()}`,
      keyId: id,
      requestId: 'req-1',
      documentType: 'passport',
      plugin: { name: 'passport', version: '1.0.0' },
      pages: { first_page: 1 },
      credits: 1,
      inputSha256: 'c'.repeat(64),
      idempotencyKey: null,
    };
    await ledger.extractionRequested(start);
    await ledger.extractionCompleted(completion(id, 1, { extractionId: start.extractionId, documentType: 'passport' }));
    await ledger.extractionFailed({ extractionId: 'f-1', keyId: id, documentType: 'pan', code: 'unreadable_document', durationMs: 5 });

    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page++) {
      const result = await ledger.auditEvents({ keyId: id, limit: 2, ...(after === undefined ? {} : { after }) });
      seen.push(...result.events.map((event) => event.type));
      if (result.nextCursor === null) break;
      after = result.nextCursor;
    }
    expect(seen).toEqual([
      'ApiKeyIssued',
      'CreditsGranted',
      'CreditsReserved',
      'ExtractionRequested',
      'CreditsCharged',
      'ExtractionCompleted',
      'ExtractionFailed',
    ]);
    const failed = await ledger.auditEvents({ keyId: id, types: ['ExtractionFailed'], limit: 10 });
    expect(failed.events.map((event) => event.data['code'])).toEqual(['unreadable_document']);
    const issued = await ledger.auditEvents({ keyId: id, types: ['ApiKeyIssued'], limit: 10 });
    expect(issued.events[0]?.data).not.toHaveProperty('secretHash');
    const future = await ledger.auditEvents({ keyId: id, from: new Date(Date.now() + 60_000).toISOString(), limit: 10 });
    expect(future.events).toEqual([]);
    await expect(ledger.auditEvents({ limit: 10, after: 'garbage' })).rejects.toMatchObject({ code: 'invalid_request' });
    expect((await ledger.usage(id)).requestsByOutcome).toEqual({ ok: 1, unreadable_document: 1 });
  });

  it('keeps two ledgers on one database (two instances) from spending the same credit', async () => {
    const second = createDatabase(database.config);
    try {
      const other = createLedger(second);
      const { id } = await ledger.createKey({ name: 'two-instances', credits: 10 });
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, (_, n) => (n % 2 === 0 ? ledger : other).extractionCompleted(completion(id, 1))),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
      expect(await other.balance(id)).toBe(0);
      expect((await ledger.usage(id)).requestsByOutcome).toEqual({ ok: 10, insufficient_credits: 20 });
    } finally {
      await second.destroy();
    }
  });

  it('holds the credits of a request in flight, charges or releases the hold, and refuses what is held', async () => {
    const { id } = await ledger.createKey({ name: 'holds', credits: 3 });
    const a = start(id, 2);
    await ledger.extractionRequested(a);
    expect(await ledger.balance(id)).toBe(1);
    const refused = await ledger.extractionRequested(start(id, 2)).catch((thrown: unknown) => thrown);
    expect(refused).toMatchObject({ code: 'insufficient_credits', extensions: { required: 2, available: 1 } });
    expect(await ledger.extractionCompleted(completion(id, 2, { extractionId: a.extractionId }))).toEqual({ charged: 2, remaining: 1 });
    expect(await ledger.balance(id)).toBe(1);
    const c = start(id, 1);
    await ledger.extractionRequested(c);
    expect(await ledger.balance(id)).toBe(0);
    await ledger.extractionFailed({ extractionId: c.extractionId, keyId: id, documentType: 'pan', code: 'unreadable_document', durationMs: 3 });
    expect(await ledger.balance(id)).toBe(1);
    const types = (await ledger.auditEvents({ keyId: id, limit: 100 })).events.map((event) => event.type);
    expect(types.filter((type) => type === 'CreditsReserved')).toHaveLength(2);
    expect(types.filter((type) => type === 'CreditsReleased')).toHaveLength(1);
    expect((await ledger.usage(id)).requestsByOutcome).toEqual({ ok: 1, insufficient_credits: 1, unreadable_document: 1 });
  });

  it('admits exactly as many racing requests as the balance pays for, before any work', async () => {
    const second = createDatabase(database.config);
    try {
      const other = createLedger(second);
      const { id } = await ledger.createKey({ name: 'admission race', credits: 10 });
      const starts = Array.from({ length: 30 }, () => start(id, 1));
      const admitted = await Promise.allSettled(starts.map((s, n) => (n % 2 === 0 ? ledger : other).extractionRequested(s)));
      expect(admitted.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
      expect(await ledger.balance(id)).toBe(0);
      const running = starts.filter((_, n) => admitted[n]!.status === 'fulfilled');
      await Promise.all(running.map((s) => ledger.extractionCompleted(completion(id, 1, { extractionId: s.extractionId }))));
      expect(await other.usage(id)).toMatchObject({ creditsRemaining: 0, creditsUsed: 10 });
    } finally {
      await second.destroy();
    }
  });

  it('lets a hold expire when its request never finishes (its instance died), and closes it in the log', async () => {
    let now = Date.now();
    const clocked = createLedger(database.handle, { clock: () => new Date(now), holdTtlMs: 60_000 });
    const { id } = await clocked.createKey({ name: 'expiring', credits: 2 });
    const orphan = start(id, 2);
    await clocked.extractionRequested(orphan);
    expect(await clocked.balance(id)).toBe(0);
    now += 61_000;
    expect(await clocked.balance(id)).toBe(2);
    await clocked.extractionRequested(start(id, 2));
    const events = (await clocked.auditEvents({ keyId: id, limit: 100 })).events;
    const released = events.filter((event) => event.type === 'CreditsReleased');
    expect(released.map((event) => event.data)).toEqual([{ credits: 2, extractionId: orphan.extractionId, reason: 'expired' }]);
    expect(released[0]?.metadata).toMatchObject({ keyId: id, source: 'hold_expiry' });
    expect(events.filter((event) => event.type === 'ExtractionAbandoned').map((event) => event.streamId)).toEqual([
      `extraction-${orphan.extractionId}`,
    ]);
  });

  it('closes expired holds exactly once when two instances race to release them', async () => {
    let now = Date.now();
    const clock = () => new Date(now);
    const second = createDatabase(database.config);
    try {
      const one = createLedger(database.handle, { clock, holdTtlMs: 5_000 });
      const two = createLedger(second, { clock, holdTtlMs: 5_000 });
      const { id } = await one.createKey({ name: 'expiry race', credits: 6 });
      const orphans = [start(id, 1), start(id, 2), start(id, 1), start(id, 0)];
      for (const orphan of orphans) await one.extractionRequested(orphan);
      expect(await two.usage(id)).toMatchObject({ creditsHeld: 4, creditsAvailable: 2, requestsByOutcome: { in_progress: 4 } });
      now += 6_000;
      await Promise.all(
        Array.from({ length: 12 }, (_, n) => {
          const ledger = n % 2 === 0 ? one : two;
          return n % 3 === 0 ? ledger.releaseExpiredHolds() : n % 3 === 1 ? ledger.usage(id) : ledger.balance(id);
        }),
      );
      const events = (await one.auditEvents({ keyId: id, limit: 100 })).events;
      const releases = events.filter((event) => event.type === 'CreditsReleased').map((event) => event.data['extractionId']);
      expect([...releases].sort()).toEqual(orphans.filter((o) => o.credits > 0).map((o) => o.extractionId).sort());
      const abandoned = events.filter((event) => event.type === 'ExtractionAbandoned').map((event) => event.data['extractionId']);
      expect([...abandoned].sort()).toEqual(orphans.map((o) => o.extractionId).sort());
      expect(await two.usage(id)).toMatchObject({
        creditsRemaining: 6,
        creditsUsed: 0,
        creditsHeld: 0,
        creditsAvailable: 6,
        requestsByOutcome: { abandoned: 4 },
      });
      expect(await one.releaseExpiredHolds()).toEqual({ released: 0, abandoned: 0 });
    } finally {
      await second.destroy();
    }
  });

  it('states the same available credits in usage as in a 402', async () => {
    const { id } = await ledger.createKey({ name: 'agree', credits: 5 });
    await ledger.extractionRequested(start(id, 3));
    const refused = await ledger.extractionRequested(start(id, 3)).catch((thrown: unknown) => thrown);
    const usage = await ledger.usage(id);
    expect(usage).toMatchObject({ creditsRemaining: 5, creditsHeld: 3, creditsAvailable: 2 });
    expect(refused).toMatchObject({ code: 'insufficient_credits', extensions: { available: usage.creditsAvailable } });
  });

  it('holds nothing for a retry already charged under the same Idempotency-Key', async () => {
    const { id } = await ledger.createKey({ name: 'idempotent hold', credits: 1 });
    const first = start(id, 1, { idempotencyKey: 'k-1' });
    await ledger.extractionRequested(first);
    await ledger.extractionCompleted(completion(id, 1, { extractionId: first.extractionId, idempotencyKey: 'k-1' }));
    const retry = start(id, 1, { idempotencyKey: 'k-1' });
    await ledger.extractionRequested(retry);
    expect(await ledger.extractionCompleted(completion(id, 1, { extractionId: retry.extractionId, idempotencyKey: 'k-1' }))).toEqual({
      charged: 0,
      remaining: 0,
    });
  });

  it('loads from the projections the same account the decider folds from the stream', async () => {
    const { id } = await ledger.createKey({ name: 'fold', credits: 6 });
    const a = start(id, 2, { idempotencyKey: 'fold-1' });
    await ledger.extractionRequested(a);
    await ledger.extractionCompleted(completion(id, 2, { extractionId: a.extractionId, idempotencyKey: 'fold-1' }));
    const b = start(id, 1);
    await ledger.extractionRequested(b);
    await ledger.extractionFailed({ extractionId: b.extractionId, keyId: id, documentType: 'pan', code: 'unreadable_document', durationMs: 1 });
    await ledger.extractionRequested(start(id, 3));
    await ledger.grantCredits(id, 4);
    const stream = await createEventStore(database.handle).readStream(`key-${id}`);
    const folded = fold(initialState(), stream as unknown as KeyEvent[]);
    const loaded = await loadCreditAccount(database.handle.db, database.handle.dialect, id, { idempotencyKey: 'fold-1' });
    expect(loaded.version).toBe(stream.length);
    expect(loaded.state).toEqual(folded);
    expect(folded).toMatchObject({ remaining: 8, used: 2, granted: 10, charged: { 'fold-1': 'a'.repeat(64) } });
  });
});
