/** createApp(deps) builds the Koa application and never listens: server/main.ts owns the port and shutdown. */
import { readFileSync } from 'node:fs';
import Router from '@koa/router';
import Koa from 'koa';
import type { Config } from '../core/config.ts';
import type { Ledger } from '../core/credits/types.ts';
import type { Extractor } from '../core/extraction/types.ts';
import type { Logger } from '../core/logging/logger.ts';
import type { Registry } from '../core/plugins/registry.ts';
import { createMetrics, registerMetricsRoute, type Metrics } from './metrics.ts';
import { accessLog } from './middleware/accessLog.ts';
import { closeUnreadBody } from './middleware/closeUnreadBody.ts';
import { problemJson } from './middleware/problemJson.ts';
import { rateLimit } from './middleware/rateLimit.ts';
import { requestId } from './middleware/requestId.ts';
import type { RateLimiter } from './rateLimiter.ts';
import { registerAuditRoute } from './routes/audit.ts';
import { registerDocumentRoutes } from './routes/documents.ts';
import { registerHealthRoutes, type Readiness } from './routes/health.ts';
import { registerOpenApiRoute } from './routes/openapi.ts';
import { registerStaticRoutes } from './routes/static.ts';
import { registerUsageRoute } from './routes/usage.ts';
import type { AppState } from './state.ts';

export interface AppDeps {
  readonly config: Pick<
    Config,
    'DOCEX_MAX_FILE_BYTES' | 'DOCEX_DEFAULT_RATE_LIMIT' | 'DOCEX_METRICS_TOKEN' | 'DOCEX_PDF_DPI' | 'DOCEX_MAX_IMAGE_PIXELS'
  >;
  readonly ledger: Ledger;
  /** Frozen: routes are built from it once. */
  readonly registry: Registry;
  readonly extractor: Extractor;
  readonly rateLimiter: RateLimiter;
  readonly logger: Logger;
  /** Database reachable and OCR pool ready and not shutting down; `/readyz` answers 503 while false. */
  readonly readiness?: Readiness;
  /** Aborted when shutdown stops waiting for in-flight extractions. */
  readonly shutdownSignal?: AbortSignal;
  /** Prometheus metrics; main.ts passes them so OCR and hook timings are counted too. Default: requests and outcomes. */
  readonly metrics?: Metrics;
  /** True while the extraction queue is full: uploads get 503 before their body is read. */
  readonly saturated?: () => boolean;
}

const packageVersion = (): string => {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
};

export function createApp(deps: AppDeps): Koa<AppState> {
  if (!deps.registry.frozen) throw new Error('createApp needs a frozen registry');
  const app = new Koa<AppState>();
  // Errors are answered and logged by problemJson; Koa's own stderr printing would double them.
  app.silent = true;
  const router = new Router<AppState>();
  const limit = rateLimit(deps.rateLimiter, deps.config.DOCEX_DEFAULT_RATE_LIMIT);
  const plugins = deps.registry.list();
  const metrics = deps.metrics ?? createMetrics({ processMetrics: false });

  registerDocumentRoutes(
    router,
    plugins,
    { ledger: deps.ledger, extractor: metrics.instrumentExtractor(deps.extractor), rateLimit: limit },
    { maxFileBytes: deps.config.DOCEX_MAX_FILE_BYTES, shutdownSignal: deps.shutdownSignal, saturated: deps.saturated },
  );
  registerUsageRoute(router, { ledger: deps.ledger, rateLimit: limit });
  registerAuditRoute(router, { ledger: deps.ledger, rateLimit: limit, logger: deps.logger });
  registerOpenApiRoute(router, plugins, packageVersion());
  registerHealthRoutes(router, deps.readiness ?? (() => true));
  registerStaticRoutes(router, { pdfDpi: deps.config.DOCEX_PDF_DPI, maxImagePixels: deps.config.DOCEX_MAX_IMAGE_PIXELS });
  registerMetricsRoute(router, metrics, deps.config.DOCEX_METRICS_TOKEN);

  app.use(requestId());
  app.use(accessLog(deps.logger));
  app.use(metrics.middleware);
  app.use(closeUnreadBody());
  app.use(problemJson(deps.logger));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
