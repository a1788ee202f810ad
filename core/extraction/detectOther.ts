/**
 * When a plugin refuses a document as unreadable or not its type, the host asks the other registered plugins'
 * `detect` hooks how sure each is that the upload is theirs, and names the likely endpoint. Plugins never know each
 * other: each recognises its own document only. The page's words are read once (one quick OCR of the first page,
 * shared by every detect hook), and only on this path, never for a document that was read.
 */
import { performance } from 'node:perf_hooks';
import { ProblemError } from '../errors.ts';
import type { LoadedUpload } from '../imaging/types.ts';
import { pageWordsOnce } from '../ocr/pageWords.ts';
import type { AnyDocumentPlugin, DetectContext, PluginContext } from '../plugins/types.ts';

/** A detect verdict at least this sure names the other endpoint. */
export const detectThreshold = 0.5;
/** What a verdict's `evidence` must look like to be logged: a short fixed phrase such as 'header words'. */
const evidencePhrase = /^[a-z][a-z0-9 ,.'-]{0,39}$/;

/** `ctx` with `pageWords()`: the first page's words, read once however many hooks ask (core/ocr/pageWords.ts). */
export function detectContext(upload: LoadedUpload, ctx: PluginContext): DetectContext {
  return { ...ctx, pageWords: pageWordsOnce(upload, ctx.ocr, ctx.signal) };
}

/**
 * The other plugin the upload most likely belongs to, when one is sure enough, else null. A detect hook that throws
 * counts as not sure (logged without anything read from the document).
 */
export async function likelyOtherPlugin(others: readonly AnyDocumentPlugin[], upload: LoadedUpload, ctx: DetectContext): Promise<AnyDocumentPlugin | null> {
  let best: { plugin: AnyDocumentPlugin; confidence: number } | null = null;
  const verdicts: { plugin: string; confidence: number; evidence?: string; ms: number }[] = [];
  for (const plugin of others) {
    if (plugin.detect === undefined) continue;
    const start = performance.now();
    let confidence = 0;
    let evidence: string | undefined;
    try {
      const verdict = await plugin.detect(upload, ctx);
      confidence = Number.isFinite(verdict.confidence) ? Math.min(1, Math.max(0, verdict.confidence)) : 0;
      // Logged only as the short lower-case phrase the contract asks for, so that no value read slips into a log.
      if (typeof verdict.evidence === 'string' && evidencePhrase.test(verdict.evidence)) evidence = verdict.evidence;
    } catch (error) {
      ctx.logger.warn({ plugin: plugin.meta.name, error: error instanceof Error ? error.name : typeof error }, 'a detect hook failed');
    }
    verdicts.push({ plugin: plugin.meta.name, confidence, ...(evidence === undefined ? {} : { evidence }), ms: Math.round(performance.now() - start) });
    if (confidence >= detectThreshold && (best === null || confidence > best.confidence)) best = { plugin, confidence };
  }
  ctx.logger.debug({ verdicts }, 'detect hooks asked');
  return best?.plugin ?? null;
}

/** The refusal naming the endpoint the document belongs to. */
export function wrongEndpointRefusal(plugin: AnyDocumentPlugin, other: AnyDocumentPlugin): ProblemError {
  return new ProblemError(
    'wrong_document_type',
    `The document looks like one for POST /v1/documents/${other.meta.documentType}, not for POST /v1/documents/${plugin.meta.documentType}.`,
    { extensions: { hint: `Send it to POST /v1/documents/${other.meta.documentType}.`, likely_document_type: other.meta.documentType } },
  );
}
