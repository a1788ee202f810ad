/** The events of docex's two stream kinds: one per API key (the credit account), one per extraction. */
import type { ExtractionCompletion, ExtractionFailure, ExtractionStart, Scope } from '../credits/types.ts';
import type { Event, RecordedEvent, Upcaster } from './event.ts';

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

/**
 * The current version of each event type's data shape, stored as `schema_version` with every new event. When a
 * type's data changes shape, raise its number here and teach `upcastDocexEvent` to turn the old shape into the
 * new one; the log is never rewritten.
 */
export const docexSchemaVersions: Readonly<Record<DocexEventType, number>> = {
  ApiKeyIssued: 1,
  ApiKeyRevoked: 1,
  CreditsGranted: 1,
  CreditsReserved: 1,
  CreditsReleased: 1,
  CreditsCharged: 1,
  ExtractionRequested: 1,
  ExtractionCompleted: 1,
  ExtractionFailed: 1,
  ExtractionAbandoned: 1,
};

/** Every docex event is at version 1 so far: nothing to upcast yet. */
export const upcastDocexEvent: Upcaster = (event: RecordedEvent) => event;

/** The key an event concerns: its key stream's, or (extraction events) the one its metadata names. */
export function docexKeyIdOf(streamId: string, event: Event<string, object>): string | null {
  return streamId.startsWith('key-') ? keyIdOfStream(streamId) : (event.metadata?.keyId ?? null);
}

export const docexEventStoreOptions = {
  schemaVersions: docexSchemaVersions,
  upcast: upcastDocexEvent,
  keyIdOf: docexKeyIdOf,
} as const;
