/**
 * Print lifted off a page's background: each pixel's grey over the brightest grey near it, which is the paper there.
 * Tints, shading and uneven light go to white, while strokes narrower than the window keep their darkness.
 */
import type { RawImage } from './types.ts';

/**
 * The running maximum of `length` values (at least 0) read at `at(i)`, over the window i-radius..i+radius, in time
 * independent of the radius (van Herk / Gil-Werman: block prefix and suffix maxima). Beyond the ends reads as 0, so
 * every window is whole.
 */
function runningMax(length: number, radius: number, at: (i: number) => number, out: (i: number, v: number) => void): void {
  const block = 2 * radius + 1;
  const padded = length + 2 * radius;
  const value = (j: number): number => (j < radius || j >= radius + length ? 0 : at(j - radius));
  const prefix = new Float32Array(padded);
  const suffix = new Float32Array(padded);
  for (let j = 0; j < padded; j++) prefix[j] = j % block === 0 ? value(j) : Math.max(prefix[j - 1]!, value(j));
  for (let j = padded - 1; j >= 0; j--) suffix[j] = j === padded - 1 || (j + 1) % block === 0 ? value(j) : Math.max(suffix[j + 1]!, value(j));
  // Output i's window is padded j = i .. i + 2·radius: one block long, so it spans at most two blocks.
  for (let i = 0; i < length; i++) out(i, Math.max(suffix[i]!, prefix[i + 2 * radius]!));
}

/** A one-channel image with every pixel scaled so the brightest pixel within `radius` (a square window) is white. */
export function backgroundFlattened(grey: RawImage, radius: number): RawImage {
  if (grey.channels !== 1) throw new Error('backgroundFlattened takes a one-channel image');
  const { width, height, data } = grey;
  const r = Math.max(1, Math.round(radius));
  const rows = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const base = y * width;
    runningMax(width, r, (x) => data[base + x]!, (x, v) => {
      rows[base + x] = v;
    });
  }
  const out = Buffer.alloc(width * height);
  for (let x = 0; x < width; x++) {
    runningMax(height, r, (y) => rows[y * width + x]!, (y, paper) => {
      const i = y * width + x;
      out[i] = paper <= 0 ? 255 : Math.min(255, Math.round((255 * data[i]!) / paper));
    });
  }
  return { data: out, width, height, channels: 1 };
}

/** Black where a one-channel image is darker than `level`, white elsewhere. */
export function darkerThan(grey: RawImage, level: number): RawImage {
  if (grey.channels !== 1) throw new Error('darkerThan takes a one-channel image');
  const out = Buffer.alloc(grey.data.length);
  for (let i = 0; i < out.length; i++) out[i] = grey.data[i]! < level ? 0 : 255;
  return { data: out, width: grey.width, height: grey.height, channels: 1 };
}
