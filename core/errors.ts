/**
 * The one table of error codes. Every failure that leaves the service is an RFC 9457 problem with one of these
 * codes; every code has one HTTP status and one title. `detail` is per occurrence.
 */
export const problemCodes = {
  unauthorized: { status: 401, title: 'Missing or invalid API key' },
  forbidden: { status: 403, title: 'The API key lacks the scope for this operation' },
  insufficient_credits: { status: 402, title: 'Not enough credits for this request' },
  rate_limited: { status: 429, title: 'Too many requests for this API key' },
  missing_file: { status: 400, title: 'A required file part is missing' },
  unexpected_file: { status: 400, title: 'An unexpected file part was sent' },
  invalid_request: { status: 400, title: 'The request is malformed' },
  unsupported_media_type: { status: 415, title: 'The file is not a supported image or PDF' },
  file_too_large: { status: 413, title: 'A file exceeds the size limit' },
  image_too_large: { status: 413, title: 'An image exceeds the pixel limit' },
  too_many_pages: { status: 413, title: 'A PDF exceeds the page limit' },
  pdf_too_complex: { status: 413, title: 'A PDF exceeds the object or decompression limits' },
  pdf_encrypted: { status: 422, title: 'The PDF is password-protected' },
  pdf_password_incorrect: { status: 422, title: 'The PDF password is incorrect' },
  unreadable_document: { status: 422, title: 'The document could not be read' },
  wrong_document_type: { status: 422, title: 'The document is not of the type this endpoint reads' },
  invalid_document: { status: 422, title: 'The document was read but its data is not valid' },
  idempotency_conflict: { status: 409, title: 'The Idempotency-Key was used with a different file' },
  not_found: { status: 404, title: 'No such resource' },
  request_incomplete: { status: 408, title: 'The request was not received in time' },
  header_too_large: { status: 431, title: 'The request headers are too large' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  request_timeout: { status: 503, title: 'The extraction took too long' },
  service_unavailable: { status: 503, title: 'The service is shutting down or not ready' },
  internal: { status: 500, title: 'Internal error' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemCode = keyof typeof problemCodes;

/** Codes a document plugin may refuse a document with. */
export type RejectionCode = 'unreadable_document' | 'wrong_document_type' | 'invalid_document';

/** A failure the caller is told about. Thrown anywhere; turned into problem+json at the HTTP edge. */
export class ProblemError extends Error {
  readonly code: ProblemCode;
  readonly status: number;
  readonly title: string;
  /** Extra members of the problem object (e.g. `hint`, `required`, `available`). Never personal data. */
  readonly extensions: Readonly<Record<string, unknown>>;
  /** Response headers to set (e.g. `Retry-After`). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ProblemCode,
    detail: string,
    options: { extensions?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProblemError';
    this.code = code;
    this.status = problemCodes[code].status;
    this.title = problemCodes[code].title;
    this.extensions = options.extensions ?? {};
    this.headers = options.headers ?? {};
  }
}

/** A stable, dereference-free problem type (RFC 9457 allows any URI). */
export const problemTypeUri = (code: ProblemCode): string => `urn:docex:problem:${code}`;
