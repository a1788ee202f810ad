/**
 * Pixel work around OCR: grey crops, denoising, sharpening, Otsu's threshold, the bright page in a photo, quarter turns
 * (sharp, raw in and out). Written for the passport plugin's pages; any plugin gets them through ctx.imaging.
 */
import sharp from 'sharp';
import type { RawImage } from './types.ts';

import type { QuarterTurn } from './greyScaled.ts';

export { greyScaled, type QuarterTurn } from './greyScaled.ts';

/** A grey crop of `image`, scaled by `factor` (upscaling small text helps OCR). */
export async function cropGrey(
  image: RawImage,
  box: { left: number; top: number; width: number; height: number },
  factor: number,
): Promise<RawImage> {
  const width = Math.max(1, Math.round(box.width * Math.max(1, factor)));
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .extract(box)
    .resize(width)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = info.channels === 1 ? data : await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).extractChannel(0).raw().toBuffer();
  return { data: grey, width: info.width, height: info.height, channels: 1 };
}

/**
 * A grey copy of `image` resized to exactly `size` (aspect not kept; `null` keeps the size), and with `median` a 3x3
 * median after the resize in the same sharp pass (splitting the pass changes the bytes).
 */
export async function greyResized(
  image: RawImage,
  size: { width: number; height: number } | null,
  options: { kernel?: 'cubic' | 'lanczos3'; median?: boolean } = {},
): Promise<RawImage> {
  let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } }).greyscale();
  if (size !== null) pipeline = pipeline.resize({ width: size.width, height: size.height, fit: 'fill', kernel: options.kernel ?? 'lanczos3' });
  if (options.median === true) pipeline = pipeline.median(3);
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data: await firstChannel(data, info), width: info.width, height: info.height, channels: 1 };
}

/**
 * A grey image turned clockwise by any angle about its centre, on a canvas grown to the turned image's bounding box,
 * the uncovered corners white (they read as empty paper).
 */
export async function greyRotated(grey: RawImage, clockwiseDegrees: number): Promise<RawImage> {
  const { data, info } = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .rotate(clockwiseDegrees, { background: { r: 255, g: 255, b: 255 } })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 1 };
}

/** A box of a grey image, unscaled. */
export async function greyExtract(grey: RawImage, box: { left: number; top: number; width: number; height: number }): Promise<RawImage> {
  const { data, info } = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: grey.channels } })
    .extract(box)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: await firstChannel(data, info), width: info.width, height: info.height, channels: 1 };
}

// greyscale() keeps an alpha channel when the input had one; callers want one channel.
async function firstChannel(data: Buffer, info: sharp.OutputInfo): Promise<Buffer> {
  return info.channels === 1 ? data : sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).extractChannel(0).raw().toBuffer();
}

/**
 * A 3x3 median of a grey image when it carries sensor noise, else the image itself. The mean change the median
 * makes is ~1–4 grey levels on scans and photos and 6 or more on noisy ones, where Tesseract's sparse pass finds
 * thousands of specks and ran for a minute on one last page.
 */
export async function withoutSensorNoise(grey: RawImage): Promise<RawImage> {
  const median = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .median(3)
    .extractChannel(0)
    .raw()
    .toBuffer();
  let change = 0;
  for (let i = 0; i < median.length; i++) change += Math.abs(grey.data[i]! - median[i]!);
  return change / median.length < noisyMeanChange ? grey : { data: median, width: grey.width, height: grey.height, channels: 1 };
}
const noisyMeanChange = 4.5;

/**
 * A grey image through an unsharp mask of radius `sigma` px. Blurred print loses its edges to Tesseract's
 * binarisation on a textured page: on dev pages read at 8 px/mm, sigma 1.5 found the date of issue on 118 of 120
 * against 116 without, and the given names on 118 against 114, with no wrong date among them.
 */
export async function sharpened(grey: RawImage, sigma: number): Promise<RawImage> {
  const data = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .sharpen({ sigma, m1: 1, m2: 3 })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { data, width: grey.width, height: grey.height, channels: 1 };
}

/** Otsu's threshold of a grey image: ink is darker than it. */
export function otsu(data: Buffer): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of data) hist[v]!++;
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0, wB = 0, best = 0, threshold = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/**
 * The bright page in a photo of it on a darker surface: the rows and columns where most pixels are brighter than
 * the Otsu threshold, padded by 2% of the image. The whole image when no such page stands out (a scan).
 */
export function pageBounds(grey: RawImage): { left: number; top: number; width: number; height: number } {
  const whole = { left: 0, top: 0, width: grey.width, height: grey.height };
  const threshold = otsu(grey.data);
  const rows = new Array<number>(grey.height).fill(0);
  const cols = new Array<number>(grey.width).fill(0);
  for (let y = 0; y < grey.height; y++) {
    for (let x = 0; x < grey.width; x++) {
      if (grey.data[y * grey.width + x]! > threshold) {
        rows[y]! += 1;
        cols[x]! += 1;
      }
    }
  }
  // A row or column crossing the page is bright for at least 30% of its length; one over the surface is not.
  const span = (counts: readonly number[], minCount: number): [number, number] | null => {
    const first = counts.findIndex((c) => c > minCount);
    const last = counts.length - 1 - [...counts].reverse().findIndex((c) => c > minCount);
    return first < 0 ? null : [first, last];
  };
  const ys = span(rows, grey.width * 0.3);
  const xs = span(cols, grey.height * 0.3);
  if (ys === null || xs === null) return whole;
  const padX = Math.round(grey.width * 0.02);
  const padY = Math.round(grey.height * 0.02);
  const left = Math.max(0, xs[0] - padX);
  const top = Math.max(0, ys[0] - padY);
  const box = { left, top, width: Math.min(grey.width, xs[1] + padX + 1) - left, height: Math.min(grey.height, ys[1] + padY + 1) - top };
  // Only a clear page on a surface: it must fill a good part of the photo, and leave some of it out.
  const share = (box.width * box.height) / (grey.width * grey.height);
  return share > 0.2 && share < 0.85 ? box : whole;
}

/** The quarter turn nearest a measured rotation in degrees: the MRZ reader's upright for the page. */
export const turnOf = (rotation: number): QuarterTurn => ((((Math.round(rotation / 90) * 90) % 360) + 360) % 360) as QuarterTurn;
