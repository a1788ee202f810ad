/** Cheap measurements that turn "found nothing" into a reason the caller can act on. */
import type { GreyImage } from '../imaging/greyImage.ts';

export interface ImageQuality {
  readonly meanLuminance: number;
  /** 95th minus 5th percentile of luminance. */
  readonly contrast: number;
}

export function measureQuality(image: GreyImage): ImageQuality {
  const hist = new Uint32Array(256);
  const step = Math.max(1, Math.floor(image.data.length / 200_000));
  let sum = 0;
  let n = 0;
  for (let i = 0; i < image.data.length; i += step) {
    const v = Math.max(0, Math.min(255, Math.round(image.data[i]!)));
    hist[v] = hist[v]! + 1;
    sum += v;
    n++;
  }
  const percentile = (p: number): number => {
    let acc = 0;
    for (let v = 0; v < 256; v++) {
      acc += hist[v]!;
      if (acc >= p * n) return v;
    }
    return 255;
  };
  return { meanLuminance: sum / Math.max(n, 1), contrast: percentile(0.95) - percentile(0.05) };
}

/** Mean gradient magnitude over the ink–paper range along a band: low for blurred print. */
export function edgeSharpness(cells: readonly Float32Array[], width: number): number {
  let s = 0;
  let n = 0;
  for (const c of cells) {
    for (let i = 0; i + 1 < c.length; i++) {
      if ((i + 1) % width === 0) continue;
      s += Math.abs(c[i + 1]! - c[i]!);
      n++;
    }
  }
  return n ? s / n : 0;
}
