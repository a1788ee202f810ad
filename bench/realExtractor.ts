/**
 * The production pipeline as the evaluation and benchmarks run it: createExtractor with the real loadUpload, the
 * real OCR pool and the production plugins, unmetered (principal null, no ledger), limits from the one config.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { imagingLimits, loadConfig, type Config } from '../core/config.ts';
import { createExtractor } from '../core/extraction/extractor.ts';
import { createPipelinePool } from '../core/extraction/pipelinePool.ts';
import type { ExtractionResponse, UploadedFile } from '../core/extraction/types.ts';
import { loadUpload } from '../core/imaging/loadUpload.ts';
import { warmUpPdfRendering } from '../core/imaging/pdfPages.ts';
import { createLogger } from '../core/logging/logger.ts';
import { createOcrPool } from '../core/ocr/tesseractPool.ts';
import type { OcrPort } from '../core/ocr/types.ts';
import type { AnyDocumentPlugin } from '../core/plugins/types.ts';
import { createProductionRegistry, shippedPluginSources } from '../server/productionRegistry.ts';

/** One OCR job of an extraction: its mode, the pixels it read, and when it ran (ms from the extraction's start). */
export interface OcrJobTiming {
  readonly segmentation: string;
  /** Null for an encoded image read whole. */
  readonly pixels: number | null;
  readonly startMs: number;
  readonly endMs: number;
}

export interface RealExtractor {
  readonly config: Config;
  readonly ocrWorkers: number;
  plugin(documentType: string): AnyDocumentPlugin;
  /** One unmetered extraction; `jobs` times each OCR job it had answered (in the order they ended), `ocrJobs` counts them. */
  extract(
    documentType: string,
    files: readonly UploadedFile[],
    fields: Readonly<Record<string, string>>,
  ): Promise<{ response: ExtractionResponse; ocrJobs: number; jobs: readonly OcrJobTiming[]; hookMs: Readonly<Record<string, number>> }>;
  close(): Promise<void>;
}

export async function createRealExtractor(options: { ocrWorkers?: number; pipelineWorkers?: number } = {}): Promise<RealExtractor> {
  const config = loadConfig();
  const registry = await createProductionRegistry();

  const ocrWorkers = options.ocrWorkers ?? config.DOCEX_OCR_WORKERS;
  const pool = createOcrPool({ workers: ocrWorkers });
  await Promise.all([pool.ready(), warmUpPdfRendering()]);
  const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'silent' });
  const limits = imagingLimits(config);
  // 0 (the default here): decoding and plugins on this thread, as the evaluation has always run them.
  const pipelineWorkers = options.pipelineWorkers ?? 0;
  const pipelines =
    pipelineWorkers === 0
      ? null
      : createPipelinePool({ size: pipelineWorkers, maxQueue: 1000, limits, sources: shippedPluginSources() });
  await pipelines?.ready();

  const plugin = (documentType: string): AnyDocumentPlugin => {
    const found = registry.get(documentType);
    if (found === undefined) throw new Error(`No plugin for document type "${documentType}"`);
    return found;
  };

  return {
    config,
    ocrWorkers,
    plugin,
    async extract(documentType, files, fields) {
      // A fresh extractor per call over a counting port: concurrent requests' OCR jobs are counted apart.
      const jobs: OcrJobTiming[] = [];
      const started = performance.now();
      const hookMs: Record<string, number> = {};
      const counting: OcrPort = {
        recognize: async (request) => {
          const startMs = Math.round(performance.now() - started);
          const area = request.rectangle ?? (Buffer.isBuffer(request.image) ? null : request.image);
          const result = await pool.recognize(request);
          // Counted once answered: a job withdrawn unrun (OcrRequest.withdraw) cost nothing.
          jobs.push({ segmentation: request.segmentation ?? 'default', pixels: area === null ? null : area.width * area.height, startMs, endMs: Math.round(performance.now() - started) });
          return result;
        },
      };
      const extractor = createExtractor({
        ocr: counting,
        ledger: null,
        loadUpload,
        limits,
        logger,
        onHookTimed: (_documentType, hook, ms) => {
          hookMs[hook] = Math.round(ms);
        },
        timeoutMs: config.DOCEX_REQUEST_TIMEOUT_MS,
        ...(pipelines === null ? {} : { runner: pipelines }),
        plugins: () => registry.list(),
      });
      const response = await extractor.extract({
        plugin: plugin(documentType),
        files,
        fields,
        principal: null,
        requestId: randomUUID(),
        idempotencyKey: null,
        signal: new AbortController().signal,
      });
      return { response, ocrJobs: jobs.length, jobs, hookMs };
    },
    close: async () => {
      await pipelines?.terminate();
      await pool.terminate();
    },
  };
}
