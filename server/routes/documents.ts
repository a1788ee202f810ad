/** POST /v1/documents/{documentType}: one route per registered plugin, multipart in, the plugin's result out. */
import multer from '@koa/multer';
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import type { Ledger } from '../../core/credits/types.ts';
import { ProblemError } from '../../core/errors.ts';
import type { Extractor, UploadedFile } from '../../core/extraction/types.ts';
import type { AnyDocumentPlugin } from '../../core/plugins/types.ts';
import { authenticate, requireScope } from '../middleware/authenticate.ts';
import type { AppState } from '../state.ts';
import { validate } from '../validate.ts';

export interface DocumentRouteOptions {
  readonly maxFileBytes: number;
  /** Aborts in-flight extractions when the server gives up waiting for them at shutdown. */
  readonly shutdownSignal?: AbortSignal | undefined;
  /** True when no more extractions can be queued: the request is refused before its body is read. */
  readonly saturated?: (() => boolean) | undefined;
}

/** Seconds a client refused for a full queue is told to wait. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/** Non-file form fields accepted per request (e.g. `password`), and their size. */
const MAX_FIELDS = 8;
const MAX_FIELD_BYTES = 1024;
/** Multipart boundaries, part headers and the small fields, on top of the files. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/, {
  message: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
});

const headersSchema = z.object({
  headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
});

/** Pure: multer/busboy failures to problems. */
export function uploadProblem(error: unknown, maxFileBytes: number): ProblemError | null {
  const code = (error as { code?: unknown } | null)?.code;
  const field = (error as { field?: unknown } | null)?.field;
  switch (code) {
    case 'LIMIT_FILE_SIZE':
      return new ProblemError('file_too_large', `A file part exceeds ${maxFileBytes} bytes.`, {
        extensions: { max_bytes: maxFileBytes, ...(typeof field === 'string' ? { part: field } : {}) },
        cause: error,
      });
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_UNEXPECTED_FILE':
      return new ProblemError('unexpected_file', 'More file parts were sent than this endpoint takes.', { cause: error });
    case 'LIMIT_PART_COUNT':
    case 'LIMIT_FIELD_KEY':
    case 'LIMIT_FIELD_VALUE':
    case 'LIMIT_FIELD_COUNT':
    case 'MISSING_FIELD_NAME':
      return new ProblemError('invalid_request', `The multipart form is outside the limits (${String(code)}).`, {
        cause: error,
      });
    default:
      return error instanceof Error && !(error instanceof ProblemError)
        ? new ProblemError('invalid_request', 'The multipart body could not be parsed.', { cause: error })
        : null;
  }
}

/** Pure: the plain form fields multer collected, as strings; a repeated field is malformed. */
export function formFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value !== 'string') {
      throw new ProblemError('invalid_request', `The form field "${name}" must be sent once, as text.`);
    }
    fields[name] = value;
  }
  return fields;
}

function multipartBody(plugin: AnyDocumentPlugin, options: DocumentRouteOptions): Middleware<AppState> {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: options.maxFileBytes,
      files: plugin.parts.length,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      fieldNameSize: 64,
      parts: plugin.parts.length + MAX_FIELDS,
      headerPairs: 100,
    },
  }).any() as unknown as Middleware<AppState>;
  return async (ctx, next) => {
    // Refused before the body is read (and the connection closed), so a busy server spends nothing on it.
    if (options.saturated?.() === true) {
      throw new ProblemError('service_unavailable', 'Every worker is busy and the queue is full; retry shortly.', {
        headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
      });
    }
    // type-is counts `Content-Length: 0` as a body; an empty request is a missing file, not a malformed one.
    const empty = ctx.get('transfer-encoding') === '' && (ctx.request.length ?? 0) === 0;
    if (empty) {
      throw new ProblemError('missing_file', 'Send the document as a multipart/form-data body.', {
        extensions: { missing: plugin.parts.filter((part) => part.required).map((part) => part.name) },
      });
    }
    if (ctx.is('multipart/form-data') === false) {
      throw new ProblemError('invalid_request', `Expected multipart/form-data, got ${ctx.get('content-type') || 'no content type'}.`);
    }
    // A declared length that cannot fit is refused before a byte of the body is read.
    const maxBodyBytes = options.maxFileBytes * plugin.parts.length + MULTIPART_OVERHEAD_BYTES;
    if (ctx.get('transfer-encoding') === '' && (ctx.request.length ?? 0) > maxBodyBytes) {
      throw new ProblemError('file_too_large', `The body is ${ctx.request.length} bytes; this endpoint takes at most ${maxBodyBytes}.`, {
        extensions: { max_bytes: options.maxFileBytes },
      });
    }
    // A client that asked `Expect: 100-continue` sends the body only now, once the request passed every check.
    if (/^100-continue$/i.test(ctx.get('expect')) && !ctx.res.headersSent) ctx.res.writeContinue();
    // multer reports an oversized file only once the client has sent all of it: count the body as it comes and
    // stop at the most a valid request can carry (every file part at the limit), whatever the framing.
    // Parsing starts first: it pipes the request into busboy before the counter puts it in flowing mode.
    const parsing = parse(ctx, async () => {});
    let counted = 0;
    let stopCounting = (): void => undefined;
    const overLimit = new Promise<never>((_, reject) => {
      const count = (chunk: Buffer): void => {
        counted += chunk.length;
        if (counted <= maxBodyBytes) return;
        stopCounting();
        ctx.req.unpipe();
        ctx.req.pause();
        reject(
          new ProblemError('file_too_large', `The body passed ${maxBodyBytes} bytes; a file part takes at most ${options.maxFileBytes}.`, {
            extensions: { max_bytes: options.maxFileBytes },
          }),
        );
      };
      stopCounting = () => ctx.req.off('data', count);
      ctx.req.on('data', count);
    });
    overLimit.catch(() => undefined);
    try {
      await Promise.race([parsing, overLimit]);
    } catch (error) {
      throw uploadProblem(error, options.maxFileBytes) ?? error;
    } finally {
      stopCounting();
    }
    await next();
  };
}

/** An AbortSignal for the extraction: the client went away, or shutdown ran out of patience. */
function requestSignal(ctx: Parameters<Middleware<AppState>>[0], shutdown: AbortSignal | undefined): AbortSignal {
  const gone = new AbortController();
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) gone.abort(new Error('client closed the connection'));
  });
  return shutdown === undefined ? gone.signal : AbortSignal.any([gone.signal, shutdown]);
}

export function registerDocumentRoutes(
  router: Router<AppState>,
  plugins: readonly AnyDocumentPlugin[],
  deps: { ledger: Ledger; extractor: Extractor; rateLimit: Middleware<AppState> },
  options: DocumentRouteOptions,
): void {
  for (const plugin of plugins) {
    const checkHeaders: Middleware<AppState> = async (ctx, next) => {
      validate(ctx, headersSchema);
      await next();
    };
    router.post(
      `/v1/documents/${plugin.meta.documentType}`,
      authenticate(deps.ledger),
      deps.rateLimit,
      requireScope(['extract']),
      checkHeaders,
      multipartBody(plugin, options),
      async (ctx) => {
        const { headers } = validate(ctx, headersSchema);
        const uploaded = (ctx.request as { files?: unknown }).files;
        const files: UploadedFile[] = Array.isArray(uploaded)
          ? (uploaded as { fieldname: string; buffer: Buffer }[]).map((file) => ({
              field: file.fieldname,
              buffer: file.buffer,
            }))
          : [];
        const response = await deps.extractor.extract({
          plugin,
          files,
          fields: formFields((ctx.request as { body?: unknown }).body),
          principal: ctx.state.principal ?? null,
          requestId: ctx.state.requestId,
          idempotencyKey: headers['idempotency-key'] ?? null,
          signal: requestSignal(ctx, options.shutdownSignal),
        });
        ctx.set('X-Credits-Charged', String(response.credits.charged));
        if (response.credits.remaining !== null) ctx.set('X-Credits-Remaining', String(response.credits.remaining));
        ctx.set('X-Extraction-Id', response.extractionId);
        ctx.body = response.result;
      },
    );
  }
}
