/**
 * Raw pixels to what the Tesseract worker reads. Binary PGM (netpbm P5) needs no compression, Leptonica reads it
 * natively and it is a third of RGB's size to copy into the worker; Tesseract would reduce colour to grey anyway.
 */
import type { RawImage } from '../imaging/types.ts';
import type { OcrRequest } from './types.ts';

export type Rectangle = NonNullable<OcrRequest['rectangle']>;

export interface EncodedForOcr {
  readonly bytes: Buffer;
  /** Where the encoded image's (0, 0) lies in the caller's image: add to every box. */
  readonly offsetX: number;
  readonly offsetY: number;
}

/** The part of the rectangle inside a width x height image, in whole pixels; null when nothing is left. */
export function clampRectangle(rectangle: Rectangle, width: number, height: number): Rectangle | null {
  const left = Math.max(0, Math.floor(rectangle.left));
  const top = Math.max(0, Math.floor(rectangle.top));
  const right = Math.min(width, Math.ceil(rectangle.left + rectangle.width));
  const bottom = Math.min(height, Math.ceil(rectangle.top + rectangle.height));
  return right > left && bottom > top ? { left, top, width: right - left, height: bottom - top } : null;
}

/** Luma (BT.601 weights in 8-bit fixed point) of the rectangle, alpha composited over white. */
export function encodeRawAsPgm(image: RawImage, rectangle?: Rectangle): EncodedForOcr | null {
  const area = clampRectangle(rectangle ?? { left: 0, top: 0, width: image.width, height: image.height }, image.width, image.height);
  if (area === null) return null;
  const header = Buffer.from(`P5\n${area.width} ${area.height}\n255\n`, 'latin1');
  const bytes = Buffer.allocUnsafe(header.length + area.width * area.height);
  header.copy(bytes, 0);
  const { data, channels, width } = image;
  let out = header.length;
  for (let y = area.top; y < area.top + area.height; y += 1) {
    let src = (y * width + area.left) * channels;
    for (let x = 0; x < area.width; x += 1, src += channels, out += 1) {
      if (channels === 1) {
        bytes[out] = data[src]!;
        continue;
      }
      const luma = (77 * data[src]! + 150 * data[src + 1]! + 29 * data[src + 2]!) >> 8;
      bytes[out] = channels === 4 ? 255 - (((255 - luma) * data[src + 3]!) / 255 | 0) : luma;
    }
  }
  return { bytes, offsetX: area.left, offsetY: area.top };
}
