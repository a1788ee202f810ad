/** The extraction pipeline's contract: what the HTTP host, the evaluation and the benchmarks call. */
import type { Principal } from '../credits/types.ts';
import type { AnyDocumentPlugin } from '../plugins/types.ts';

export interface UploadedFile {
  /** The multipart field name. */
  readonly field: string;
  readonly buffer: Buffer;
}

export interface ExtractionRequest {
  readonly plugin: AnyDocumentPlugin;
  readonly files: readonly UploadedFile[];
  /** Non-file form fields, e.g. `password` for an encrypted PDF. Never logged, never stored. */
  readonly fields: Readonly<Record<string, string>>;
  /** The metered caller; null runs unmetered (evaluation, benchmarks): no ledger reads or writes. */
  readonly principal: Principal | null;
  readonly requestId: string;
  readonly idempotencyKey: string | null;
  readonly signal: AbortSignal;
}

export interface ExtractionResponse {
  readonly extractionId: string;
  /** The plugin's result, validated by its resultSchema. */
  readonly result: unknown;
  readonly credits: { readonly charged: number; readonly remaining: number | null };
  readonly durationMs: number;
}

export interface Extractor {
  /** Resolves with the result or rejects with a ProblemError; never charges for a failure. */
  extract(request: ExtractionRequest): Promise<ExtractionResponse>;
}
