/**
 * Prometheus metrics (prom-client), one registry per app: requests by route and status, extraction outcomes by
 * document type and problem code, credits charged, hook and OCR timings, OCR queue depth and busy workers. Labels
 * are route patterns, document types and codes only: nothing read from a document, no key, no request id.
 */
import { timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ProblemError } from '../core/errors.ts';
import type { Extractor } from '../core/extraction/types.ts';
import type { OcrPort } from '../core/ocr/types.ts';
import type { AppState } from './state.ts';

/** Seconds: from a cached text-layer read to a slow photo under load. */
const DURATION_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 40, 60];

export interface Metrics {
  readonly registry: Registry;
  /** Counts every request by its route pattern, method and final status. */
  readonly middleware: Middleware<AppState>;
  /** The extractor with outcomes and credits counted. */
  instrumentExtractor(extractor: Extractor): Extractor;
  /** The OCR port with each job timed. */
  instrumentOcr(ocr: OcrPort): OcrPort;
  /** For ExtractorDeps.onHookTimed. */
  hookTimed(documentType: string, hook: string, ms: number): void;
}

export interface MetricsOptions {
  /** The OCR pool's load, read at each scrape. */
  readonly ocrLoad?: () => { queued: number; busy: number };
  readonly ocrWorkers?: number;
  /** Node process metrics (CPU, memory, event loop lag); off in tests that build many apps. */
  readonly processMetrics?: boolean;
}

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'docex_' });
  const registers = [registry];
  const requests = new Counter({
    name: 'docex_http_requests_total',
    help: 'HTTP requests by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'docex_http_request_duration_seconds',
    help: 'HTTP request duration by route pattern.',
    labelNames: ['route', 'method'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const extractions = new Counter({
    name: 'docex_extractions_total',
    help: 'Extractions by document type and outcome: ok, or the problem code.',
    labelNames: ['document_type', 'outcome'] as const,
    registers,
  });
  const credits = new Counter({
    name: 'docex_credits_charged_total',
    help: 'Credits charged by document type.',
    labelNames: ['document_type'] as const,
    registers,
  });
  const hookSeconds = new Histogram({
    name: 'docex_plugin_hook_duration_seconds',
    help: 'Plugin hook wall time by document type and hook.',
    labelNames: ['document_type', 'hook'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const ocrSeconds = new Histogram({
    name: 'docex_ocr_job_duration_seconds',
    help: 'OCR job time, queueing included, by outcome.',
    labelNames: ['outcome'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
    registers,
  });
  const { ocrLoad } = options;
  if (ocrLoad !== undefined) {
    new Gauge({
      name: 'docex_ocr_queue_depth',
      help: 'OCR jobs waiting for a worker.',
      registers,
      collect() {
        this.set(ocrLoad().queued);
      },
    });
    new Gauge({
      name: 'docex_ocr_workers_busy',
      help: 'OCR workers running a job.',
      registers,
      collect() {
        this.set(ocrLoad().busy);
      },
    });
  }
  if (options.ocrWorkers !== undefined) {
    new Gauge({ name: 'docex_ocr_workers', help: 'OCR workers in the pool.', registers }).set(options.ocrWorkers);
  }

  return {
    registry,
    middleware: async (ctx, next) => {
      const start = performance.now();
      try {
        await next();
      } finally {
        // The matched pattern (e.g. /v1/documents/pan), never the raw path: unknown paths share one label.
        const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
        const label = typeof route === 'string' ? route : '(unmatched)';
        requests.inc({ route: label, method: ctx.method, status: String(ctx.status) });
        requestSeconds.observe({ route: label, method: ctx.method }, (performance.now() - start) / 1000);
      }
    },
    instrumentExtractor(extractor) {
      return {
        async extract(request) {
          const documentType = request.plugin.meta.documentType;
          try {
            const response = await extractor.extract(request);
            extractions.inc({ document_type: documentType, outcome: 'ok' });
            if (response.credits.charged > 0) credits.inc({ document_type: documentType }, response.credits.charged);
            return response;
          } catch (error) {
            extractions.inc({ document_type: documentType, outcome: error instanceof ProblemError ? error.code : 'internal' });
            throw error;
          }
        },
      };
    },
    instrumentOcr(ocr) {
      const recognize: OcrPort['recognize'] = async (request) => {
        const start = performance.now();
        let outcome = 'ok';
        try {
          return await ocr.recognize(request);
        } catch (error) {
          outcome = request.signal?.aborted === true ? 'aborted' : 'error';
          throw error;
        } finally {
          ocrSeconds.observe({ outcome }, (performance.now() - start) / 1000);
        }
      };
      return { recognize };
    },
    hookTimed(documentType, hook, ms) {
      hookSeconds.observe({ document_type: documentType, hook }, ms / 1000);
    },
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics. With a token: `Authorization: Bearer <token>` only. Without one: direct loopback requests only; a
 * request carrying X-Forwarded-For came through a proxy (which may itself be on loopback) and is refused.
 */
export function registerMetricsRoute(router: Router<AppState>, metrics: Metrics, token: string | undefined): void {
  router.get('/metrics', async (ctx) => {
    if (token !== undefined) {
      const given = /^Bearer (.+)$/i.exec(ctx.get('authorization'))?.[1] ?? '';
      if (!sameSecret(given, token)) {
        throw new ProblemError('unauthorized', 'GET /metrics needs the metrics token as a bearer token.', {
          headers: { 'WWW-Authenticate': 'Bearer realm="docex-metrics"' },
        });
      }
    } else if (!LOOPBACK.has(ctx.socket.remoteAddress ?? '') || ctx.get('x-forwarded-for') !== '') {
      throw new ProblemError('forbidden', 'GET /metrics answers loopback only; set DOCEX_METRICS_TOKEN to scrape it from elsewhere.');
    }
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
}
