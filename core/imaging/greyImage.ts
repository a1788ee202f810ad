/** Single-channel float images the MRZ reader works on (0 = black, 255 = white). */
import type { RawImage } from './types.ts';

export interface GreyImage {
  readonly data: Float32Array;
  readonly width: number;
  readonly height: number;
}

/** Luma (BT.601) of an interleaved image; alpha is ignored. */
export function toGrey(image: RawImage): GreyImage {
  const { width, height, channels, data } = image;
  const out = new Float32Array(width * height);
  if (channels === 1) {
    for (let i = 0; i < out.length; i++) out[i] = data[i]!;
  } else {
    for (let i = 0, j = 0; i < out.length; i++, j += channels) out[i] = 0.299 * data[j]! + 0.587 * data[j + 1]! + 0.114 * data[j + 2]!;
  }
  return { data: out, width, height };
}

/**
 * Each pixel as light as its lightest channel, or null for an image with one channel. Black ink takes light in every
 * channel and stays dark; coloured ink (a red SPECIMEN overprint, blue labels, tinted guilloche) passes one channel
 * nearly whole and goes light, however dark its luma.
 */
export function toNeutralGrey(image: RawImage): GreyImage | null {
  const { width, height, channels, data } = image;
  if (channels === 1) return null;
  const out = new Float32Array(width * height);
  for (let i = 0, j = 0; i < out.length; i++, j += channels) out[i] = Math.max(data[j]!, data[j + 1]!, data[j + 2]!);
  return { data: out, width, height };
}

/** Box-filtered downscale by an integer factor (the averaging keeps thin strokes visible). */
export function downscaleGrey(image: GreyImage, factor: number): GreyImage {
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const out = new Float32Array(width * height);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * image.width + x * factor;
        for (let dx = 0; dx < factor; dx++) s += image.data[row + dx]!;
      }
      out[y * width + x] = s / area;
    }
  }
  return { data: out, width, height };
}

/** Bilinear sample; outside the image reads as white paper. */
export function sampleBilinear(image: GreyImage, x: number, y: number): number {
  return bilinearAt(image.data, image.width, image.height, x, y);
}

/** sampleBilinear over an image's fields: hot loops (MRZ cell sampling) call it without a point or image object. */
export function bilinearAt(data: GreyImage['data'], width: number, height: number, x: number, y: number): number {
  if (x < 0 || y < 0 || x > width - 1 || y > height - 1) return 255;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(x0 + 1, width - 1);
  const y1 = Math.min(y0 + 1, height - 1);
  const fx = x - x0;
  const fy = y - y0;
  const a = data[y0 * width + x0]!;
  const b = data[y0 * width + x1]!;
  const c = data[y1 * width + x0]!;
  const d = data[y1 * width + x1]!;
  return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
}
