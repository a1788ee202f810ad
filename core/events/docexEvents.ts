/** The events of docex's two stream kinds: one per API key (the credit account), one per extraction. */
import type { ExtractionCompletion, ExtractionFailure, ExtractionStart, Scope } from '../credits/types.ts';
import type { Event } from './event.ts';

export const keyStreamId = (keyId: string): string => `key-${keyId}`;
export const extractionStreamId = (extractionId: string): string => `extraction-${extractionId}`;
export const keyIdOfStream = (streamId: string): string => streamId.slice('key-'.length);

export type ApiKeyIssued = Event<
  'ApiKeyIssued',
  {
    keyId: string;
    name: string;
    prefix: string;
    /** sha256 of the secret part, hex. The secret itself is never stored. */
    secretHash: string;
    scopes: readonly Scope[];
    rateLimitPerMinute: number | null;
  }
>;
export type ApiKeyRevoked = Event<'ApiKeyRevoked', { keyId: string; reason: string | null }>;
export type CreditsGranted = Event<'CreditsGranted', { credits: number; reason: string | null }>;
export type CreditsCharged = Event<
  'CreditsCharged',
  { credits: number; extractionId: string; idempotencyKey: string | null; inputSha256: string }
>;
/** An extraction about to run holds what it will cost; the charge (or a release) ends the hold. */
export type CreditsReserved = Event<'CreditsReserved', { credits: number; extractionId: string; expiresAt: string }>;
export type CreditsReleased = Event<'CreditsReleased', { credits: number; extractionId: string; reason: string }>;
export type KeyEvent = ApiKeyIssued | ApiKeyRevoked | CreditsGranted | CreditsReserved | CreditsReleased | CreditsCharged;

export type ExtractionRequested = Event<'ExtractionRequested', ExtractionStart>;
export type ExtractionCompleted = Event<'ExtractionCompleted', ExtractionCompletion>;
export type ExtractionFailed = Event<'ExtractionFailed', ExtractionFailure>;
/** An extraction whose instance died: nothing will ever complete it; its hold, if any, expired. */
export type ExtractionAbandoned = Event<
  'ExtractionAbandoned',
  { extractionId: string; keyId: string; documentType: string; reason: 'hold_expired' }
>;
export type ExtractionEvent = ExtractionRequested | ExtractionCompleted | ExtractionFailed | ExtractionAbandoned;

export type DocexEvent = KeyEvent | ExtractionEvent;
export type DocexEventType = DocexEvent['type'];

export const docexEventTypes = [
  'ApiKeyIssued',
  'ApiKeyRevoked',
  'CreditsGranted',
  'CreditsReserved',
  'CreditsReleased',
  'CreditsCharged',
  'ExtractionRequested',
  'ExtractionCompleted',
  'ExtractionFailed',
  'ExtractionAbandoned',
] as const satisfies readonly DocexEventType[];
