/**
 * The credit account of one API key as a decider: `initialState`, `evolve` (state + event -> state) and `decide`
 * (command + state -> events, or a refusal). Pure: no clock (commands carry `now`), no database. The command
 * handler loads the state, decides, and appends the events at the version the state was read at.
 */
import { ProblemError } from '../errors.ts';
import type { ApiKeyIssued, KeyEvent } from '../events/docexEvents.ts';

export interface CreditHold {
  readonly extractionId: string;
  readonly credits: number;
  /** ISO 8601. */
  readonly expiresAt: string;
}

export interface CreditAccount {
  readonly status: 'unopened' | 'open' | 'revoked';
  readonly remaining: number;
  readonly granted: number;
  readonly used: number;
  /** Credits held by extractions in flight, expired or not. */
  readonly holds: readonly CreditHold[];
  /** Idempotency-Key -> the input hash it was charged for. */
  readonly charged: Readonly<Record<string, string>>;
}

export const initialState = (): CreditAccount => ({ status: 'unopened', remaining: 0, granted: 0, used: 0, holds: [], charged: {} });

export type CreditAccountCommand =
  | { readonly type: 'IssueKey'; readonly data: ApiKeyIssued['data'] & { readonly credits: number } }
  | { readonly type: 'RevokeKey'; readonly data: { readonly keyId: string; readonly reason: string | null } }
  | {
      readonly type: 'GrantCredits';
      readonly data: { readonly keyId: string; readonly credits: number; readonly reason: string | null };
    }
  | {
      readonly type: 'ReserveCredits';
      readonly data: {
        readonly extractionId: string;
        readonly credits: number;
        readonly idempotencyKey: string | null;
        readonly inputSha256: string;
        readonly now: string;
        readonly expiresAt: string;
      };
    }
  | {
      readonly type: 'ChargeCredits';
      readonly data: {
        readonly extractionId: string;
        readonly credits: number;
        readonly idempotencyKey: string | null;
        readonly inputSha256: string;
      };
    }
  | { readonly type: 'ReleaseCredits'; readonly data: { readonly extractionId: string; readonly reason: string } }
  | { readonly type: 'ReleaseExpiredHolds'; readonly data: { readonly now: string } };

/** Why a reservation or charge was turned down; the caller records it as the extraction's failure. */
export type CreditRefusal =
  | { readonly code: 'insufficient_credits'; readonly required: number; readonly available: number }
  | { readonly code: 'idempotency_conflict' };

export interface CreditDecision {
  /** Appended to the key's stream, in order, even when the command is refused (e.g. the hold's release). */
  readonly events: readonly KeyEvent[];
  readonly refusal: CreditRefusal | null;
}

const isExpired = (hold: CreditHold, now: string): boolean => Date.parse(hold.expiresAt) <= Date.parse(now);

/** Credits a new request can start with: the balance less what unexpired holds keep. A 402 and usage both say this. */
export function availableCredits(state: CreditAccount, now: string): number {
  const held = heldCredits(state, now);
  return Math.max(0, state.remaining - held);
}

export function heldCredits(state: CreditAccount, now: string): number {
  return state.holds.filter((hold) => !isExpired(hold, now)).reduce((sum, hold) => sum + hold.credits, 0);
}

export function evolve(state: CreditAccount, event: KeyEvent): CreditAccount {
  switch (event.type) {
    case 'ApiKeyIssued':
      return { ...state, status: 'open' };
    case 'ApiKeyRevoked':
      return { ...state, status: 'revoked' };
    case 'CreditsGranted':
      return { ...state, remaining: state.remaining + event.data.credits, granted: state.granted + event.data.credits };
    case 'CreditsReserved': {
      const { extractionId, credits, expiresAt } = event.data;
      return { ...state, holds: [...state.holds, { extractionId, credits, expiresAt }] };
    }
    case 'CreditsReleased':
      return { ...state, holds: state.holds.filter((hold) => hold.extractionId !== event.data.extractionId) };
    case 'CreditsCharged': {
      const { credits, extractionId, idempotencyKey, inputSha256 } = event.data;
      return {
        ...state,
        remaining: state.remaining - credits,
        used: state.used + credits,
        holds: state.holds.filter((hold) => hold.extractionId !== extractionId),
        charged: idempotencyKey === null ? state.charged : { ...state.charged, [idempotencyKey]: inputSha256 },
      };
    }
  }
}

export const fold = (state: CreditAccount, events: readonly KeyEvent[]): CreditAccount => events.reduce(evolve, state);

const accept = (...events: KeyEvent[]): CreditDecision => ({ events, refusal: null });

/** What an Idempotency-Key says about this input: never seen, the same input again, or other bytes. */
function priorCharge(state: CreditAccount, idempotencyKey: string | null, inputSha256: string): 'none' | 'replay' | 'conflict' {
  if (idempotencyKey === null) return 'none';
  const charged = state.charged[idempotencyKey];
  if (charged === undefined) return 'none';
  return charged === inputSha256 ? 'replay' : 'conflict';
}

function releaseOf(state: CreditAccount, extractionId: string, reason: string): KeyEvent[] {
  const hold = state.holds.find((candidate) => candidate.extractionId === extractionId);
  return hold === undefined ? [] : [{ type: 'CreditsReleased', data: { credits: hold.credits, extractionId, reason } }];
}

function expiredReleases(state: CreditAccount, now: string): KeyEvent[] {
  return state.holds
    .filter((hold) => isExpired(hold, now))
    .map((hold) => ({ type: 'CreditsReleased', data: { credits: hold.credits, extractionId: hold.extractionId, reason: 'expired' } }));
}

function requireAccount(state: CreditAccount, keyId?: string): void {
  if (state.status === 'unopened') throw new ProblemError('not_found', `No API key with id ${keyId ?? '(unknown)'}.`);
}

export function decide(command: CreditAccountCommand, state: CreditAccount): CreditDecision {
  switch (command.type) {
    case 'IssueKey': {
      if (state.status !== 'unopened') throw new ProblemError('invalid_request', `API key ${command.data.keyId} exists already.`);
      const { credits, ...issued } = command.data;
      const events: KeyEvent[] = [{ type: 'ApiKeyIssued', data: issued }];
      if (credits > 0) events.push({ type: 'CreditsGranted', data: { credits, reason: 'initial' } });
      return accept(...events);
    }
    case 'RevokeKey':
      requireAccount(state, command.data.keyId);
      return state.status === 'revoked' ? accept() : accept({ type: 'ApiKeyRevoked', data: command.data });
    case 'GrantCredits': {
      const { keyId, credits, reason } = command.data;
      requireAccount(state, keyId);
      if (state.status === 'revoked') throw new ProblemError('invalid_request', `API key ${keyId} is revoked.`);
      return accept({ type: 'CreditsGranted', data: { credits, reason } });
    }
    case 'ReleaseExpiredHolds':
      return accept(...expiredReleases(state, command.data.now));
    case 'ReleaseCredits':
      return accept(...releaseOf(state, command.data.extractionId, command.data.reason));
    case 'ReserveCredits': {
      requireAccount(state);
      const { extractionId, credits, idempotencyKey, inputSha256, now, expiresAt } = command.data;
      // Holds whose instance died are closed here too, by whichever request notices first.
      const released = expiredReleases(state, now);
      const prior = priorCharge(state, idempotencyKey, inputSha256);
      if (prior === 'conflict') return { events: released, refusal: { code: 'idempotency_conflict' } };
      if (prior === 'replay' || credits === 0) return accept(...released);
      const available = availableCredits(fold(state, released), now);
      if (credits > available) return { events: released, refusal: { code: 'insufficient_credits', required: credits, available } };
      return accept(...released, { type: 'CreditsReserved', data: { credits, extractionId, expiresAt } });
    }
    case 'ChargeCredits': {
      requireAccount(state);
      const { extractionId, credits, idempotencyKey, inputSha256 } = command.data;
      const prior = priorCharge(state, idempotencyKey, inputSha256);
      if (prior === 'replay' || credits === 0) return accept(...releaseOf(state, extractionId, 'not_charged'));
      if (prior === 'conflict') {
        return { events: releaseOf(state, extractionId, 'idempotency_conflict'), refusal: { code: 'idempotency_conflict' } };
      }
      // The request's own hold is part of `remaining`; someone else's charge may have taken the rest.
      if (credits > state.remaining) {
        return {
          events: releaseOf(state, extractionId, 'insufficient_credits'),
          refusal: { code: 'insufficient_credits', required: credits, available: Math.max(0, state.remaining) },
        };
      }
      return accept({ type: 'CreditsCharged', data: { credits, extractionId, idempotencyKey, inputSha256 } });
    }
  }
}
