/**
 * The redaction policy: logs carry ids, types, sizes, timings and codes, never document bytes, form fields or
 * extracted values. Applied to every object a log line merges in, whoever wrote the call.
 */

/** Keys whose values may hold personal data or secrets; their values are replaced whatever their type. */
export const REDACTED_KEYS: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'password',
  'secret',
  'key',
  'api_key',
  'apikey',
  'token',
  'fields',
  'result',
  'value',
  'values',
  'text',
  'lines',
  'words',
  'buffer',
  'data',
  'body',
  'image',
  'mrz',
  'readings',
  'line1',
  'line2',
  'full_name',
  'given_name',
  'surname',
  'father_name',
  'date_of_birth',
  'passport_number',
  'pan_number',
]);

export const REDACTED = '[redacted]';
const MAX_DEPTH = 6;

const isBinary = (value: unknown): value is Uint8Array | ArrayBuffer =>
  value instanceof Uint8Array || value instanceof ArrayBuffer;

/** Pure: a copy of `value` with redacted keys masked and binary data reduced to its size. */
export function redactLogObject(value: unknown, depth = 0): unknown {
  if (isBinary(value)) return `[${value.byteLength} bytes]`;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[depth]';
  if (value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((item) => redactLogObject(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = REDACTED_KEYS.has(key.toLowerCase()) ? REDACTED : redactLogObject(inner, depth + 1);
  }
  return out;
}
