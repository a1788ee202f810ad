/** The messages between the request thread and a pipeline worker (pipelinePool.ts, pipelineWorker.ts). */
import { ProblemError, type ProblemCode } from '../errors.ts';
import type { ImagingLimits } from '../imaging/types.ts';
import type { BoundingBox, OcrRequest, OcrResult } from '../ocr/types.ts';
import { PluginHookError, type PluginCallSite } from './pluginHookError.ts';
import type { LoadedSummary } from './pipeline.ts';

/** Where a worker imports a plugin from: a module URL and the name of its export. */
export interface PluginSource {
  readonly url: string;
  readonly exportName: string;
}

export type ToWorker =
  | { readonly type: 'warm'; readonly plugins: readonly PluginSource[] }
  | {
      readonly type: 'load';
      readonly plugin: PluginSource;
      /** The other plugins, whose detect hooks may name the endpoint of a document this one refuses. */
      readonly others: readonly PluginSource[];
      readonly files: readonly { readonly field: string; readonly buffer: Uint8Array }[];
      readonly password: string | undefined;
      readonly limits: ImagingLimits;
    }
  | { readonly type: 'run'; readonly fields: Readonly<Record<string, string>>; readonly now: number }
  | { readonly type: 'release' }
  | { readonly type: 'ocrDone'; readonly call: number; readonly result?: OcrResult; readonly error?: SerialisedError };

/** OCR as the worker asks it: the image already cut to its rectangle and turned grey there (off this thread). */
export interface OcrCall {
  readonly image: { readonly data: Uint8Array; readonly width: number; readonly height: number; readonly channels: 1 | 3 | 4 } | Uint8Array;
  readonly segmentation?: OcrRequest['segmentation'];
  readonly charWhitelist?: string;
  readonly darkTextOnly?: boolean;
  readonly rectangle?: OcrRequest['rectangle'];
  /** The request had a `withdraw` signal: an `ocrWithdraw` message may follow while it waits. */
  readonly withdrawable?: boolean;
  /** Add to every box of the result. */
  readonly offsetX: number;
  readonly offsetY: number;
}

export type FromWorker =
  | { readonly type: 'warmed' }
  | { readonly type: 'loaded'; readonly summary: LoadedSummary }
  | { readonly type: 'done'; readonly result: unknown }
  | { readonly type: 'hookTimed'; readonly hook: 'preprocess' | 'locate' | 'read' | 'decode'; readonly ms: number }
  | { readonly type: 'failed'; readonly error: SerialisedError }
  | { readonly type: 'ocr'; readonly call: number; readonly request: OcrCall }
  /** The call's `withdraw` signal (OcrRequest) was aborted: dropped if it still waits for an OCR worker. */
  | { readonly type: 'ocrWithdraw'; readonly call: number }
  | { readonly type: 'log'; readonly level: 'debug' | 'info' | 'warn'; readonly fields: Record<string, unknown>; readonly message: string };

export type SerialisedError =
  | {
      readonly kind: 'problem';
      readonly code: ProblemCode;
      readonly detail: string;
      readonly extensions: Record<string, unknown>;
      readonly headers: Record<string, string>;
    }
  | { readonly kind: 'hook'; readonly plugin: string; readonly hook: PluginCallSite; readonly cause: { name: string; message: string; stack?: string } }
  | { readonly kind: 'error'; readonly name: string; readonly message: string; readonly stack?: string };

const plainError = (error: unknown): { name: string; message: string; stack?: string } =>
  error instanceof Error
    ? { name: error.name, message: error.message, ...(error.stack === undefined ? {} : { stack: error.stack }) }
    : { name: 'Error', message: String(error) };

export function serialiseError(error: unknown): SerialisedError {
  if (error instanceof ProblemError) {
    return { kind: 'problem', code: error.code, detail: error.message, extensions: { ...error.extensions }, headers: { ...error.headers } };
  }
  if (error instanceof PluginHookError) return { kind: 'hook', plugin: error.plugin, hook: error.hook, cause: plainError(error.cause) };
  return { kind: 'error', ...plainError(error) };
}

const revive = (plain: { name: string; message: string; stack?: string }): Error => {
  const error = new Error(plain.message);
  error.name = plain.name;
  if (plain.stack !== undefined) error.stack = plain.stack;
  return error;
};

export function reviveError(error: SerialisedError): Error {
  switch (error.kind) {
    case 'problem':
      return new ProblemError(error.code, error.detail, { extensions: error.extensions, headers: error.headers });
    case 'hook':
      return new PluginHookError(error.plugin, error.hook, revive(error.cause));
    default:
      return revive(error);
  }
}

const shift = (box: BoundingBox, dx: number, dy: number): BoundingBox => ({ x0: box.x0 + dx, y0: box.y0 + dy, x1: box.x1 + dx, y1: box.y1 + dy });

/** The result's boxes moved by an offset (where a cut-out image's origin lies in the plugin's image). */
export function shiftOcrResult(result: OcrResult, dx: number, dy: number): OcrResult {
  if (dx === 0 && dy === 0) return result;
  return {
    ...result,
    lines: result.lines.map((line) => ({
      ...line,
      bbox: shift(line.bbox, dx, dy),
      words: line.words.map((word) => ({ ...word, bbox: shift(word.bbox, dx, dy) })),
    })),
  };
}
