/**
 * The skew of a photographed page's text lines, by projection profile: ink pixels (darker than their neighbourhood,
 * so a textured desk does not count) are projected across each candidate angle, and the angle whose rows are
 * sharpest (largest sum of squared row counts) wins. Pure: a grey image in, degrees clockwise out.
 */
import type { RawImage } from '../../../core/imaging/types.ts';

/** Ink: this much darker than the mean of the surrounding (2r+1)² box. */
const inkMargin = 25;

export function skewAngle(image: RawImage, options: { maxDeg?: number; radius?: number } = {}): number {
  if (image.channels !== 1) throw new Error('skewAngle needs a grey image');
  const { width: w, height: h, data } = image;
  const r = options.radius ?? 7;
  const maxDeg = options.maxDeg ?? 14;
  // Integral image for box means.
  const integral = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x]!;
      integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1]! + row;
    }
  }
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = r; y < h - r; y++) {
    for (let x = r; x < w - r; x++) {
      const sum =
        integral[(y + r + 1) * (w + 1) + x + r + 1]! - integral[(y - r) * (w + 1) + x + r + 1]! -
        integral[(y + r + 1) * (w + 1) + x - r]! + integral[(y - r) * (w + 1) + x - r]!;
      if (data[y * w + x]! < sum / ((2 * r + 1) * (2 * r + 1)) - inkMargin) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 50) return 0;
  const score = (deg: number): number => {
    const a = (deg * Math.PI) / 180;
    const s = Math.sin(a);
    const c = Math.cos(a);
    const bins = new Float64Array(h + w + 2);
    const offset = w;
    // Row of each ink pixel once the image is turned back by `deg`.
    for (let i = 0; i < xs.length; i++) bins[Math.round(ys[i]! * c - xs[i]! * s) + offset]! += 1;
    let total = 0;
    for (const b of bins) total += b * b;
    return total;
  };
  let best = 0;
  let bestScore = score(0);
  for (let deg = -maxDeg; deg <= maxDeg; deg += 1) {
    const v = score(deg);
    if (v > bestScore) [best, bestScore] = [deg, v];
  }
  const coarse = best;
  for (let deg = coarse - 0.75; deg <= coarse + 0.75; deg += 0.25) {
    const v = score(deg);
    if (v > bestScore) [best, bestScore] = [deg, v];
  }
  return best;
}
