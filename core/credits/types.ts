/**
 * The ledger port: what the HTTP host and the `docex` command need from the event-sourced account and
 * extraction streams. Every write is an append to the event store; every read is a projection.
 */

export const SCOPES = ['extract', 'audit', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

/** The authenticated caller. One key is one credit account. */
export interface Principal {
  readonly keyId: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  /** Requests per minute for this key, or null for the service default. */
  readonly rateLimitPerMinute: number | null;
}

export interface KeyView extends Principal {
  /** The recognisable, non-secret start of the key (e.g. `dx_live_AbC1`), for humans. */
  readonly prefix: string;
  readonly createdAt: string;
  readonly revokedAt: string | null;
  readonly creditsRemaining: number;
  readonly creditsUsed: number;
}

export interface CreatedKey {
  readonly id: string;
  /** The secret; shown once, stored only as a hash. */
  readonly key: string;
  readonly view: KeyView;
}

export interface ExtractionStart {
  readonly extractionId: string;
  readonly keyId: string;
  readonly requestId: string;
  readonly documentType: string;
  readonly plugin: { readonly name: string; readonly version: string };
  /** Pages per part, e.g. `{ first_page: 1, last_page: 1 }`. */
  readonly pages: Readonly<Record<string, number>>;
  readonly credits: number;
  /** sha256 over the uploaded parts' hashes in part-name order. */
  readonly inputSha256: string;
  readonly idempotencyKey: string | null;
}

export interface ExtractionCompletion {
  readonly extractionId: string;
  readonly keyId: string;
  readonly documentType: string;
  readonly credits: number;
  readonly inputSha256: string;
  readonly idempotencyKey: string | null;
  readonly durationMs: number;
  /** Names (never values) of the fields that came back non-null, and the number of warnings. */
  readonly fieldsPresent: readonly string[];
  readonly warnings: number;
}

export interface ExtractionFailure {
  readonly extractionId: string;
  readonly keyId: string;
  readonly documentType: string;
  /** A ProblemCode. */
  readonly code: string;
  readonly durationMs: number;
}

export interface ChargeOutcome {
  /** 0 when an earlier request with the same Idempotency-Key and input was charged already. */
  readonly charged: number;
  readonly remaining: number;
}

export interface UsageView {
  readonly keyId: string;
  readonly creditsRemaining: number;
  readonly creditsUsed: number;
  readonly creditsGranted: number;
  /** Credits requests in flight hold (holds not expired). */
  readonly creditsHeld: number;
  /** What a new request can start with: remaining less held. A 402's `available` is this same figure. */
  readonly creditsAvailable: number;
  /** Count of extraction requests by outcome code (`ok` for success). */
  readonly requestsByOutcome: Readonly<Record<string, number>>;
  readonly requestsByDocumentType: Readonly<Record<string, number>>;
}

export interface AuditEvent {
  readonly position: string;
  readonly streamId: string;
  readonly streamPosition: number;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: Readonly<Record<string, unknown>>;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly recordedAt: string;
}

export interface AuditQuery {
  readonly types?: readonly string[];
  readonly keyId?: string;
  /** ISO 8601, inclusive. */
  readonly from?: string;
  /** ISO 8601, exclusive. */
  readonly to?: string;
  /** Opaque cursor from a previous page. */
  readonly after?: string;
  readonly limit: number;
}

export interface Ledger {
  createKey(input: {
    name: string;
    credits: number;
    scopes?: readonly Scope[];
    rateLimitPerMinute?: number | null;
  }): Promise<CreatedKey>;
  listKeys(): Promise<KeyView[]>;
  revokeKey(keyId: string, reason?: string): Promise<void>;
  grantCredits(keyId: string, credits: number, reason?: string): Promise<{ remaining: number }>;
  /** null for an unknown or revoked key. Constant-time comparison of hashes. */
  authenticate(secret: string): Promise<Principal | null>;
  /** Credits the key can still start work with: its balance less what requests in flight hold. */
  balance(keyId: string): Promise<number>;
  /**
   * Has this key completed (and been charged for) a request with this Idempotency-Key? Returns the input hash it
   * was charged for, so the caller can tell a retry from a reuse with other bytes.
   */
  findIdempotentCharge(keyId: string, idempotencyKey: string): Promise<{ inputSha256: string } | null>;
  /**
   * Records the start and holds its credits (an append to the key's stream with an expected version), so requests
   * racing on one instance or several cannot start more work than the balance pays for. Throws
   * ProblemError('insufficient_credits') — recorded as a failed extraction — when the credits not yet held do not
   * cover it. A retry with an Idempotency-Key already charged for the same input holds nothing.
   */
  extractionRequested(start: ExtractionStart): Promise<void>;
  /**
   * Charge and record success. Appends `CreditsCharged` to the key's stream with an expected version and retries
   * on conflict; throws ProblemError('insufficient_credits') when the balance no longer covers it (a racing
   * request spent it), in which case the extraction is recorded as failed and nothing is charged.
   */
  extractionCompleted(done: ExtractionCompletion): Promise<ChargeOutcome>;
  /** Records the failure and releases the extraction's hold, if it has one. Failures are never charged. */
  extractionFailed(failure: ExtractionFailure): Promise<void>;
  usage(keyId: string): Promise<UsageView>;
  /**
   * Closes every hold that expired (CreditsReleased, reason `expired`) and abandons its extraction; exactly once
   * across instances. Run at start and periodically; balance() and usage() also do it for their key.
   */
  releaseExpiredHolds(): Promise<{ released: number; abandoned: number }>;
  auditEvents(query: AuditQuery): Promise<{ events: AuditEvent[]; nextCursor: string | null }>;
  close(): Promise<void>;
}
