/** The credit account decider, given / when / then: events so far, a command, the events it decides (or a refusal). */
import { describe, expect, it } from 'vitest';
import {
  availableCredits,
  decide,
  evolve,
  fold,
  initialState,
  type CreditAccountCommand,
  type CreditDecision,
} from '../../core/credits/creditAccount.ts';
import type { KeyEvent } from '../../core/events/docexEvents.ts';

const NOW = '2026-11-23T12:00:00.000Z';
const LATER = '2026-11-23T12:10:00.000Z';

function given(...events: KeyEvent[]) {
  const state = fold(initialState(), events);
  return {
    when(command: CreditAccountCommand) {
      const run = () => decide(command, state);
      return {
        // biome-ignore lint/suspicious/noThenProperty: given / when / then is the spec's reading; never awaited.
        then: (events: KeyEvent[], refusal: CreditDecision['refusal'] = null) => expect(run()).toEqual({ events, refusal }),
        thenThrows: (code: string) => expect(run).toThrow(expect.objectContaining({ code })),
      };
    },
  };
}

const issuedData = { keyId: 'k1', name: 'acme', prefix: 'dx_k1', secretHash: 'h', scopes: ['extract' as const], rateLimitPerMinute: null };
const issued: KeyEvent = { type: 'ApiKeyIssued', data: issuedData };
const granted = (credits: number): KeyEvent => ({ type: 'CreditsGranted', data: { credits, reason: null } });
const reserved = (extractionId: string, credits: number, expiresAt = LATER): KeyEvent => ({
  type: 'CreditsReserved',
  data: { extractionId, credits, expiresAt },
});
const charged = (extractionId: string, credits: number, idempotencyKey: string | null = null, inputSha256 = 'in-a'): KeyEvent => ({
  type: 'CreditsCharged',
  data: { extractionId, credits, idempotencyKey, inputSha256 },
});
const released = (extractionId: string, credits: number, reason: string): KeyEvent => ({
  type: 'CreditsReleased',
  data: { extractionId, credits, reason },
});
const reserve = (extractionId: string, credits: number, extra: { idempotencyKey?: string; inputSha256?: string; now?: string } = {}) =>
  ({
    type: 'ReserveCredits',
    data: {
      extractionId,
      credits,
      idempotencyKey: extra.idempotencyKey ?? null,
      inputSha256: extra.inputSha256 ?? 'in-a',
      now: extra.now ?? NOW,
      expiresAt: LATER,
    },
  }) as const;
const charge = (extractionId: string, credits: number, extra: { idempotencyKey?: string; inputSha256?: string } = {}) =>
  ({
    type: 'ChargeCredits',
    data: { extractionId, credits, idempotencyKey: extra.idempotencyKey ?? null, inputSha256: extra.inputSha256 ?? 'in-a' },
  }) as const;

describe('credit account: keys', () => {
  it('opens an account with its initial credits', () => {
    given()
      .when({ type: 'IssueKey', data: { ...issuedData, credits: 5 } })
      .then([issued, { type: 'CreditsGranted', data: { credits: 5, reason: 'initial' } }]);
    given().when({ type: 'IssueKey', data: { ...issuedData, credits: 0 } }).then([issued]);
  });
  it('opens an account once', () => {
    given(issued).when({ type: 'IssueKey', data: { ...issuedData, credits: 0 } }).thenThrows('invalid_request');
  });
  it('revokes once, and a second revocation decides nothing', () => {
    given(issued).when({ type: 'RevokeKey', data: { keyId: 'k1', reason: 'leaked' } }).then([{ type: 'ApiKeyRevoked', data: { keyId: 'k1', reason: 'leaked' } }]);
    given(issued, { type: 'ApiKeyRevoked', data: { keyId: 'k1', reason: null } })
      .when({ type: 'RevokeKey', data: { keyId: 'k1', reason: null } })
      .then([]);
  });
  it('grants to an open account only', () => {
    given(issued).when({ type: 'GrantCredits', data: { keyId: 'k1', credits: 3, reason: 'top-up' } }).then([{ type: 'CreditsGranted', data: { credits: 3, reason: 'top-up' } }]);
    given().when({ type: 'GrantCredits', data: { keyId: 'k1', credits: 3, reason: null } }).thenThrows('not_found');
    given(issued, { type: 'ApiKeyRevoked', data: { keyId: 'k1', reason: null } })
      .when({ type: 'GrantCredits', data: { keyId: 'k1', credits: 3, reason: null } })
      .thenThrows('invalid_request');
  });
});

describe('credit account: holds', () => {
  it('holds what the request costs when the credits not already held cover it', () => {
    given(issued, granted(3), reserved('x1', 1)).when(reserve('x2', 2)).then([reserved('x2', 2)]);
  });
  it('refuses what the credits not already held do not cover, stating what is available', () => {
    given(issued, granted(3), reserved('x1', 2))
      .when(reserve('x2', 2))
      .then([], { code: 'insufficient_credits', required: 2, available: 1 });
  });
  it('releases holds that expired before deciding, and counts their credits as free', () => {
    const expiring = reserved('x1', 3, '2026-11-23T11:59:00.000Z');
    given(issued, granted(3), expiring).when(reserve('x2', 2)).then([released('x1', 3, 'expired'), reserved('x2', 2)]);
    given(issued, granted(3), expiring)
      .when(reserve('x2', 4))
      .then([released('x1', 3, 'expired')], { code: 'insufficient_credits', required: 4, available: 3 });
  });
  it('holds nothing for a replay of an Idempotency-Key already charged for the same input', () => {
    given(issued, granted(1), charged('x1', 1, 'idem', 'in-a')).when(reserve('x2', 1, { idempotencyKey: 'idem' })).then([]);
  });
  it('refuses an Idempotency-Key already charged for other input before any work', () => {
    given(issued, granted(5), charged('x1', 1, 'idem', 'in-a'))
      .when(reserve('x2', 1, { idempotencyKey: 'idem', inputSha256: 'in-b' }))
      .then([], { code: 'idempotency_conflict' });
  });
  it('releases only expired holds when asked to sweep', () => {
    given(issued, granted(3), reserved('x1', 1, '2026-11-23T11:00:00.000Z'), reserved('x2', 1))
      .when({ type: 'ReleaseExpiredHolds', data: { now: NOW } })
      .then([released('x1', 1, 'expired')]);
    given(issued, granted(3), reserved('x2', 1)).when({ type: 'ReleaseExpiredHolds', data: { now: NOW } }).then([]);
  });
  it('releases a hold once: a second release of the same request decides nothing', () => {
    given(issued, granted(3), reserved('x1', 1))
      .when({ type: 'ReleaseCredits', data: { extractionId: 'x1', reason: 'unreadable_document' } })
      .then([released('x1', 1, 'unreadable_document')]);
    given(issued, granted(3), reserved('x1', 1), released('x1', 1, 'expired'))
      .when({ type: 'ReleaseCredits', data: { extractionId: 'x1', reason: 'unreadable_document' } })
      .then([]);
  });
});

describe('credit account: charges', () => {
  it('charges a completed request, which ends its hold', () => {
    given(issued, granted(3), reserved('x1', 2)).when(charge('x1', 2)).then([charged('x1', 2)]);
    const state = fold(initialState(), [issued, granted(3), reserved('x1', 2), charged('x1', 2)]);
    expect(state).toMatchObject({ remaining: 1, used: 2, granted: 3, holds: [] });
  });
  it('refuses a charge the balance no longer covers and releases the hold', () => {
    given(issued, granted(1), reserved('x1', 1, '2026-11-23T11:00:00.000Z'), released('x1', 1, 'expired'), charged('x2', 1))
      .when(charge('x1', 1))
      .then([], { code: 'insufficient_credits', required: 1, available: 0 });
    given(issued, granted(2), reserved('x1', 2), charged('x9', 1))
      .when(charge('x1', 2))
      .then([released('x1', 2, 'insufficient_credits')], { code: 'insufficient_credits', required: 2, available: 1 });
  });
  it('charges nothing for a replay and releases its hold', () => {
    given(issued, granted(2), charged('x1', 1, 'idem'), reserved('x2', 1))
      .when(charge('x2', 1, { idempotencyKey: 'idem' }))
      .then([released('x2', 1, 'not_charged')]);
  });
  it('refuses a reuse of an Idempotency-Key with other input', () => {
    given(issued, granted(2), charged('x1', 1, 'idem'), reserved('x2', 1))
      .when(charge('x2', 1, { idempotencyKey: 'idem', inputSha256: 'in-b' }))
      .then([released('x2', 1, 'idempotency_conflict')], { code: 'idempotency_conflict' });
  });
});

it('states available credits as the balance less unexpired holds, never below zero', () => {
  const state = fold(initialState(), [issued, granted(5), reserved('a', 2), reserved('b', 1, '2026-11-23T11:00:00.000Z')]);
  expect(availableCredits(state, NOW)).toBe(3);
  expect(availableCredits(evolve(state, charged('z', 5)), NOW)).toBe(0);
});
