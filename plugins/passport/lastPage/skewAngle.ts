/**
 * The skew of a photographed page's text lines, by projection profile: ink pixels (darker than their neighbourhood,
 * so a textured desk does not count) are projected across each candidate angle, and the angle whose rows are
 * sharpest (largest sum of squared row counts) wins. Pure: a grey image in, degrees clockwise out.
 */
import type { RawImage } from '../../../core/imaging/types.ts';
import type { PluginContext } from '../../../core/plugins/types.ts';

/** Ink: this much darker than the mean of the surrounding (2r+1)² box. */
const inkMargin = 25;

export function skewAngle(
  image: RawImage,
  { inkPoints }: Pick<PluginContext['imaging'], 'inkPoints'>,
  options: { maxDeg?: number; radius?: number } = {},
): number {
  if (image.channels !== 1) throw new Error('skewAngle needs a grey image');
  const { width: w, height: h } = image;
  const r = options.radius ?? 7;
  const maxDeg = options.maxDeg ?? 14;
  // Ink only where its whole box lies on the image.
  const points = inkPoints(image, { radius: r, margin: inkMargin, edges: 'excluded' });
  if (points.xs.length < 50) return 0;
  const { xs, ys } = points;
  const score = (deg: number): number => {
    const a = (deg * Math.PI) / 180;
    const s = Math.sin(a);
    const c = Math.cos(a);
    // Rows past h + 2 (bottom-right ink at negative angles) fall off the end, unlike profileSharpness's: kept so that
    // last pages read as they did.
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
