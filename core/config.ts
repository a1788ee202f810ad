/** The one configuration loader: environment variables, validated by zod, with documented defaults. */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PDF_LIMITS, type ImagingLimits } from './imaging/types.ts';

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

export const configSchema = z.object({
  PORT: int(8080, 0),
  HOST: z.string().default('127.0.0.1'),
  DOCEX_DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; when unset, SQLite at $DOCEX_DATA_DIR/docex.sqlite. */
  DATABASE_URL: z.string().url().optional(),
  /** Redis for shared rate limits across instances; when unset, limits are kept in memory. */
  REDIS_URL: z.string().url().optional(),
  DOCEX_MAX_FILE_BYTES: int(10 * 1024 * 1024, 1),
  DOCEX_MAX_PDF_PAGES: int(10, 1),
  DOCEX_MAX_IMAGE_PIXELS: int(50_000_000, 1),
  DOCEX_PDF_DPI: int(200, 72),
  /** PDF limits checked before pdf.js parses anything (core/imaging/pdfPrescan.ts); past one: 413. */
  DOCEX_PDF_MAX_PAGE_PIXELS: int(DEFAULT_PDF_LIMITS.maxPdfPagePixels, 1),
  DOCEX_PDF_MAX_OBJECTS: int(DEFAULT_PDF_LIMITS.maxPdfObjects, 1),
  DOCEX_PDF_MAX_STREAM_BYTES: int(DEFAULT_PDF_LIMITS.maxPdfStreamBytes, 1),
  DOCEX_PDF_MAX_INFLATED_BYTES: int(DEFAULT_PDF_LIMITS.maxPdfInflatedBytes, 1),
  DOCEX_PDF_MAX_CONTENT_BYTES: int(DEFAULT_PDF_LIMITS.maxPdfContentBytes, 1),
  DOCEX_OCR_WORKERS: int(Math.max(1, os.availableParallelism()), 1),
  /** Worker threads that decode uploads and run the plugins; 0 runs them on the request thread. */
  DOCEX_EXTRACT_WORKERS: int(Math.max(1, os.availableParallelism()), 0),
  /** Requests that may wait for an extract worker; beyond, 503 service_unavailable with Retry-After. */
  DOCEX_MAX_QUEUE: int(16, 0),
  DOCEX_DEFAULT_RATE_LIMIT: int(60, 1),
  DOCEX_REQUEST_TIMEOUT_MS: int(60_000, 1000),
  DOCEX_SHUTDOWN_GRACE_MS: int(25_000, 0),
  /** Bearer token for GET /metrics; when unset, /metrics answers only direct loopback requests. */
  DOCEX_METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * How long an extraction's credit hold lasts if nothing charges or releases it (its instance died). Unset:
   * DOCEX_REQUEST_TIMEOUT_MS + DOCEX_SHUTDOWN_GRACE_MS + 60 s, above the longest a request can run.
   */
  DOCEX_HOLD_TTL_MS: z.coerce.number().int().min(1000).optional(),
  /**
   * The document plugins the service runs, by name, in route order: a comma list of server/productionRegistry.ts's
   * catalogue (passport, pan, td1). Unknown names stop the server at start-up.
   */
  DOCEX_PLUGINS: z
    .string()
    .default('passport,pan')
    .transform((list) => list.split(',').map((name) => name.trim()).filter((name) => name !== ''))
    .pipe(z.array(z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/)).min(1).refine((names) => new Set(names).size === names.length, 'names a plugin twice')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, DOCEX_DATA_DIR: path.resolve(parsed.data.DOCEX_DATA_DIR) };
}

/** The imaging limits the configuration sets. */
export const imagingLimits = (config: Config): ImagingLimits => ({
  maxImagePixels: config.DOCEX_MAX_IMAGE_PIXELS,
  maxPdfPages: config.DOCEX_MAX_PDF_PAGES,
  pdfDpi: config.DOCEX_PDF_DPI,
  maxPdfPagePixels: config.DOCEX_PDF_MAX_PAGE_PIXELS,
  maxPdfObjects: config.DOCEX_PDF_MAX_OBJECTS,
  maxPdfStreamBytes: config.DOCEX_PDF_MAX_STREAM_BYTES,
  maxPdfInflatedBytes: config.DOCEX_PDF_MAX_INFLATED_BYTES,
  maxPdfContentBytes: config.DOCEX_PDF_MAX_CONTENT_BYTES,
});
