/**
 * A bounded pool of pipeline worker threads (pipelineWorker.ts): each request's decoding, PDF work and plugin
 * hooks run off the request thread, one request per worker, so /healthz and the other requests are not held up
 * by pixel work. OCR stays on the request thread (the job's OcrPort, normally the Tesseract pool), asked by message. A full queue is refused
 * at once with 503 and Retry-After; a cancelled or timed-out request's worker is terminated, not awaited, and
 * replaced, so its CPU and memory go with it.
 */
import { Worker } from 'node:worker_threads';
import { ProblemError } from '../errors.ts';
import type { ImagingLimits } from '../imaging/types.ts';
import type { OcrRequest } from '../ocr/types.ts';
import type { PluginLogger } from '../plugins/types.ts';
import type { HookInputs, LoadedSummary, PipelineJob, PipelineRunner, PipelineStart } from './pipeline.ts';
import { reviveError, serialiseError, shiftOcrResult, type FromWorker, type OcrCall, type PluginSource, type ToWorker } from './pipelineMessages.ts';

export interface PipelinePoolOptions {
  readonly size: number;
  /** Requests waiting for a worker beyond which new ones get 503 service_unavailable. */
  readonly maxQueue: number;
  readonly limits: ImagingLimits;
  /** Plugin name -> where a worker imports it from. A plugin not listed runs on `fallback`. */
  readonly sources: ReadonlyMap<string, PluginSource>;
  readonly fallback?: PipelineRunner;
  readonly logger?: Pick<PluginLogger, 'warn' | 'info'>;
  /** The JS heap a worker may use before it is stopped (its request fails, the worker is replaced). */
  readonly maxWorkerHeapMb?: number;
  readonly retryAfterSeconds?: number;
}

export interface PipelinePool extends PipelineRunner {
  /** Resolves once every worker has loaded the plugins and pdf.js. */
  ready(): Promise<void>;
  /** Refuses new jobs, waits for running ones, stops the workers. */
  terminate(): Promise<void>;
  /** Jobs on a worker, and waiting for one. */
  readonly load: { readonly running: number; readonly queued: number };
  /** A job started now would be refused: no idle worker and the queue full. */
  readonly full: boolean;
}

const BOOT = new URL('./pipelineWorker.boot.mjs', import.meta.url);

interface Slot {
  readonly id: number;
  worker: Worker;
  warmed: Promise<void>;
  /** Warm and not being replaced: may take a job. */
  warm: boolean;
  job: Job | null;
}

interface Job {
  readonly start: PipelineStart;
  readonly source: PluginSource;
  phase: 'queued' | 'loading' | 'loaded' | 'running' | 'over';
  slot: Slot | null;
  resolveLoaded: (summary: LoadedSummary) => void;
  rejectLoaded: (error: unknown) => void;
  resolveRun: (result: unknown) => void;
  rejectRun: (error: unknown) => void;
  inputs: HookInputs | null;
  detach: () => void;
  /** The job's OCR calls that may yet be withdrawn (OcrRequest.withdraw), by call number. */
  readonly withdrawable: Map<number, AbortController>;
}

export function createPipelinePool(options: PipelinePoolOptions): PipelinePool {
  if (!Number.isInteger(options.size) || options.size < 1) throw new Error('A pipeline pool needs at least one worker.');
  const retryAfter = String(options.retryAfterSeconds ?? 2);
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let closing = false;
  let drained: (() => void) | null = null;

  const send = (slot: Slot, message: ToWorker, transfer: ArrayBuffer[] = []): void => slot.worker.postMessage(message, transfer);

  function spawn(slot: Pick<Slot, 'id'> & Partial<Slot>): Slot {
    const worker = new Worker(BOOT, { resourceLimits: { maxOldGenerationSizeMb: options.maxWorkerHeapMb ?? 1024 } });
    const full = slot as Slot;
    full.worker = worker;
    full.job = null;
    full.warm = false;
    full.warmed = new Promise<void>((resolve, reject) => {
      const onWarm = (message: FromWorker): void => {
        if (message.type === 'warmed') resolve();
        if (message.type === 'failed') reject(reviveError(message.error));
        if (message.type === 'warmed' || message.type === 'failed') worker.off('message', onWarm);
      };
      worker.on('message', onWarm);
    });
    full.warmed.catch(() => undefined);
    worker.on('message', (message: FromWorker) => {
      if (full.worker === worker) onMessage(full, message);
    });
    // An 'error' without a listener would crash the process; the exit that follows replaces the worker.
    worker.on('error', (error) => options.logger?.warn({ slot: full.id, error: error.message }, 'pipeline worker failed'));
    worker.on('exit', () => {
      if (full.worker !== worker) return;
      const job = full.job;
      full.job = null;
      if (job !== null) finish(job, new ProblemError('internal', 'The pipeline worker stopped unexpectedly.'));
      if (!closing) {
        options.logger?.warn({ slot: full.id }, 'replacing pipeline worker');
        spawn(full);
      }
    });
    send(full, { type: 'warm', plugins: [...options.sources.values()] });
    // A new or replaced worker takes the next queued job once it is warm.
    void full.warmed.then(
      () => {
        if (full.worker !== worker) return;
        full.warm = true;
        dispatch();
      },
      (error: unknown) => options.logger?.warn({ slot: full.id, error: String(error) }, 'pipeline worker could not start'),
    );
    return full;
  }

  /** Ends a job with an error in whatever phase it is. */
  function finish(job: Job, error: unknown): void {
    const phase = job.phase;
    job.phase = 'over';
    job.detach();
    if (phase === 'queued' || phase === 'loading') job.rejectLoaded(error);
    else if (phase === 'running') job.rejectRun(error);
  }

  function free(slot: Slot): void {
    slot.job = null;
    dispatch();
  }

  /** The request was cancelled or timed out: stop its worker now and start another in its place. */
  function kill(slot: Slot): void {
    const worker = slot.worker;
    slot.job = null;
    slot.warm = false;
    // Not awaited: the thread's memory goes with it; exit's handler sees a replaced worker and does nothing.
    spawn(slot);
    void worker.terminate();
  }

  function onMessage(slot: Slot, message: FromWorker): void {
    const job = slot.job;
    if (message.type === 'warmed') return;
    if (job === null) return;
    switch (message.type) {
      case 'loaded':
        if (job.phase !== 'loading') return;
        job.phase = 'loaded';
        job.resolveLoaded(message.summary);
        return;
      case 'hookTimed':
        job.inputs?.onHookTimed?.(message.hook, message.ms);
        return;
      case 'done':
        if (job.phase !== 'running') return;
        job.phase = 'over';
        job.detach();
        free(slot);
        job.resolveRun(message.result);
        return;
      case 'failed':
        if (job.phase === 'over') return;
        finish(job, reviveError(message.error));
        free(slot);
        return;
      case 'log': {
        const log = job.inputs?.log;
        log?.[message.level](message.fields, message.message);
        return;
      }
      case 'ocr':
        void runOcr(slot, job, message.call, message.request);
        return;
      case 'ocrWithdraw':
        job.withdrawable.get(message.call)?.abort();
        return;
    }
  }

  async function runOcr(slot: Slot, job: Job, call: number, request: OcrCall): Promise<void> {
    const image: OcrRequest['image'] =
      request.image instanceof Uint8Array
        ? Buffer.from(request.image.buffer, request.image.byteOffset, request.image.byteLength)
        : {
            data: Buffer.from(request.image.data.buffer, request.image.data.byteOffset, request.image.data.byteLength),
            width: request.image.width,
            height: request.image.height,
            channels: request.image.channels,
          };
    const withdraw = request.withdrawable === true ? new AbortController() : null;
    if (withdraw !== null) job.withdrawable.set(call, withdraw);
    try {
      const result = await job.start.ocr.recognize({
        image,
        ...(request.segmentation === undefined ? {} : { segmentation: request.segmentation }),
        ...(request.charWhitelist === undefined ? {} : { charWhitelist: request.charWhitelist }),
        ...(request.darkTextOnly === undefined ? {} : { darkTextOnly: request.darkTextOnly }),
        ...(request.rectangle === undefined ? {} : { rectangle: request.rectangle }),
        signal: job.inputs?.signal ?? job.start.signal,
        ...(withdraw === null ? {} : { withdraw: withdraw.signal }),
      });
      if (slot.job === job) send(slot, { type: 'ocrDone', call, result: shiftOcrResult(result, request.offsetX, request.offsetY) });
    } catch (error) {
      if (slot.job === job) send(slot, { type: 'ocrDone', call, error: serialiseError(error) });
    } finally {
      job.withdrawable.delete(call);
    }
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (queue.length === 0) break;
      if (slot.job !== null || !slot.warm) continue;
      const job = queue.shift()!;
      slot.job = job;
      job.slot = slot;
      job.phase = 'loading';
      const files = job.start.files.map((file) => ({ field: file.field, buffer: new Uint8Array(file.buffer) }));
      const others = (job.start.others ?? []).flatMap((other) => {
        const source = options.sources.get(other.meta.name);
        return source === undefined ? [] : [source];
      });
      send(slot, { type: 'load', plugin: job.source, others, files, password: job.start.password, limits: options.limits }, files.map((f) => f.buffer.buffer as ArrayBuffer));
    }
    if (closing && queue.length === 0 && slots.every((slot) => slot.job === null)) drained?.();
  }

  for (let id = 0; id < options.size; id += 1) {
    const slot = spawn({ id });
    slots.push(slot);
  }

  const isFull = (): boolean => !slots.some((slot) => slot.job === null && slot.warm) && queue.length >= options.maxQueue;
  const busy = (): ProblemError =>
    new ProblemError('service_unavailable', 'Every worker is busy and the queue is full; retry shortly.', {
      headers: { 'Retry-After': retryAfter },
    });

  function startJob(start: PipelineStart): PipelineJob {
    const plugin = start.plugin.meta.name;
    const source = options.sources.get(plugin);
    if (source === undefined) {
      if (options.fallback === undefined) throw new Error(`No worker source for plugin "${plugin}"`);
      return options.fallback.start(start);
    }
    if (closing) throw new ProblemError('service_unavailable', 'The server is shutting down.');
    if (isFull()) throw busy();
    let resolveLoaded!: (summary: LoadedSummary) => void;
    let rejectLoaded!: (error: unknown) => void;
    const loaded = new Promise<LoadedSummary>((resolve, reject) => {
      resolveLoaded = resolve;
      rejectLoaded = reject;
    });
    loaded.catch(() => undefined);
    let resolveRun!: (result: unknown) => void;
    let rejectRun!: (error: unknown) => void;
    const ran = new Promise<unknown>((resolve, reject) => {
      resolveRun = resolve;
      rejectRun = reject;
    });
    ran.catch(() => undefined);
    const job: Job = {
      start,
      source,
      phase: 'queued',
      slot: null,
      resolveLoaded,
      rejectLoaded,
      resolveRun,
      rejectRun,
      inputs: null,
      detach: () => undefined,
      withdrawable: new Map(),
    };
    const onAbort = (): void => {
      const phase = job.phase;
      if (phase === 'over') return;
      const slot = job.slot;
      finish(job, start.signal.reason);
      if (phase === 'queued') {
        queue.splice(queue.indexOf(job), 1);
      } else if (slot !== null && slot.job === job) {
        kill(slot);
      }
    };
    if (start.signal.aborted) {
      job.phase = 'over';
      rejectLoaded(start.signal.reason);
    } else {
      start.signal.addEventListener('abort', onAbort, { once: true });
      job.detach = () => start.signal.removeEventListener('abort', onAbort);
      queue.push(job);
      dispatch();
    }
    return {
      loaded,
      run(inputs) {
        if (job.phase !== 'loaded' || job.slot === null) return Promise.reject(new Error('run() needs a loaded job'));
        job.phase = 'running';
        job.inputs = inputs;
        send(job.slot, { type: 'run', fields: { ...inputs.fields }, now: inputs.now.getTime() });
        return ran;
      },
      release() {
        if (job.phase === 'loaded') {
          job.phase = 'over';
          job.detach();
          const slot = job.slot;
          if (slot !== null && slot.job === job) {
            send(slot, { type: 'release' });
            free(slot);
          }
        }
      },
    };
  }

  return {
    start: startJob,
    get full() {
      return isFull();
    },
    get load() {
      return { running: slots.filter((slot) => slot.job !== null).length, queued: queue.length };
    },
    async ready() {
      await Promise.all(slots.map((slot) => slot.warmed));
    },
    async terminate() {
      if (!closing) {
        closing = true;
        await new Promise<void>((resolve) => {
          drained = resolve;
          dispatch();
        });
      }
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
