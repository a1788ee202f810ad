/** Pure: any error to an RFC 9457 problem. Codes come from the one table; `detail` is hidden for 5xx. */
import { ProblemError, problemCodes, problemTypeUri, type ProblemCode } from '../core/errors.ts';

export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail?: string;
  readonly code: ProblemCode;
  readonly instance: string;
  readonly [extension: string]: unknown;
}

export interface ProblemReply {
  readonly status: number;
  readonly body: Problem;
  readonly headers: Readonly<Record<string, string>>;
}

/** Errors from Koa, the router or body parsing carry an HTTP status; map the ones a client can cause. */
function codeForStatus(status: number): ProblemCode {
  switch (status) {
    case 400:
      return 'invalid_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
    case 501:
      return 'method_not_allowed';
    case 413:
      return 'file_too_large';
    case 415:
      return 'unsupported_media_type';
    default:
      return 'internal';
  }
}

const RESERVED_MEMBERS = new Set(['type', 'title', 'status', 'detail', 'code', 'instance']);

export function toProblem(error: unknown, requestId: string): ProblemReply {
  if (error instanceof ProblemError) {
    const hidden = error.status >= 500;
    const extensions = hidden
      ? {}
      : Object.fromEntries(Object.entries(error.extensions).filter(([key]) => !RESERVED_MEMBERS.has(key)));
    return {
      status: error.status,
      headers: error.headers,
      body: {
        type: problemTypeUri(error.code),
        title: error.title,
        status: error.status,
        ...(hidden ? {} : { detail: error.message }),
        code: error.code,
        instance: requestId,
        ...extensions,
      },
    };
  }
  const status = (error as { status?: unknown } | null)?.status;
  const expose = (error as { expose?: unknown } | null)?.expose === true;
  const code = typeof status === 'number' && status >= 400 && status < 500 && expose ? codeForStatus(status) : 'internal';
  const entry = problemCodes[code];
  const detail = code === 'internal' ? undefined : (error as Error).message;
  return {
    status: entry.status,
    headers: {},
    body: {
      type: problemTypeUri(code),
      title: entry.title,
      status: entry.status,
      ...(detail === undefined ? {} : { detail }),
      code,
      instance: requestId,
    },
  };
}
