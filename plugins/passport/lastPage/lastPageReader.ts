/**
 * OCR of the last page, found upright: the data page's rotation is tried first (both pages are usually
 * photographed the same way), then the other quarter turns, until the page's labels are read.
 */
import type { QuarterTurn } from '../../../core/imaging/greyScaled.ts';
import type { RawImage } from '../../../core/imaging/types.ts';
import { recognizeInBands } from '../../../core/ocr/bandedOcr.ts';
import type { BoundingBox, OcrResult } from '../../../core/ocr/types.ts';
import type { PluginContext } from '../../../core/plugins/types.ts';
import { classifyLastPageLabel, lastPageValueBoxes, type LastPageRereads } from './lastPageFields.ts';
import type { LastPageFrame } from './lastPageFrame.ts';
import { skewAngle } from './skewAngle.ts';

type Imaging = PluginContext['imaging'];

/** Rows both bands of the page's read share, as a share of its width. */
const lastPageBandOverlap = 0.1;

/** How upright a reading looks: labels found count most, then mean word confidence. */
export function uprightScore(ocr: OcrResult): { labels: number; confidence: number } {
  const labels = new Set(ocr.lines.map((l) => classifyLastPageLabel(l.text)).filter((l) => l !== null));
  const words = ocr.lines.flatMap((l) => l.words);
  const confidence = words.length === 0 ? 0 : words.reduce((s, w) => s + w.confidence, 0) / words.length;
  return { labels: labels.size, confidence };
}

/** The page turned level: a photo tilted by several degrees loses whole lines in the sparse OCR pass. */
async function levelled(grey: RawImage, imaging: Imaging): Promise<{ image: RawImage; level: LastPageFrame['level'] }> {
  const small = await imaging.greyScaled(grey, { maxWidth: 600, exactWidth: 600 });
  const angle = skewAngle(small, imaging);
  // Tesseract copes with two degrees or so; turning costs a resampling blur.
  if (Math.abs(angle) < 2.5) return { image: grey, level: { degrees: 0, width: grey.width, height: grey.height } };
  const image = await imaging.greyRotated(grey, -angle);
  return { image, level: { degrees: -angle, width: image.width, height: image.height } };
}

/** The last page read: the sparse pass at its upright orientation, and each value region read again on its own. */
export interface LastPageReading {
  readonly ocr: OcrResult;
  readonly rereads: LastPageRereads;
  /** The OCR's pixels against the upload's (for the fields' geometry). */
  readonly frame: LastPageFrame;
  /** The size of the page the OCR read. */
  readonly size: { readonly width: number; readonly height: number };
}

/** Value regions are read again upscaled so their capitals stand ~32 px tall (~21 px in the sparse pass). */
const rereadScale = 1.5;
const minWordConfidence = 70;

/**
 * A line's text without the background texture read as letters at its ends (low confidence); a doubtful word
 * inside the value makes the whole line doubtful (empty), so the sparse pass's reading stands.
 */
function trustedText(line: OcrResult['lines'][number]): string {
  const words = line.words.filter((w) => w.text.trim() !== '');
  let start = 0;
  let end = words.length;
  while (start < end && words[start]!.confidence < minWordConfidence) start += 1;
  while (end > start && words[end - 1]!.confidence < minWordConfidence) end -= 1;
  const kept = words.slice(start, end);
  return kept.some((w) => w.confidence < minWordConfidence) ? '' : kept.map((w) => w.text).join(' ');
}

/** Whole pixels of `box` inside an image of `width` × `height`. */
function pixelRegion(box: BoundingBox, width: number, height: number): { left: number; top: number; width: number; height: number } {
  const left = Math.max(0, Math.floor(box.x0));
  const top = Math.max(0, Math.floor(box.y0));
  return { left, top, width: Math.min(width - left, Math.ceil(box.x1) - left), height: Math.min(height - top, Math.ceil(box.y1) - top) };
}

/**
 * The page alone when the photo shows it on a table (see pageBounds), so its print is scaled up to the reading
 * size; else the image as it is.
 */
async function pageOnly(image: RawImage, imaging: Imaging): Promise<{ image: RawImage; crop: LastPageFrame['crop'] }> {
  const overview = await imaging.greyScaled(image, { maxWidth: 400, exactWidth: 400 });
  const bounds = imaging.pageBounds(overview);
  const whole = { left: 0, top: 0, width: image.width, height: image.height };
  if (bounds.width === overview.width && bounds.height === overview.height) return { image, crop: whole };
  const k = image.width / overview.width;
  const box = { x0: bounds.left * k, y0: bounds.top * k, x1: (bounds.left + bounds.width) * k, y1: (bounds.top + bounds.height) * k };
  const crop = pixelRegion(box, image.width, image.height);
  return { image: await imaging.cropGrey(image, crop, 1), crop };
}

async function rereadValues(grey: RawImage, ocr: OcrResult, ctx: PluginContext): Promise<LastPageRereads> {
  const boxes = lastPageValueBoxes(ocr, grey);
  const texts = await Promise.all(
    boxes.map(async ({ box }) => {
      const crop = await ctx.imaging.cropGrey(grey, pixelRegion(box, grey.width, grey.height), rereadScale);
      const read = await ctx.ocr.recognize({ image: crop, segmentation: 'single_line', signal: ctx.signal });
      return read.lines.map(trustedText).filter((text) => text !== '');
    }),
  );
  return Object.fromEntries(boxes.map((b, i) => [b.field, texts[i]!]));
}

/** The last page's reading at its upright orientation, or null when no orientation shows its labels. */
export async function readLastPage(image: RawImage, firstTurn: QuarterTurn, ctx: PluginContext): Promise<LastPageReading | null> {
  const turns = [firstTurn, ...([0, 180, 90, 270] as const).filter((t) => t !== firstTurn)];
  const { image: page, crop } = await pageOnly(image, ctx.imaging);
  let best: { ocr: OcrResult; grey: RawImage; frame: LastPageFrame; labels: number; confidence: number } | null = null;
  for (const turn of turns) {
    // Always 1300 px wide: small photos are upscaled, their ~8 px letters are below what Tesseract reads well.
    const scaled = await ctx.imaging.withoutSensorNoise(await ctx.imaging.greyScaled(page, { maxWidth: 1300, exactWidth: 1300, turn }));
    const { image: grey, level } = await levelled(scaled, ctx.imaging);
    const frame: LastPageFrame = { crop, turn, scaled: { width: scaled.width, height: scaled.height }, level };
    // Two bands on the two OCR workers; they share a tenth of the width in rows (12 mm of a 125 mm page: a label
    // and its value), so no line is cut in both.
    const ocr = await recognizeInBands(ctx.ocr, {
      image: grey,
      segmentation: 'sparse_text',
      rectangle: { left: 0, top: 0, width: grey.width, height: grey.height },
      overlap: Math.round(grey.width * lastPageBandOverlap),
      signal: ctx.signal,
    });
    const score = uprightScore(ocr);
    if (best === null || score.labels > best.labels || (score.labels === best.labels && score.confidence > best.confidence)) best = { ocr, grey, frame, ...score };
    // Three of the six labels read: this is the upright page.
    if (score.labels >= 3) break;
  }
  if (best === null || best.labels < 2) return null;
  const size = { width: best.grey.width, height: best.grey.height };
  return { ocr: best.ocr, rereads: await rereadValues(best.grey, best.ocr, ctx), frame: best.frame, size };
}
