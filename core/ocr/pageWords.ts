/**
 * The page's words: one quick look at an upload's first page, shared by every plugin's `detect` hook of a request.
 * A PDF page's text layer is taken as it is (no OCR); an image is turned grey, scaled to at most `lookWidth` pixels
 * wide and read once with sparse-text segmentation, enough for headers, labels and an MRZ line.
 */
import { greyScaled } from '../imaging/greyScaled.ts';
import type { LoadedUpload, RawImage } from '../imaging/types.ts';
import { emptyOcrResult } from './ocrResult.ts';
import type { OcrPort, OcrResult } from './types.ts';

/** The look's width: wider pages are scaled down to it (OCR time grows with the pixels, header words stay legible). */
export const lookWidth = 1200;

/** `image` in grey, scaled to at most `maxWidth` pixels wide (never up), aspect kept. */
export function greyLook(image: RawImage, maxWidth = lookWidth): Promise<RawImage> {
  return greyScaled(image, { maxWidth });
}

/** The first page's words (a text layer's runs one per line, without boxes; else OCR lines with boxes in the look). */
async function readPageWords(upload: LoadedUpload, ocr: OcrPort, signal: AbortSignal): Promise<OcrResult> {
  const page = Object.values(upload.parts)[0]?.pages[0];
  if (page === undefined) return emptyOcrResult;
  if (page.textLayer !== null && page.textLayer.length > 0) {
    return { text: page.textLayer.map((item) => item.text).join('\n'), confidence: 100, lines: [] };
  }
  return ocr.recognize({ image: await greyLook(await page.image()), segmentation: 'sparse_text', signal });
}

/** A reader of the first page's words that reads them once, however many callers ask (and shares a failure too). */
export function pageWordsOnce(upload: LoadedUpload, ocr: OcrPort, signal: AbortSignal): () => Promise<OcrResult> {
  let words: Promise<OcrResult> | null = null;
  return () => (words ??= readPageWords(upload, ocr, signal));
}
