/** Local-mean thresholding: ink is what is clearly darker than its neighbourhood, whatever the light does. */
import type { GreyImage } from './greyImage.ts';
import { integralImage } from './inkPoints.ts';

/**
 * 1 where a pixel is ink. `radius` is the half-width of the neighbourhood window; `spread` is how many of the
 * neighbourhood's standard deviations ink must stand below its mean.
 */
export function binarise(image: GreyImage, radius: number, offset = 0, spread = 0.3): Uint8Array {
  const { width: w, height: h, data } = image;
  const sums = integralImage(image);
  const squares = integralImage(image, true);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(h, y + radius + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(w, x + radius + 1);
      const n = (y1 - y0) * (x1 - x0);
      const s = sums.sum(x0, y0, x1, y1);
      const q = squares.sum(x0, y0, x1, y1);
      const mean = s / n;
      const std = Math.sqrt(Math.max(0, q / n - mean * mean));
      // Ink must stand out both absolutely (noise) and against the local spread (texture, print through).
      if (mean - data[y * w + x]! > Math.max(6 + offset, spread * std + offset)) out[y * w + x] = 1;
    }
  }
  return out;
}
