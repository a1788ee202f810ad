/**
 * OCR of the last page, found upright: the data page's rotation is tried first (both pages are usually
 * photographed the same way), then the other quarter turns, until the page's labels are read.
 */
import type { RawImage } from '../../core/imaging/types.ts';
import type { OcrResult } from '../../core/ocr/types.ts';
import type { PluginContext } from '../../core/plugins/types.ts';
import { classifyLastPageLabel } from './lastPageFields.ts';
import sharp from 'sharp';
import { greyScaled, type QuarterTurn } from './pageImage.ts';
import { skewAngle } from './skewAngle.ts';

/** How upright a reading looks: labels found count most, then mean word confidence. */
export function uprightScore(ocr: OcrResult): { labels: number; confidence: number } {
  const labels = new Set(ocr.lines.map((l) => classifyLastPageLabel(l.text)).filter((l) => l !== null));
  const words = ocr.lines.flatMap((l) => l.words);
  const confidence = words.length === 0 ? 0 : words.reduce((s, w) => s + w.confidence, 0) / words.length;
  return { labels: labels.size, confidence };
}

/** The page turned level: a photo tilted by several degrees loses whole lines in the sparse OCR pass. */
async function levelled(grey: RawImage): Promise<RawImage> {
  const small = await greyScaled(grey, { maxWidth: 600, exactWidth: 600 });
  const angle = skewAngle(small);
  // Tesseract copes with two degrees or so; turning costs a resampling blur.
  if (Math.abs(angle) < 2.5) return grey;
  const { data, info } = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .rotate(-angle, { background: { r: 255, g: 255, b: 255 } })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 1 };
}

/** The last page's OCR at its upright orientation, or null when no orientation shows its labels. */
export async function readLastPage(image: RawImage, firstTurn: QuarterTurn, ctx: PluginContext): Promise<OcrResult | null> {
  const turns = [firstTurn, ...([0, 180, 90, 270] as const).filter((t) => t !== firstTurn)];
  let best: { ocr: OcrResult; labels: number; confidence: number } | null = null;
  for (const turn of turns) {
    // Always 1300 px wide: small photos are upscaled, their ~8 px letters are below what Tesseract reads well.
    const grey = await levelled(await greyScaled(image, { maxWidth: 1300, exactWidth: 1300, turn }));
    const ocr = await ctx.ocr.recognize({ image: grey, segmentation: 'sparse_text', signal: ctx.signal });
    const score = uprightScore(ocr);
    if (best === null || score.labels > best.labels || (score.labels === best.labels && score.confidence > best.confidence)) best = { ocr, ...score };
    // Three of the six labels read: this is the upright page.
    if (score.labels >= 3) break;
  }
  return best !== null && best.labels >= 2 ? best.ocr : null;
}
