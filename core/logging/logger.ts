/** The one logger: pino, JSON lines, the request id on every line, the redaction policy on every object. */
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import { REDACTED, REDACTED_KEYS, redactLogObject } from './logRedaction.ts';
import { currentRequestId } from './requestContext.ts';

export type Logger = PinoLogger;

export interface LoggerOptions {
  readonly level: string;
  /** Where lines go; stdout by default. Tests pass a capturing stream. */
  readonly destination?: DestinationStream;
}

/** Errors are logged by kind and stack frames only: a message may quote a value a plugin was reading. */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  const out: Record<string, unknown> = { type: error.name, stack: frames.slice(0, 12).join('\n') };
  const coded = error as Error & { code?: unknown; plugin?: unknown; hook?: unknown; status?: unknown };
  for (const field of ['code', 'plugin', 'hook', 'status'] as const) {
    if (typeof coded[field] === 'string' || typeof coded[field] === 'number') out[field] = coded[field];
  }
  if (error.cause !== undefined) out['cause'] = serializeError(error.cause);
  return out;
}

export function createLogger(options: LoggerOptions): Logger {
  const config = {
    level: options.level,
    base: { service: 'docex' },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError, error: serializeError },
    mixin() {
      const requestId = currentRequestId();
      return requestId === undefined ? {} : { request_id: requestId };
    },
    // pino applies `formatters` to log objects only, so child bindings are covered by `redact` paths instead.
    redact: { paths: [...REDACTED_KEYS].flatMap((key) => [key, `*.${key}`]), censor: REDACTED },
    formatters: {
      log: (object: Record<string, unknown>) => redactLogObject(object) as Record<string, unknown>,
    },
  };
  return options.destination === undefined ? pino(config) : pino(config, options.destination);
}
