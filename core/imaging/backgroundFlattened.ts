/**
 * Print lifted off a page's background: each pixel's grey over the brightest grey near it, which is the paper there.
 * Tints, shading and uneven light go to white, while strokes narrower than the window keep their darkness.
 */
import type { RawImage } from './types.ts';

/**
 * The running maximum over the window i-radius..i+radius of `lanes` interleaved sequences of `length` values
 * (value i of lane k at src[i * lanes + k], written likewise to dst), in time independent of the radius (van Herk /
 * Gil-Werman: block prefix and suffix maxima). Beyond the ends reads as 0, so every window is whole. Lanes side by
 * side let the vertical pass run along image rows: a column at a time strode across the whole image. Bytes
 * throughout: a maximum of grey levels is one, and a quarter of float32's memory traffic took a fifth off the pass.
 */
function runningMax(src: Uint8Array, dst: Uint8Array, length: number, lanes: number, radius: number): void {
  const block = 2 * radius + 1;
  const padded = length + 2 * radius;
  const prefix = new Uint8Array(padded * lanes);
  const suffix = new Uint8Array(padded * lanes);
  // Padded position j holds value j - radius; the padding is 0, what the arrays start as.
  for (let j = 0; j < padded; j++) {
    const i = j - radius;
    const at = j * lanes;
    if (i < 0 || i >= length) {
      if (j % block !== 0 && j > 0) prefix.copyWithin(at, at - lanes, at);
      continue;
    }
    const from = i * lanes;
    if (j % block === 0) prefix.set(src.subarray(from, from + lanes), at);
    else for (let k = 0; k < lanes; k++) {
      const a = prefix[at - lanes + k]!;
      const b = src[from + k]!;
      prefix[at + k] = a > b ? a : b;
    }
  }
  for (let j = padded - 1; j >= 0; j--) {
    const i = j - radius;
    const at = j * lanes;
    const blockEnd = j === padded - 1 || (j + 1) % block === 0;
    if (i < 0 || i >= length) {
      if (!blockEnd) suffix.copyWithin(at, at + lanes, at + 2 * lanes);
      continue;
    }
    const from = i * lanes;
    if (blockEnd) suffix.set(src.subarray(from, from + lanes), at);
    else for (let k = 0; k < lanes; k++) {
      const a = suffix[at + lanes + k]!;
      const b = src[from + k]!;
      suffix[at + k] = a > b ? a : b;
    }
  }
  // Output i's window is padded j = i .. i + 2·radius: one block long, so it spans at most two blocks.
  for (let i = 0; i < length; i++) {
    const s = i * lanes;
    const p = (i + 2 * radius) * lanes;
    for (let k = 0; k < lanes; k++) {
      const a = suffix[s + k]!;
      const b = prefix[p + k]!;
      dst[s + k] = a > b ? a : b;
    }
  }
}

/** A one-channel image with every pixel scaled so the brightest pixel within `radius` (a square window) is white. */
export function backgroundFlattened(grey: RawImage, radius: number): RawImage {
  if (grey.channels !== 1) throw new Error('backgroundFlattened takes a one-channel image');
  const { width, height, data } = grey;
  const r = Math.max(1, Math.round(radius));
  const rows = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    runningMax(data.subarray(y * width, (y + 1) * width), rows.subarray(y * width, (y + 1) * width), width, 1, r);
  }
  // Down the columns, every column at once: the image's rows are the lanes' steps.
  const paper = new Uint8Array(width * height);
  runningMax(rows, paper, height, width, r);
  const out = Buffer.alloc(width * height);
  // round(255·grey / paper) in integers, exact: the quotient's fraction is a multiple of 1/paper, never within a
  // float's error of a half it is not.
  for (let i = 0; i < out.length; i++) {
    const p = paper[i]!;
    out[i] = p === 0 ? 255 : Math.min(255, Math.floor((510 * data[i]! + p) / (2 * p)));
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
