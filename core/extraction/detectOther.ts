/**
 * When a plugin refuses a document as unreadable or not its type, the host asks the other registered plugins'
 * `detect` hooks how sure each is that the upload is theirs, and names the likely endpoint. Plugins never know each
 * other: each recognises its own document only. The page's words are read once (one quick OCR of the first page,
 * shared by every detect hook), and only on this path, never for a document that was read.
 */
import { ProblemError } from '../errors.ts';
import { downscaleGrey, toGrey } from '../imaging/greyImage.ts';
import type { LoadedUpload, RawImage } from '../imaging/types.ts';
import { emptyOcrResult } from '../ocr/ocrResult.ts';
import type { OcrResult } from '../ocr/types.ts';
import type { AnyDocumentPlugin, DetectContext, PluginContext } from '../plugins/types.ts';

/** A detect verdict at least this sure names the other endpoint. */
export const detectThreshold = 0.5;
/** The quick look reads the first page at about this width: enough for headers and labels, cheap to OCR. */
const lookWidth = 1200;

/** The first page of the upload as grey pixels, scaled down to about `lookWidth`; null when the upload has no page. */
async function firstPage(upload: LoadedUpload): Promise<RawImage | null> {
  const page = Object.values(upload.parts)[0]?.pages[0];
  if (page === undefined) return null;
  const grey = toGrey(await page.image());
  const small = downscaleGrey(grey, Math.max(1, Math.floor(grey.width / lookWidth)));
  const data = Buffer.alloc(small.width * small.height);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(small.data[i]!)));
  return { data, width: small.width, height: small.height, channels: 1 };
}

/** `ctx` with `pageWords()`: the first page's words, read once however many hooks ask (a PDF's text layer counts). */
export function detectContext(upload: LoadedUpload, ctx: PluginContext): DetectContext {
  let words: Promise<OcrResult> | null = null;
  const read = async (): Promise<OcrResult> => {
    const page = Object.values(upload.parts)[0]?.pages[0];
    const layer = page?.textLayer ?? null;
    if (layer !== null && layer.length > 0) {
      const text = layer.map((item) => item.text).join('\n');
      return { text, confidence: 100, lines: [] };
    }
    const image = await firstPage(upload);
    return image === null ? emptyOcrResult : ctx.ocr.recognize({ image, segmentation: 'sparse_text', signal: ctx.signal });
  };
  return { ...ctx, pageWords: () => (words ??= read()) };
}

/**
 * The other plugin the upload most likely belongs to, when one is sure enough, else null. A detect hook that throws
 * counts as not sure (logged without anything read from the document).
 */
export async function likelyOtherPlugin(others: readonly AnyDocumentPlugin[], upload: LoadedUpload, ctx: DetectContext): Promise<AnyDocumentPlugin | null> {
  let best: { plugin: AnyDocumentPlugin; confidence: number } | null = null;
  for (const plugin of others) {
    if (plugin.detect === undefined) continue;
    let confidence = 0;
    try {
      const verdict = await plugin.detect(upload, ctx);
      confidence = Number.isFinite(verdict.confidence) ? verdict.confidence : 0;
    } catch (error) {
      ctx.logger.warn({ plugin: plugin.meta.name, error: error instanceof Error ? error.name : typeof error }, 'a detect hook failed');
    }
    if (confidence >= detectThreshold && (best === null || confidence > best.confidence)) best = { plugin, confidence };
  }
  return best?.plugin ?? null;
}

/** The refusal naming the endpoint the document belongs to. */
export function wrongEndpointRefusal(plugin: AnyDocumentPlugin, other: AnyDocumentPlugin): ProblemError {
  return new ProblemError(
    'wrong_document_type',
    `The document looks like one POST /v1/documents/${other.meta.documentType} reads (${other.meta.summary}), not one for /v1/documents/${plugin.meta.documentType}.`,
    { extensions: { hint: `Send it to POST /v1/documents/${other.meta.documentType}.`, likely_document_type: other.meta.documentType } },
  );
}
