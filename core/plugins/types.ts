/**
 * The document-plugin contract. A plugin is a typed object: meta, the upload parts it takes, its credit rule,
 * the zod schema of its result, and four hooks the extraction pipeline calls in order:
 *
 *   preprocess(upload) -> locate(prepared) -> read(located) -> decode(readings) -> result
 *
 * Each hook runs once per request (sequential semantics); its output is the next hook's input. `preprocess` and
 * `locate` may be left out: the host then hands on the upload as loaded, and the whole of what preprocess gave
 * (`defaultHooks`). `read` and `decode` have no sensible default. A hook refuses a
 * document with `ctx.reject(...)`; any other throw is wrapped with the plugin's name and the hook, and becomes a
 * 500. A plugin imports only these types: the host hands it every capability (OCR, imaging, logger, abort signal, clock).
 *
 * An optional fifth hook, `detect(upload, ctx)`, says how sure a plugin is that an upload is its document. It runs
 * only when ANOTHER plugin's hooks refused the upload as `unreadable_document` or `wrong_document_type`: the host
 * asks every other plugin that has one (in registration order) and, when the surest says 0.5 or more, answers
 * `wrong_document_type` naming that plugin's endpoint. `ctx.pageWords()` costs one quick OCR of the first page
 * (a few hundred ms), made once for all the hooks asked; a document that was read never pays it. Plugins thus
 * never know each other: each recognises its own document only.
 */
import type { z } from 'zod';
import type { RejectionCode } from '../errors.ts';
import type { PluginImaging } from '../imaging/pluginImaging.ts';
import type { LoadedUpload } from '../imaging/types.ts';
import type { OcrPort, OcrResult } from '../ocr/types.ts';

/** Bumped when the hook contract changes incompatibly; the registry refuses plugins built for another. */
export const PLUGIN_API_VERSION = 1;

export interface PluginMeta {
  /** Unique, lower-case, e.g. `passport`. */
  readonly name: string;
  /** The plugin's own semver; recorded on every extraction event. */
  readonly version: string;
  /** The PLUGIN_API_VERSION the plugin was written for. */
  readonly apiVersion: number;
  /** URL slug and event `document_type`: POST /v1/documents/{documentType}. Lower case, `[a-z0-9_-]`. */
  readonly documentType: string;
  /** One line for OpenAPI and docs. */
  readonly summary: string;
}

export interface UploadPartSpec {
  /** The multipart field name. */
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
  /**
   * Which pages of a PDF in this part the plugin reads: `first` (a multi-page PDF is refused with too_many_pages)
   * or `all` (up to the configured page limit).
   */
  readonly pdfPages: 'first' | 'all';
}

export interface PluginLogger {
  debug(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

/** Capabilities the host hands to every hook. */
export interface PluginContext {
  readonly ocr: OcrPort;
  /** Imaging primitives (core/imaging/pluginImaging.ts): grey, scale and turn, crop, page bounds, ink, deskew measure. */
  readonly imaging: PluginImaging;
  readonly logger: PluginLogger;
  /** Aborted when the client goes away, the request times out, or the server shuts down. */
  readonly signal: AbortSignal;
  /** The request's clock (for warnings such as "expired"); injectable in tests. */
  readonly now: Date;
  /** Non-file form fields the plugin declared nothing about are still passed, e.g. hints. Never logged. */
  readonly fields: Readonly<Record<string, string>>;
  /** Refuse the document: becomes a 422 problem with this code; nothing is charged. `hint` says why, in words. */
  reject(code: RejectionCode, detail: string, hint?: string): never;
}

/** How sure a plugin is that an upload is its document. */
export interface DetectVerdict {
  /** 0 (not mine) to 1 (certainly mine); 0.5 or more names this plugin's endpoint. */
  readonly confidence: number;
  /**
   * What the verdict rests on, for the debug log: a short lower-case phrase fixed in the plugin's code, e.g.
   * 'header words' or 'mrz line'; never anything read from the document (other text is not logged).
   */
  readonly evidence?: string;
}

/** The context of `detect`: the hooks' capabilities, and the first page's words, read once for every plugin asked. */
export interface DetectContext extends PluginContext {
  /**
   * One quick OCR of the upload's first page, grey and scaled to at most 1200 px wide, sparse-text segmentation
   * (boxes in that scaled frame); a PDF page's text layer instead when it has one (text only, no lines). Memoised
   * per request: every detect hook asked shares the one reading (core/ocr/pageWords.ts).
   */
  pageWords(): Promise<OcrResult>;
}

export interface DocumentPlugin<Prepared = LoadedUpload, Located = Prepared, Readings = unknown, Result = unknown> {
  readonly meta: PluginMeta;
  readonly parts: readonly UploadPartSpec[];
  /** The response body, validated before it leaves; OpenAPI is generated from it. */
  readonly resultSchema: z.ZodType<Result>;
  /** Credits this upload costs; computed before any OCR, charged only on success. */
  creditsFor(upload: LoadedUpload): number;
  /** Optional: left out, the upload as loaded is what `locate` gets (then `Prepared` is `LoadedUpload`). */
  preprocess?(upload: LoadedUpload, ctx: PluginContext): Promise<Prepared>;
  /** Optional: left out, `read` gets what `preprocess` gave, whole pages (then `Located` is `Prepared`). */
  locate?(prepared: Prepared, ctx: PluginContext): Promise<Located>;
  read(located: Located, ctx: PluginContext): Promise<Readings>;
  /** Pure: readings in, result out (or ctx.reject). */
  decode(readings: Readings, ctx: PluginContext): Result | Promise<Result>;
  /**
   * Optional: how sure the plugin is that `upload` is its document, from `ctx.pageWords()` and the upload itself.
   * Asked only when another plugin refused the upload as unreadable or not its type; the host then answers
   * `wrong_document_type` naming this plugin's endpoint when the verdict is at least 0.5. Recognise your own
   * document only: never another plugin's.
   */
  detect?(upload: LoadedUpload, ctx: DetectContext): DetectVerdict | Promise<DetectVerdict>;
}

/** The registry holds plugins of unrelated intermediate types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDocumentPlugin = DocumentPlugin<any, any, any, unknown>;

export const HOOKS = ['preprocess', 'locate', 'read', 'decode'] as const;
export type HookName = (typeof HOOKS)[number];
/** The hooks every plugin writes; the others have a default (`defaultHooks`). */
export const REQUIRED_HOOKS = ['read', 'decode'] as const satisfies readonly HookName[];

/** What the host runs for a hook a plugin leaves out: each hands its input on unchanged. */
export const defaultHooks = {
  /** The upload as loaded: every part, every page, PDF text layers included. */
  preprocess: async (upload: LoadedUpload): Promise<unknown> => upload,
  /** The whole of what preprocess gave: no card or zone found, every page read as it is. */
  locate: async (prepared: unknown): Promise<unknown> => prepared,
} as const;

/**
 * Identity at run time; gives the hooks' intermediate types to inference. A left-out preprocess makes `Prepared` the
 * loaded upload, a left-out locate makes `Located` what preprocess gave.
 */
export function defineDocumentPlugin<P = LoadedUpload, L = P, R = unknown, T = unknown>(plugin: DocumentPlugin<P, L, R, T>): DocumentPlugin<P, L, R, T> {
  return plugin;
}
