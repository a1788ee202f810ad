/**
 * One sparse OCR of a tall rectangle as two overlapping bands read side by side: the pool's workers share the
 * rectangle, so a page waits for half of it. Each text line lies whole in at least one band (the overlap is more
 * than a line's height) and is kept from the band whose own half holds its centre.
 */
import type { RawImage } from '../imaging/types.ts';
import type { BoundingBox, OcrLine, OcrPort, OcrResult, PageSegmentation } from './types.ts';

type Rectangle = BandedRequest['rectangle'];

/** A band's own image: its rows of the page from `top` on (the band's rows and some beside them). */
export interface BandImage {
  readonly image: RawImage;
  readonly top: number;
}

export interface BandedRequest {
  readonly image: RawImage;
  readonly rectangle: { readonly left: number; readonly top: number; readonly width: number; readonly height: number };
  readonly segmentation: PageSegmentation;
  /** Pixels both bands read; more than the tallest line (label and value rows included) the page can print. */
  readonly overlap: number;
  readonly darkTextOnly?: boolean;
  readonly signal?: AbortSignal;
  /**
   * Each band's image made apart (a filter over just its rows), instead of reading `image`: the bands' images are
   * made side by side, and each band's OCR starts as soon as its own is ready. Boxes still come in `image`'s pixels.
   */
  readonly bandImage?: (band: Rectangle) => Promise<BandImage>;
}

const lowered = (b: BoundingBox, dy: number): BoundingBox => ({ x0: b.x0, y0: b.y0 + dy, x1: b.x1, y1: b.y1 + dy });
function linesLowered(result: OcrResult, dy: number): OcrResult {
  if (dy === 0) return result;
  const lines = result.lines.map((l) => ({ ...l, bbox: lowered(l.bbox, dy), words: l.words.map((w) => ({ ...w, bbox: lowered(w.bbox, dy) })) }));
  return { ...result, lines };
}

export async function recognizeInBands(ocr: OcrPort, request: BandedRequest): Promise<OcrResult> {
  const { image, rectangle: r, segmentation, overlap, signal, darkTextOnly, bandImage } = request;
  const options = { ...(signal ? { signal } : {}), ...(darkTextOnly === undefined ? {} : { darkTextOnly }) };
  const read = async (rectangle: Rectangle): Promise<OcrResult> => {
    if (bandImage === undefined) return ocr.recognize({ image, segmentation, rectangle, ...options });
    const own = await bandImage(rectangle);
    const result = await ocr.recognize({ image: own.image, segmentation, rectangle: { ...rectangle, top: rectangle.top - own.top }, ...options });
    return linesLowered(result, own.top);
  };
  // Too short to share: one band. From twice the overlap on, each band is at most three quarters of the rectangle.
  if (r.height < overlap * 2) return read(r);
  const split = r.top + Math.round(r.height / 2);
  const top = { left: r.left, top: r.top, width: r.width, height: split + Math.ceil(overlap / 2) - r.top };
  const bottomTop = split - Math.floor(overlap / 2);
  const bottom = { left: r.left, top: bottomTop, width: r.width, height: r.top + r.height - bottomTop };
  const [upper, lower] = await Promise.all([top, bottom].map(read));
  const centre = (line: OcrLine): number => (line.bbox.y0 + line.bbox.y1) / 2;
  const lines = [...upper!.lines.filter((l) => centre(l) < split), ...lower!.lines.filter((l) => centre(l) >= split)];
  const words = lines.flatMap((l) => l.words);
  const confidence = words.length === 0 ? 0 : words.reduce((s, w) => s + w.confidence, 0) / words.length;
  return { text: lines.map((l) => l.text).join('\n'), confidence, lines };
}
