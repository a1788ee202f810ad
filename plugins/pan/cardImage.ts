/**
 * Pixel work on a page that holds a PAN card (through ctx.imaging): a small grey copy to find the text direction, and
 * the upright, contrast-normalised grey image at the size Tesseract reads best.
 */
import type { RawImage } from '../../core/imaging/types.ts';
import type { PluginContext } from '../../core/plugins/types.ts';
import type { FractionBox, GreyImage } from './textAngle.ts';

/** Longest side of the image the text direction is measured on. */
const ANALYSIS_SIDE = 480;
/** Longest side OCR sees: a card filling most of it has capitals ~25-35 px tall. */
const OCR_MAX_SIDE = 1500;
/** Cards smaller than this are upscaled: Tesseract misreads capitals under ~20 px. */
const OCR_MIN_SIDE = 1150;
/** A crop to the card is scaled to this long side: capitals ~30 px, where Tesseract's LSTM is at its best. */
const CARD_SIDE = 1200;

type Imaging = PluginContext['imaging'];

/** The analysis copy, contrast stretched, and the spread of grey levels the page had before the stretch. */
export interface AnalysisGrey extends GreyImage {
  /** 99th minus 1st percentile of the grey levels as photographed: a few levels means blank paper. */
  readonly greySpread: number;
}

export async function analysisGrey(image: RawImage, imaging: Imaging): Promise<AnalysisGrey> {
  const scale = Math.min(1, ANALYSIS_SIDE / Math.max(image.width, image.height));
  const small = await imaging.greyResized(image, { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) });
  const grey = new Uint8Array(small.data.buffer, small.data.byteOffset, small.width * small.height);
  const { lo, hi } = percentileLevels(grey);
  const stretched = stretchPercentiles(grey);
  return { data: new Uint8Array(stretched.buffer, stretched.byteOffset, stretched.length), width: small.width, height: small.height, greySpread: hi - lo };
}

/** A point of an OCR image and where it lies in the page as uploaded (after EXIF rotation; a PDF's rendered page). */
export type ToPage = (x: number, y: number) => readonly [number, number];

/** An image prepared for OCR that knows where its pixels came from in the page. */
export interface MappedImage extends RawImage {
  readonly toPage: ToPage;
}

/**
 * The page turned by `clockwiseDegrees`, scaled for OCR, grey, contrast stretched (dim photos, glare).
 * Corners uncovered by the turn are filled with white so they read as empty paper.
 */
export async function uprightForOcr(image: RawImage, clockwiseDegrees: number, imaging: Imaging, crop: FractionBox | null = null): Promise<MappedImage> {
  // Stretch before turning: the white the turn adds to the corners would otherwise pin the top of the range.
  const grey = await imaging.greyResized(image, null);
  const sourceWidth = grey.width;
  const sourceHeight = grey.height;
  const stretched = stretchPercentiles(new Uint8Array(grey.data.buffer, grey.data.byteOffset, sourceWidth * sourceHeight));
  let current: RawImage = { data: stretched, width: sourceWidth, height: sourceHeight, channels: 1 };
  // Tesseract copes with half a degree of skew; turning costs a resample.
  const turned = Math.abs(clockwiseDegrees) > 0.5;
  if (turned) current = await imaging.greyRotated(current, clockwiseDegrees);
  const turnedWidth = current.width;
  const turnedHeight = current.height;
  let cropLeft = 0;
  let cropTop = 0;
  if (crop) {
    const left = Math.floor(crop.left * turnedWidth);
    const top = Math.floor(crop.top * turnedHeight);
    const w = Math.max(1, Math.min(turnedWidth - left, Math.round(crop.width * turnedWidth)));
    const h = Math.max(1, Math.min(turnedHeight - top, Math.round(crop.height * turnedHeight)));
    current = await imaging.greyExtract(current, { left, top, width: w, height: h });
    cropLeft = left;
    cropTop = top;
  }
  const croppedWidth = current.width;
  const croppedHeight = current.height;
  const side = Math.max(croppedWidth, croppedHeight);
  const target = crop ? CARD_SIDE : side > OCR_MAX_SIDE ? OCR_MAX_SIDE : side < OCR_MIN_SIDE ? OCR_MIN_SIDE : side;
  const k = target / side;
  const size = target === side ? null : { width: Math.max(1, Math.round(croppedWidth * k)), height: Math.max(1, Math.round(croppedHeight * k)) };
  // A 3x3 median removes sensor noise and JPEG speckle (which also slows Tesseract badly) and keeps 30 px capitals.
  // (No local equalisation: sharp's clahe clips each bin at maxSlope pixels, so at maxSlope 3 it was all but the
  // identity while costing more than the OCR pass; reading was measured the same without it.)
  const info = await imaging.greyResized(current, size, { kernel: k > 1 ? 'cubic' : 'lanczos3', median: true });
  const data = info.data;
  // Back to the page: undo the scale, the crop, then the turn (sharp turns about the centre and grows the canvas
  // to the turned image's bounding box; x' = x cos - y sin, y' = x sin + y cos about the centres, image y down).
  const sx = croppedWidth / info.width;
  const sy = croppedHeight / info.height;
  const t = turned ? (clockwiseDegrees * Math.PI) / 180 : 0;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const toPage: ToPage = (x, y) => {
    const dx = x * sx + cropLeft - turnedWidth / 2;
    const dy = y * sy + cropTop - turnedHeight / 2;
    return [dx * cos + dy * sin + sourceWidth / 2, -dx * sin + dy * cos + sourceHeight / 2];
  };
  return { data, width: info.width, height: info.height, channels: 1, toPage };
}

/** The 1st and 99th percentile grey levels. */
function percentileLevels(data: Uint8Array): { lo: number; hi: number } {
  const hist = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) hist[data[i] ?? 0]! += 1;
  const level = (fraction: number): number => {
    let sum = 0;
    for (let v = 0; v < 256; v++) {
      sum += hist[v] ?? 0;
      if (sum >= data.length * fraction) return v;
    }
    return 255;
  };
  return { lo: level(0.01), hi: level(0.99) };
}

/** Stretches grey levels so the 1st..99th percentiles span 0..255 (what sharp's normalise does, on one channel). */
function stretchPercentiles(data: Uint8Array): Buffer {
  const { lo, hi } = percentileLevels(data);
  const out = Buffer.from(data);
  if (hi <= lo) return out;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(((v - lo) * 255) / (hi - lo))));
  for (let i = 0; i < out.length; i++) out[i] = lut[out[i] ?? 0] ?? 0;
  return out;
}

/** The same grey image turned half a turn (upside-down cards), still knowing where its pixels came from. */
export function halfTurn(image: MappedImage): MappedImage {
  const out = Buffer.allocUnsafe(image.data.length);
  const n = image.width * image.height;
  for (let i = 0; i < n; i++) out[n - 1 - i] = image.data[i] ?? 0;
  return { data: out, width: image.width, height: image.height, channels: 1, toPage: (x, y) => image.toPage(image.width - x, image.height - y) };
}
