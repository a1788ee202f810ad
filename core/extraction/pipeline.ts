/**
 * The CPU part of an extraction, behind one interface so it can run on the request thread (tests, CLI) or in a
 * worker thread (the server, pipelinePool.ts): decode and price the upload, then, once the caller has metered
 * it, run the plugin's hooks.
 */
import { performance } from 'node:perf_hooks';
import { ProblemError } from '../errors.ts';
import { pluginImaging } from '../imaging/pluginImaging.ts';
import type { ImagingLimits, LoadedUpload, LoadUpload } from '../imaging/types.ts';
import type { OcrPort } from '../ocr/types.ts';
import { defaultHooks, type AnyDocumentPlugin, type PluginContext, type PluginLogger } from '../plugins/types.ts';
import { detectContext, likelyOtherPlugin, wrongEndpointRefusal } from './detectOther.ts';
import { inputDigest, pagesPerPart } from './inputDigest.ts';
import { invokeCreditsFor, invokeHook } from './pluginHookError.ts';
import type { UploadedFile } from './types.ts';

export interface LoadedSummary {
  readonly credits: number;
  readonly inputSha256: string;
  readonly pages: Record<string, number>;
}

export interface HookInputs {
  readonly fields: Readonly<Record<string, string>>;
  readonly now: Date;
  readonly signal: AbortSignal;
  readonly log: PluginLogger;
  /** Each hook's wall time, for /metrics; never anything read from the document. */
  readonly onHookTimed?: (hook: 'preprocess' | 'locate' | 'read' | 'decode', ms: number) => void;
}

export interface PipelineJob {
  /** The upload decoded and priced; rejects with the refusal (ProblemError) or a PluginHookError. */
  readonly loaded: Promise<LoadedSummary>;
  /** Runs preprocess -> locate -> read -> decode once; the raw result, not yet validated. */
  run(inputs: HookInputs): Promise<unknown>;
  /** The job will not run (refused, failed, finished): its resources go back. Idempotent. */
  release(): void;
}

export interface PipelineStart {
  readonly plugin: AnyDocumentPlugin;
  /** The other registered plugins, whose detect hooks name the endpoint of a document this one refuses. */
  readonly others?: readonly AnyDocumentPlugin[];
  readonly files: readonly UploadedFile[];
  readonly password: string | undefined;
  /** The OCR the hooks' ctx.ocr calls reach (on the calling thread). */
  readonly ocr: OcrPort;
  /** Aborted: the job stops as soon as it can (a worker is terminated). */
  readonly signal: AbortSignal;
}

export interface PipelineRunner {
  /** Throws ProblemError('service_unavailable') at once when no more work can be queued. */
  start(job: PipelineStart): PipelineJob;
}

/** The four hooks in order under the signal, each timed (debug log). */
export async function runPluginHooks(
  plugin: AnyDocumentPlugin,
  upload: LoadedUpload,
  ocr: OcrPort,
  inputs: HookInputs,
  others: readonly AnyDocumentPlugin[] = [],
): Promise<unknown> {
  const { signal, log } = inputs;
  const ctx: PluginContext = {
    // Every OCR job of the request is cancelled with it, unless the plugin passes its own signal.
    ocr: { recognize: (job) => ocr.recognize({ ...job, signal: job.signal ?? signal }) },
    imaging: pluginImaging,
    logger: log,
    signal,
    now: inputs.now,
    fields: inputs.fields,
    reject(code, detail, hint) {
      throw new ProblemError(code, detail, hint === undefined ? {} : { extensions: { hint } });
    },
  };
  const timings: Record<string, number> = {};
  const timed = async <T>(hook: 'preprocess' | 'locate' | 'read' | 'decode', call: () => T | Promise<T>) => {
    const start = performance.now();
    try {
      return await invokeHook(plugin, hook, signal, call);
    } finally {
      const ms = performance.now() - start;
      timings[`${hook}_ms`] = Math.round(ms);
      inputs.onHookTimed?.(hook, ms);
    }
  };
  try {
    const prepared = await timed('preprocess', () => (plugin.preprocess === undefined ? defaultHooks.preprocess(upload) : plugin.preprocess(upload, ctx)));
    const located = await timed('locate', () => (plugin.locate === undefined ? defaultHooks.locate(prepared) : plugin.locate(prepared, ctx)));
    const readings = await timed('read', () => plugin.read(located, ctx));
    return await timed('decode', () => plugin.decode(readings, ctx));
  } catch (error) {
    // Refused as unreadable or not its type: another plugin may recognise the document (detectOther.ts).
    if (error instanceof ProblemError && (error.code === 'unreadable_document' || error.code === 'wrong_document_type') && others.some((o) => o.detect !== undefined)) {
      const other = await likelyOtherPlugin(others, upload, detectContext(upload, ctx));
      if (other !== null) throw wrongEndpointRefusal(plugin, other);
    }
    throw error;
  } finally {
    log.debug({ timings }, 'plugin hooks finished');
  }
}

/** Decodes and prices an upload: the first half of a job, wherever it runs. */
export async function loadAndPrice(
  plugin: AnyDocumentPlugin,
  files: readonly UploadedFile[],
  password: string | undefined,
  loadUpload: LoadUpload,
  limits: ImagingLimits,
): Promise<{ upload: LoadedUpload; summary: LoadedSummary }> {
  const upload = await loadUpload(files, plugin.parts, limits, { pdfPassword: password });
  const credits = invokeCreditsFor(plugin, upload);
  return { upload, summary: { credits, inputSha256: inputDigest(upload), pages: pagesPerPart(upload) } };
}

/** Everything on the calling thread: what tests, the CLI and the evaluation use. */
export function inProcessRunner(deps: { loadUpload: LoadUpload; limits: ImagingLimits }): PipelineRunner {
  return {
    start({ plugin, others, files, password, ocr }) {
      const loading = loadAndPrice(plugin, files, password, deps.loadUpload, deps.limits);
      loading.catch(() => undefined);
      return {
        loaded: loading.then(({ summary }) => summary),
        run: async (inputs) => runPluginHooks(plugin, (await loading).upload, ocr, inputs, others),
        release: () => undefined,
      };
    },
  };
}
