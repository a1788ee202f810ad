/** Builds the real app for a test: real registry (shipped plugins + the test-only label plugin), OCR pool, ledger. */
import { Writable } from 'node:stream';
import type { Ledger } from '../../core/credits/types.ts';
import { createExtractor } from '../../core/extraction/extractor.ts';
import { loadUpload } from '../../core/imaging/loadUpload.ts';
import { createLogger } from '../../core/logging/logger.ts';
import type { OcrPort } from '../../core/ocr/types.ts';
import { createRegistry } from '../../core/plugins/registry.ts';
import { createApp } from '../../server/app.ts';
import type { Metrics } from '../../server/metrics.ts';
import { shippedPlugins } from '../../server/productionRegistry.ts';
import { createRateLimiter, type RateLimiter } from '../../server/rateLimiter.ts';
import { labelPlugin } from '../plugins/labelPlugin.ts';

export const TEST_LIMITS = { maxImagePixels: 20_000_000, maxPdfPages: 3, pdfDpi: 100 };
export const TEST_MAX_FILE_BYTES = 400_000;

/** Every log line the app wrote, as text, for the redaction checks. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

export async function buildTestApp(options: {
  ledger: Ledger;
  ocr: OcrPort;
  rateLimiter?: RateLimiter;
  readiness?: () => boolean;
  timeoutMs?: number;
  metrics?: Metrics;
  metricsToken?: string;
  saturated?: () => boolean;
  /** Plugin names as DOCEX_PLUGINS gives them (default: the shipped two). */
  plugins?: readonly string[];
}) {
  const logs = new LogCapture();
  const logger = createLogger({ level: 'debug', destination: logs });
  const registry = createRegistry();
  for (const plugin of [...(await shippedPlugins(options.plugins)), labelPlugin]) registry.register(plugin);
  registry.freeze();
  const metrics = options.metrics;
  const extractor = createExtractor({
    ocr: metrics === undefined ? options.ocr : metrics.instrumentOcr(options.ocr),
    ...(metrics === undefined ? {} : { onHookTimed: metrics.hookTimed }),
    ledger: options.ledger,
    loadUpload,
    limits: TEST_LIMITS,
    logger,
    timeoutMs: options.timeoutMs ?? 60_000,
    plugins: () => registry.list(),
  });
  const app = createApp({
    config: {
      DOCEX_MAX_FILE_BYTES: TEST_MAX_FILE_BYTES,
      DOCEX_DEFAULT_RATE_LIMIT: 1000,
      DOCEX_PDF_DPI: TEST_LIMITS.pdfDpi,
      DOCEX_MAX_IMAGE_PIXELS: TEST_LIMITS.maxImagePixels,
      ...(options.metricsToken === undefined ? {} : { DOCEX_METRICS_TOKEN: options.metricsToken }),
    },
    ledger: options.ledger,
    registry,
    extractor,
    rateLimiter: options.rateLimiter ?? createRateLimiter(),
    logger,
    ...(options.readiness === undefined ? {} : { readiness: options.readiness }),
    ...(metrics === undefined ? {} : { metrics }),
    ...(options.saturated === undefined ? {} : { saturated: options.saturated }),
  });
  return { app, logs, registry, server: app.callback() };
}
