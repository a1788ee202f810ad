/**
 * The extraction pipeline: check parts -> load pages -> price -> hold credits -> preprocess -> locate -> read -> decode ->
 * validate -> charge. Credits are checked before any OCR and charged only after a valid result.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Ledger } from '../credits/types.ts';
import { ProblemError } from '../errors.ts';
import type { ImagingLimits, LoadUpload } from '../imaging/types.ts';
import type { Logger } from '../logging/logger.ts';
import type { OcrPort } from '../ocr/types.ts';
import type { AnyDocumentPlugin } from '../plugins/types.ts';
import { checkParts } from './checkParts.ts';
import { inProcessRunner, type PipelineJob, type PipelineRunner } from './pipeline.ts';
import { PluginHookError } from './pluginHookError.ts';
import type { ExtractionRequest, ExtractionResponse, Extractor } from './types.ts';

export interface ExtractorDeps {
  readonly ocr: OcrPort;
  /** null: every request must be unmetered (principal null). */
  readonly ledger: Ledger | null;
  readonly loadUpload: LoadUpload;
  readonly limits: ImagingLimits;
  readonly logger: Logger;
  readonly clock?: () => Date;
  /**
   * Wall-clock budget of the request's work (queueing, decoding, hooks); past it the request fails with
   * request_timeout and is not charged.
   */
  readonly timeoutMs?: number;
  /** Where decoding and the hooks run; default: on this thread with `loadUpload`, `limits` and `ocr`. */
  readonly runner?: PipelineRunner;
  /** Every registered plugin: their detect hooks name the endpoint of a document another one refuses. */
  readonly plugins?: () => readonly AnyDocumentPlugin[];
  /** Called with each hook's wall time (for /metrics); never with anything read from the document. */
  readonly onHookTimed?: (documentType: string, hook: 'preprocess' | 'locate' | 'read' | 'decode', ms: number) => void;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** Names (never values) of the result's top-level fields that came back non-null. */
export function fieldsPresent(result: unknown): string[] {
  if (typeof result !== 'object' || result === null) return [];
  return Object.entries(result)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key]) => key);
}

function warningCount(result: unknown): number {
  if (typeof result !== 'object' || result === null) return 0;
  const warnings = (result as Record<string, unknown>)['warnings'];
  return Array.isArray(warnings) ? warnings.length : 0;
}

/** An abort (client gone, shutdown, timeout) becomes a ProblemError; other errors pass unchanged. */
function settleAbort(error: unknown, signal: AbortSignal): unknown {
  if (error instanceof ProblemError || error instanceof PluginHookError || !signal.aborted) return error;
  return signal.reason instanceof ProblemError
    ? signal.reason
    : new ProblemError('service_unavailable', 'The request was cancelled before the extraction finished.', {
        cause: error,
      });
}

/** The promise, or the signal's reason as soon as it aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function validateResult(plugin: AnyDocumentPlugin, result: unknown): unknown {
  const parsed = plugin.resultSchema.safeParse(result);
  if (parsed.success) return parsed.data;
  // Paths and issue codes only: a zod message may quote the offending value.
  const where = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}:${issue.code}`).join(', ');
  throw new PluginHookError(plugin.meta.name, 'resultSchema', new TypeError(`result does not match: ${where}`));
}

export function createExtractor(deps: ExtractorDeps): Extractor {
  const clock = deps.clock ?? (() => new Date());
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const runner = deps.runner ?? inProcessRunner({ loadUpload: deps.loadUpload, limits: deps.limits });

  async function extract(request: ExtractionRequest): Promise<ExtractionResponse> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const { plugin, principal } = request;
    const documentType = plugin.meta.documentType;
    const ledger = principal === null ? null : deps.ledger;
    if (principal !== null && ledger === null) throw new Error('A metered extraction needs a ledger');
    const log = deps.logger.child({ plugin: plugin.meta.name, document_type: documentType });

    const extractionId = randomUUID();
    const keyId = principal?.keyId ?? null;
    // Refusals before any reading (bad parts, bad files, no credits) are free but still on the audit trail.
    const refuseEarly = async (thrown: unknown): Promise<never> => {
      if (ledger !== null && principal !== null) {
        const code = thrown instanceof ProblemError ? thrown.code : 'internal';
        await ledger
          .extractionFailed({ extractionId, keyId: principal.keyId, documentType, code, durationMs: elapsed() })
          .catch((recordError: unknown) => log.error({ err: recordError }, 'could not record the refused request'));
      }
      throw thrown;
    };

    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new ProblemError('request_timeout', `The extraction took longer than ${timeoutMs} ms.`)),
      timeoutMs,
    );
    const signal = AbortSignal.any([request.signal, timeout.signal]);

    let job: PipelineJob | undefined;
    let credits: number;
    let inputSha256: string;
    let pages: Record<string, number>;
    try {
      checkParts(plugin.parts, request.files);
      const others = (deps.plugins?.() ?? []).filter((other) => other !== plugin);
      job = runner.start({ plugin, others, files: request.files, password: request.fields['password'], ocr: deps.ocr, signal });
      ({ credits, inputSha256, pages } = await untilAborted(job.loaded, signal));
    } catch (thrown) {
      job?.release();
      clearTimeout(timer);
      return refuseEarly(settleAbort(thrown, signal));
    }

    if (ledger !== null && principal !== null) {
      try {
        await ledger.extractionRequested({
          extractionId,
          keyId: principal.keyId,
          requestId: request.requestId,
          documentType,
          plugin: { name: plugin.meta.name, version: plugin.meta.version },
          pages,
          credits,
          inputSha256,
          idempotencyKey: request.idempotencyKey,
        });
      } catch (thrown) {
        job.release();
        clearTimeout(timer);
        throw thrown;
      }
    }
    log.info({ extraction_id: extractionId, key_id: keyId, pages, credits }, 'extraction started');

    // Once extractionCompleted is called the ledger owns the outcome, including a lost race for credits.
    let completionCalled = false;
    try {
      const raw = await untilAborted(job.run({
          fields: request.fields,
          now: clock(),
          signal,
          log,
          ...(deps.onHookTimed === undefined ? {} : { onHookTimed: (hook, ms) => deps.onHookTimed?.(documentType, hook, ms) }),
        }), signal);
      const result = validateResult(plugin, raw);
      let charged = 0;
      let remaining: number | null = null;
      if (ledger !== null && principal !== null) {
        completionCalled = true;
        const outcome = await ledger.extractionCompleted({
          extractionId,
          keyId: principal.keyId,
          documentType,
          credits,
          inputSha256,
          idempotencyKey: request.idempotencyKey,
          durationMs: elapsed(),
          fieldsPresent: fieldsPresent(result),
          warnings: warningCount(result),
        });
        charged = outcome.charged;
        remaining = outcome.remaining;
      }
      const durationMs = elapsed();
      log.info(
        { extraction_id: extractionId, key_id: keyId, charged, duration_ms: durationMs, outcome: 'ok' },
        'extraction completed',
      );
      return { extractionId, result, credits: { charged, remaining }, durationMs };
    } catch (thrown) {
      const error = settleAbort(thrown, signal);
      const code = error instanceof ProblemError ? error.code : 'internal';
      const durationMs = elapsed();
      log.info(
        { extraction_id: extractionId, key_id: keyId, duration_ms: durationMs, outcome: code },
        'extraction failed',
      );
      if (ledger !== null && principal !== null && !completionCalled) {
        await ledger
          .extractionFailed({ extractionId, keyId: principal.keyId, documentType, code, durationMs })
          .catch((recordError: unknown) => log.error({ err: recordError }, 'could not record the failed extraction'));
      }
      throw error;
    } finally {
      job.release();
      clearTimeout(timer);
    }
  }

  return { extract };
}
