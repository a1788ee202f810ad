/**
 * The one OCR engine: a fixed pool of tesseract.js workers that load their model once, and a job queue over them.
 * Unlike tesseract.js's scheduler, each job sets its own segmentation mode, whitelist and rectangle (reset per
 * job). Everything is local: worker script and wasm core come from node_modules, language data from
 * @tesseract.js-data; nothing is cached to disk or fetched.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Tesseract from 'tesseract.js';
import { ProblemError } from '../errors.ts';
import { detectMediaType } from '../imaging/detectMediaType.ts';
import type { PluginLogger } from '../plugins/types.ts';
import { encodeRawAsPgm } from './ocrImageEncoding.ts';
import { warmUpPage } from './warmUpPage.ts';
import { emptyOcrResult, toOcrResult, type TesseractBlocksPage } from './ocrResult.ts';
import type { OcrPort, OcrRequest, OcrResult, PageSegmentation } from './types.ts';

export type OcrEngine = 'lstm' | 'legacy';

export interface OcrPoolOptions {
  readonly workers: number;
  /** Tesseract language codes; each needs its @tesseract.js-data/<code> package unless `langPath` is given. */
  readonly languages?: readonly string[];
  /**
   * `lstm` (default): the LSTM recogniser with the `4.0.0_best_int` models. `legacy`: Tesseract's pre-LSTM
   * character classifier with the standard `4.0.0` models (better on fixed-pitch machine fonts).
   */
  readonly engine?: OcrEngine;
  /** A local directory holding `<code>.traineddata.gz` for every language. */
  readonly langPath?: string;
  /** A job running longer is abandoned and its worker replaced: a stuck recogniser must not hold a slot forever. */
  readonly jobTimeoutMs?: number;
  /**
   * A running job whose request was cancelled (client gone, request timeout) may finish within this long; past it
   * the worker is replaced, so a cancelled request's long OCR does not hold a slot up to the job limit.
   */
  readonly abortGraceMs?: number;
  readonly logger?: Pick<PluginLogger, 'info' | 'warn'>;
  /** Each new worker reads a drawn page before its first job (warmUpPage.ts); default true. */
  readonly warmUp?: boolean;
}

export interface OcrPool extends OcrPort {
  /** Resolves once every worker has loaded its model; rejects if one cannot start. */
  ready(): Promise<void>;
  /** Refuses new jobs, lets queued and running ones finish, then stops the workers. */
  terminate(): Promise<void>;
  readonly size: number;
  /** Jobs waiting for a worker and workers running one, now (for /metrics). */
  load(): { readonly queued: number; readonly busy: number };
}

const pageSegmentationModes: Record<PageSegmentation, string> = {
  auto: '3',
  single_block: '6',
  single_line: '7',
  single_word: '8',
  sparse_text: '11',
};

const modelDirectory: Record<OcrEngine, string> = { lstm: '4.0.0_best_int', legacy: '4.0.0' };

function resolveLangPath(languages: readonly string[], engine: OcrEngine): string {
  const require = createRequire(import.meta.url);
  const directories = new Set(
    languages.map((code) => path.join(path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), modelDirectory[engine])),
  );
  const [only, ...others] = directories;
  if (only === undefined || others.length > 0) {
    throw new Error('Languages from several @tesseract.js-data packages need one `langPath` directory holding them all.');
  }
  return only;
}

interface Job {
  readonly request: OcrRequest;
  readonly resolve: (result: OcrResult) => void;
  readonly reject: (error: unknown) => void;
  settled: boolean;
  detach: () => void;
}

interface Slot {
  readonly id: number;
  worker: Tesseract.Worker | null;
  busy: boolean;
  /** Rejects when the worker thread dies under a job. */
  died: Promise<never>;
  killed: (error: Error) => void;
}

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('The OCR job was aborted', 'AbortError');

/**
 * `listen(signal, onAbort)` calls `onAbort` once the signal aborts (now, if it has) and gives back what stops it. The
 * pool keeps one listener on a signal however many of its jobs wait: with one for each job, a request's signal passed
 * Node's limit of ten (a page reads a dozen lines at once) and Node warned of a leak that was none.
 */
function abortListeners(): (signal: AbortSignal, onAbort: () => void) => () => void {
  const waiting = new WeakMap<AbortSignal, { readonly calls: Set<() => void>; readonly fire: () => void }>();
  return (signal, onAbort) => {
    if (signal.aborted) {
      onAbort();
      return () => undefined;
    }
    let entry = waiting.get(signal);
    if (entry === undefined) {
      const calls = new Set<() => void>();
      const fire = (): void => {
        waiting.delete(signal);
        // A copy: each call settles a job, whose stop then leaves the set.
        for (const call of [...calls]) call();
      };
      entry = { calls, fire };
      waiting.set(signal, entry);
      signal.addEventListener('abort', fire, { once: true });
    }
    const { calls, fire } = entry;
    calls.add(onAbort);
    return () => {
      calls.delete(onAbort);
      if (calls.size > 0 || waiting.get(signal)?.calls !== calls) return;
      waiting.delete(signal);
      signal.removeEventListener('abort', fire);
    };
  };
}

export function createOcrPool(options: OcrPoolOptions): OcrPool {
  if (!Number.isInteger(options.workers) || options.workers < 1) throw new Error('An OCR pool needs at least one worker.');
  const languages = options.languages ?? ['eng'];
  const engine = options.engine ?? 'lstm';
  const langPath = options.langPath ?? resolveLangPath(languages, engine);
  const jobTimeoutMs = options.jobTimeoutMs ?? 60_000;
  const abortGraceMs = options.abortGraceMs ?? 2_000;
  // tesseract.js never settles createWorker when language data is missing: check before spawning.
  for (const code of languages) {
    const file = path.join(langPath, `${code}.traineddata.gz`);
    if (!existsSync(file)) throw new Error(`OCR language data not found: ${file}`);
  }
  const logger = options.logger;
  const listen = abortListeners();

  const queue: Job[] = [];
  const slots: Slot[] = [];
  let closing = false;
  let closed = false;
  let drained: (() => void) | undefined;

  const settle = (job: Job, outcome: { result: OcrResult } | { error: unknown }): void => {
    if (job.settled) return;
    job.settled = true;
    job.detach();
    if ('result' in outcome) job.resolve(outcome.result);
    else job.reject(outcome.error);
  };

  const startupTimeoutMs = 120_000;
  const warmUpTimeoutMs = 10_000;

  /** A worker with the model loaded; bounded, since tesseract.js can leave a failed start unsettled. */
  async function startWorker(): Promise<Tesseract.Worker> {
    let timer: NodeJS.Timeout | undefined;
    const starting = Tesseract.createWorker(
      [...languages],
      engine === 'lstm' ? Tesseract.OEM.LSTM_ONLY : Tesseract.OEM.TESSERACT_ONLY,
      {
        langPath,
        gzip: true,
        cacheMethod: 'none',
        legacyCore: engine === 'legacy',
        legacyLang: engine === 'legacy',
        // Without a handler tesseract.js rethrows a failed job on the main thread.
        errorHandler: () => undefined,
      },
    );
    try {
      return await Promise.race([
        starting,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`OCR worker did not start within ${startupTimeoutMs} ms`)), startupTimeoutMs);
        }),
      ]);
    } catch (error) {
      void starting.then((late) => late.terminate(), () => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** One page read on a new worker, so that its first job does not run its recogniser's code cold; bounded, and a
   * failure here is the first job's to meet. */
  async function warmUp(worker: Tesseract.Worker): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const page = encodeRawAsPgm(warmUpPage());
    if (page === null) return;
    const parameters: Record<string, unknown> = { tessedit_pageseg_mode: pageSegmentationModes.sparse_text, tessedit_do_invert: '0', debug_file: '/dev/null' };
    const reading = worker.recognize(page.bytes, parameters, { text: true });
    reading.catch(() => undefined);
    try {
      await Promise.race([reading, new Promise<void>((resolve) => (timer = setTimeout(resolve, warmUpTimeoutMs)))]);
    } catch (error) {
      logger?.warn({ error: String(error) }, 'OCR worker warm-up failed');
    } finally {
      clearTimeout(timer);
    }
  }

  async function spawn(slot: Slot): Promise<void> {
    const worker = await startWorker();
    if (options.warmUp !== false && !closed) await warmUp(worker);
    if (closed) {
      await worker.terminate();
      return;
    }
    const thread = (worker as unknown as { worker: import('node:worker_threads').Worker }).worker;
    slot.died = new Promise<never>((_, reject) => {
      slot.killed = reject;
    });
    slot.died.catch(() => undefined);
    // A Node Worker's 'error' with no listener would crash the whole process.
    thread.on('error', (error) => logger?.warn({ slot: slot.id, error: error.message }, 'OCR worker failed'));
    thread.on('exit', () => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      slot.killed(new Error('The OCR worker stopped unexpectedly'));
      if (!closed) replace(slot);
    });
    slot.worker = worker;
    dispatch();
  }

  /** With no worker left and none coming, queued jobs would wait forever: refuse them. */
  function failIfNoWorkers(): void {
    if (slots.some((slot) => slot.worker !== null)) return;
    for (const job of queue.splice(0)) settle(job, { error: new ProblemError('service_unavailable', 'No OCR worker is available.') });
    dispatch();
  }

  function replace(slot: Slot): void {
    logger?.warn({ slot: slot.id }, 'Replacing OCR worker');
    spawn(slot).catch((error: unknown) => {
      logger?.warn({ slot: slot.id, error: String(error) }, 'OCR worker could not be restarted');
      failIfNoWorkers();
    });
  }

  async function run(slot: Slot, worker: Tesseract.Worker, job: Job): Promise<void> {
    slot.busy = true;
    let timer: NodeJS.Timeout | undefined;
    let graceTimer: NodeJS.Timeout | undefined;
    let stopListening = (): void => undefined;
    try {
      // Aborted between queueing and now: nothing to do.
      if (job.settled) return;
      const { request } = job;
      const source = request.image;
      let image: Buffer = Buffer.isBuffer(source) ? source : Buffer.alloc(0);
      let offsetX = 0;
      let offsetY = 0;
      const recognizeOptions: Record<string, unknown> = {
        tessedit_pageseg_mode: pageSegmentationModes[request.segmentation ?? 'auto'],
        tessedit_char_whitelist: request.charWhitelist ?? '',
        // Set on every job: a worker keeps a parameter from the job before.
        tessedit_do_invert: request.darkTextOnly === true ? '0' : '1',
        // Tesseract's diagnostics (e.g. "Estimating resolution as ...") would otherwise go to stdout.
        debug_file: '/dev/null',
      };
      if (!Buffer.isBuffer(source)) {
        // Raw pixels: crop here, so only the rectangle is converted and copied to the worker.
        const encoded = encodeRawAsPgm(source, request.rectangle);
        if (encoded === null) return settle(job, { result: emptyOcrResult });
        ({ bytes: image, offsetX, offsetY } = encoded);
      } else if (!['image/png', 'image/jpeg'].includes(detectMediaType(source) ?? '')) {
        throw new Error('OCR failed: the image buffer is neither PNG nor JPEG');
      } else if (request.rectangle !== undefined) {
        const { left, top, width, height } = request.rectangle;
        recognizeOptions.rectangle = { left: Math.round(left), top: Math.round(top), width: Math.round(width), height: Math.round(height) };
      }
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`OCR job exceeded ${jobTimeoutMs} ms`)), jobTimeoutMs);
      });
      const abandoned = new Promise<never>((_, reject) => {
        const signal = request.signal;
        if (signal === undefined) return;
        const giveUp = (): void => {
          graceTimer = setTimeout(() => reject(new Error(`OCR job exceeded its ${abortGraceMs} ms grace after cancellation`)), abortGraceMs);
        };
        stopListening = listen(signal, giveUp);
      });
      const recognized = worker.recognize(image, recognizeOptions, { text: true, blocks: true });
      recognized.catch(() => undefined);
      try {
        const { data } = await Promise.race([recognized, slot.died, timedOut, abandoned]);
        settle(job, { result: toOcrResult(data as unknown as TesseractBlocksPage, offsetX, offsetY) });
      } catch (error) {
        if (slot.worker === worker && (error as Error | undefined)?.message?.startsWith('OCR job exceeded')) {
          // The worker may be stuck in wasm: only terminating the thread stops it.
          slot.worker = null;
          await worker.terminate();
          if (!closed) replace(slot);
        }
        throw error;
      }
    } catch (error) {
      settle(job, { error: error instanceof Error ? error : new Error(`OCR failed: ${String(error)}`) });
    } finally {
      clearTimeout(timer);
      clearTimeout(graceTimer);
      stopListening();
      slot.busy = false;
      dispatch();
    }
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (queue.length === 0) break;
      const worker = slot.worker;
      if (slot.busy || worker === null) continue;
      const job = queue.shift()!;
      void run(slot, worker, job);
    }
    if (closing && queue.length === 0 && slots.every((slot) => !slot.busy)) drained?.();
  }

  for (let id = 0; id < options.workers; id += 1) {
    slots.push({ id, worker: null, busy: false, died: new Promise<never>(() => undefined), killed: () => undefined });
  }
  const started = Promise.all(slots.map((slot) => spawn(slot)));
  started.catch((error: unknown) => {
    logger?.warn({ error: String(error) }, 'OCR pool failed to start');
    failIfNoWorkers();
  });
  logger?.info({ workers: options.workers, languages, engine }, 'Starting OCR pool');

  return {
    size: options.workers,

    load() {
      return { queued: queue.length, busy: slots.filter((slot) => slot.busy).length };
    },

    async ready() {
      await started;
    },

    recognize(request) {
      if (closing) return Promise.reject(new ProblemError('service_unavailable', 'The OCR pool is shutting down.'));
      const { signal, withdraw } = request;
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      if (withdraw?.aborted) return Promise.reject(abortReason(withdraw));
      return new Promise<OcrResult>((resolve, reject) => {
        const detachers: (() => void)[] = [];
        const job: Job = { request, resolve, reject, settled: false, detach: () => detachers.forEach((detach) => detach()) };
        if (signal !== undefined) {
          const onAbort = (): void => {
            // A queued job is dropped; a running one is answered now, and its worker given a grace to finish (run()).
            const queued = queue.indexOf(job);
            if (queued >= 0) queue.splice(queued, 1);
            settle(job, { error: abortReason(signal) });
          };
          detachers.push(listen(signal, onAbort));
        }
        if (withdraw !== undefined) {
          const onWithdraw = (): void => {
            const queued = queue.indexOf(job);
            if (queued < 0) return;
            queue.splice(queued, 1);
            settle(job, { error: abortReason(withdraw) });
          };
          detachers.push(listen(withdraw, onWithdraw));
        }
        queue.push(job);
        dispatch();
      });
    },

    async terminate() {
      if (!closing) {
        closing = true;
        await new Promise<void>((resolve) => {
          drained = resolve;
          dispatch();
        });
        closed = true;
        await started.catch(() => undefined);
        await Promise.all(
          slots.map(async (slot) => {
            const worker = slot.worker;
            slot.worker = null;
            await worker?.terminate();
          }),
        );
      }
    },
  };
}
