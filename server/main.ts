/**
 * The entry: owns the port, the OCR workers, the database and Redis, and their graceful shutdown.
 * SIGTERM/SIGINT: stop accepting, /readyz 503, let in-flight requests finish within DOCEX_SHUTDOWN_GRACE_MS, then
 * cancel what is left, stop the OCR workers, close Redis and the database, exit 0.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { imagingLimits, loadConfig } from '../core/config.ts';
import { holdTtlMs, startHoldExpiry, sweepIntervalMs } from '../core/credits/holdExpiry.ts';
import { createLedger } from '../core/credits/ledger.ts';
import { createDatabase } from '../core/db/createDatabase.ts';
import { migrateToLatest } from '../core/db/migrateToLatest.ts';
import { ProblemError } from '../core/errors.ts';
import { createExtractor } from '../core/extraction/extractor.ts';
import { createPipelinePool } from '../core/extraction/pipelinePool.ts';
import { loadUpload } from '../core/imaging/loadUpload.ts';
import { createLogger } from '../core/logging/logger.ts';
import { createOcrPool } from '../core/ocr/tesseractPool.ts';
import { createApp } from './app.ts';
import { createMetrics } from './metrics.ts';
import { handleClientError } from './clientError.ts';
import { createProductionRegistry, shippedPluginSources } from './productionRegistry.ts';
import { createRateLimiter } from './rateLimiter.ts';

/** After the grace period, cancelled requests get this long to answer before their sockets are cut. */
const CANCEL_GRACE_MS = 3_000;

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** `DATABASE_URL=` (empty) means unset, as in most process managers' env files. */
const withoutEmptyValues = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

async function main(): Promise<void> {
  const config = loadConfig(withoutEmptyValues(process.env));
  const logger = createLogger({ level: config.LOG_LEVEL });

  const database = createDatabase(config, {
    onIdleConnectionError: (error) => logger.warn({ err: error }, 'an idle database connection failed; it will be replaced'),
  });
  await migrateToLatest(database.db);
  // A hold outlives the longest extraction, so only an instance that died mid-request leaves one to expire.
  const ttlMs = holdTtlMs(config);
  const ledger = createLedger(database, { holdTtlMs: ttlMs });
  const holdExpiry = startHoldExpiry(ledger, { intervalMs: sweepIntervalMs(ttlMs), logger });

  const ocr = createOcrPool({ workers: config.DOCEX_OCR_WORKERS, logger });
  let ocrReady = false;
  // Workers load their models while the port is already open; /readyz says 503 until they are up.
  const ocrStarting = ocr.ready().then(() => {
    ocrReady = true;
    logger.info({ workers: config.DOCEX_OCR_WORKERS }, 'OCR workers ready');
  });

  const registry = await createProductionRegistry(config.DOCEX_PLUGINS);
  const metrics = createMetrics({ ocrLoad: () => ocr.load(), ocrWorkers: config.DOCEX_OCR_WORKERS });
  const limits = imagingLimits(config);
  const pipelines =
    config.DOCEX_EXTRACT_WORKERS === 0
      ? null
      : createPipelinePool({
          size: config.DOCEX_EXTRACT_WORKERS,
          maxQueue: config.DOCEX_MAX_QUEUE,
          limits,
          sources: shippedPluginSources(config.DOCEX_PLUGINS),
          logger,
        });
  let pipelinesReady = pipelines === null;
  const pipelinesStarting = (pipelines?.ready() ?? Promise.resolve()).then(() => {
    pipelinesReady = true;
  });
  const extractor = createExtractor({
    ocr: metrics.instrumentOcr(ocr),
    onHookTimed: (documentType, hook, ms) => metrics.hookTimed(documentType, hook, ms),
    ledger,
    loadUpload,
    limits,
    logger,
    timeoutMs: config.DOCEX_REQUEST_TIMEOUT_MS,
    ...(pipelines === null ? {} : { runner: pipelines }),
    plugins: () => registry.list(),
  });

  const redis =
    config.REDIS_URL === undefined ? null : new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis?.on('error', (error) => logger.warn({ err: error }, 'Redis connection error'));
  const rateLimiter = createRateLimiter({ redis });

  let shuttingDown = false;
  const shutdown = new AbortController();
  const readiness = async () => {
    if (shuttingDown || !ocrReady || !pipelinesReady) return false;
    await sql`select 1`.execute(database.db);
    return true;
  };

  const app = createApp({
    config,
    ledger,
    registry,
    extractor,
    rateLimiter,
    logger,
    readiness,
    shutdownSignal: shutdown.signal,
    metrics,
    ...(pipelines === null ? {} : { saturated: () => pipelines.full }),
  });
  const handler = app.callback();
  const server = createServer(handler);
  // `Expect: 100-continue`: the app answers 401/413 without the body ever being sent, or sends 100 before reading.
  server.on('checkContinue', handler);
  server.on('clientError', handleClientError(logger));
  // Slightly longer than the request budget so a slow extraction is answered, not cut.
  server.requestTimeout = config.DOCEX_REQUEST_TIMEOUT_MS + 10_000;

  const stop = async (signal: string): Promise<void> => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal, grace_ms: config.DOCEX_SHUTDOWN_GRACE_MS }, 'shutting down');
    const closed = closeServer(server);
    server.closeIdleConnections();
    const finished = await Promise.race([closed.then(() => true), delay(config.DOCEX_SHUTDOWN_GRACE_MS).then(() => false)]);
    if (!finished) {
      logger.warn({}, 'grace period over: cancelling in-flight requests');
      shutdown.abort(new ProblemError('service_unavailable', 'The server is shutting down.'));
      await Promise.race([closed, delay(CANCEL_GRACE_MS)]);
      server.closeAllConnections();
    }
    await pipelines?.terminate().catch((error: unknown) => logger.error({ err: error }, 'pipeline workers did not stop cleanly'));
    await ocr.terminate().catch((error: unknown) => logger.error({ err: error }, 'OCR pool did not stop cleanly'));
    await redis?.quit().catch(() => redis.disconnect());
    await holdExpiry.stop();
    await ledger.close().catch((error: unknown) => logger.error({ err: error }, 'ledger did not close cleanly'));
    await database.destroy().catch((error: unknown) => logger.error({ err: error }, 'database did not close cleanly'));
    logger.info({}, 'stopped');
    logger.flush();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void stop(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          logger.fatal({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = server.address() as AddressInfo;
  logger.info(
    {
      address: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
      database: database.dialect,
      rate_limits: rateLimiter.kind,
      document_types: registry.list().map((plugin) => plugin.meta.documentType),
    },
    'listening',
  );
  await Promise.all([ocrStarting, pipelinesStarting]).catch((error: unknown) => {
    logger.fatal({ err: error }, 'OCR or pipeline workers could not start');
    void stop('ocr-failed').finally(() => process.exit(1));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`docex failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
