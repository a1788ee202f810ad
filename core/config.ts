/** The one configuration loader: environment variables, validated by zod, with documented defaults. */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

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
  DOCEX_OCR_WORKERS: int(Math.max(1, os.availableParallelism()), 1),
  DOCEX_DEFAULT_RATE_LIMIT: int(60, 1),
  DOCEX_REQUEST_TIMEOUT_MS: int(60_000, 1000),
  DOCEX_SHUTDOWN_GRACE_MS: int(25_000, 0),
  /**
   * How long an extraction's credit hold lasts if nothing charges or releases it (its instance died). Unset:
   * DOCEX_REQUEST_TIMEOUT_MS + DOCEX_SHUTDOWN_GRACE_MS + 60 s, above the longest a request can run.
   */
  DOCEX_HOLD_TTL_MS: z.coerce.number().int().min(1000).optional(),
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
