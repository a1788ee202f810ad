/**
 * A crisper copy of an MRZ's neighbourhood for a second read of a soft zone: cut out around the grid, enlarged by
 * Catmull-Rom interpolation where the pitch is only a few pixels, and unsharp-masked. A low-resolution or blurred
 * page keeps its strokes' shape but loses their edges, which is what the cell classifiers key on; the mask puts the
 * edges back. Any layout: the caller says where the zone's cells lie.
 */
import type { GreyImage } from '../imaging/greyImage.ts';
import { applyHomography, type Homography, type Point } from '../imaging/homography.ts';

export interface CrispCopy {
  readonly image: GreyImage;
  /** A map into the input's pixels, made to land on the same place in the copy. */
  readonly into: (h: Homography) => Homography;
}

export interface CrispOptions {
  /** Whole-number enlargement (1 leaves the size). */
  readonly scale: number;
  /** The unsharp mask's Gaussian, in pixels of the copy. */
  readonly sigma: number;
  /** How much of the detail the Gaussian removes is added back. */
  readonly amount: number;
}

/**
 * The copy of `image` over the bounding box of `corners` (input pixels, with `marginPx` around), or null when the box
 * holds no pixels.
 */
export function crispZone(image: GreyImage, corners: readonly Point[], marginPx: number, options: CrispOptions): CrispCopy | null {
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const x0 = Math.max(0, Math.floor(Math.min(...xs) - marginPx));
  const y0 = Math.max(0, Math.floor(Math.min(...ys) - marginPx));
  const x1 = Math.min(image.width, Math.ceil(Math.max(...xs) + marginPx));
  const y1 = Math.min(image.height, Math.ceil(Math.max(...ys) + marginPx));
  if (!(x1 - x0 >= 2 && y1 - y0 >= 2)) return null;
  const { scale } = options;
  const cut = cropGrey(image, x0, y0, x1 - x0, y1 - y0);
  const enlarged = scale > 1 ? enlargeCubic(cut, scale) : cut;
  const image2 = unsharpMask(enlarged, options.sigma, options.amount);
  // Input x lands on copy X = scale·(x − x0) + (scale − 1)/2, pixel centres kept on pixel centres.
  const offset = (scale - 1) / 2;
  const into = (h: Homography): Homography => {
    const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = h;
    return [
      scale * (h0 - x0 * h6) + offset * h6,
      scale * (h1 - x0 * h7) + offset * h7,
      scale * (h2 - x0 * h8) + offset * h8,
      scale * (h3 - y0 * h6) + offset * h6,
      scale * (h4 - y0 * h7) + offset * h7,
      scale * (h5 - y0 * h8) + offset * h8,
      h6,
      h7,
      h8,
    ];
  };
  return { image: image2, into };
}

/** The corners of a frame rectangle (millimetres) in the input, through every map given. */
export function mappedCorners(maps: readonly Homography[], left: number, top: number, right: number, bottom: number): Point[] {
  return maps.flatMap((h) => [applyHomography(h, left, top), applyHomography(h, right, top), applyHomography(h, right, bottom), applyHomography(h, left, bottom)]);
}

function cropGrey(image: GreyImage, x0: number, y0: number, width: number, height: number): GreyImage {
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) data.set(image.data.subarray((y0 + y) * image.width + x0, (y0 + y) * image.width + x0 + width), y * width);
  return { data, width, height };
}

/** An index held inside 0..n-1: edges repeat their last pixel. */
const clamp = (v: number, n: number): number => (v < 0 ? 0 : v >= n ? n - 1 : v);

/** Catmull-Rom weights of the four taps around a sample at fraction t past the second. */
function cubicWeights(t: number): [number, number, number, number] {
  const t2 = t * t;
  const t3 = t2 * t;
  return [(-t3 + 2 * t2 - t) / 2, (3 * t3 - 5 * t2 + 2) / 2, (-3 * t3 + 4 * t2 + t) / 2, (t3 - t2) / 2];
}

/** Enlarged by a whole factor, separably, rows then columns; edges clamp. */
export function enlargeCubic(image: GreyImage, scale: number): GreyImage {
  const { width, height, data } = image;
  const W = width * scale;
  const H = height * scale;
  const taps = Array.from({ length: scale }, (_, k) => {
    const source = (k + 0.5) / scale - 0.5;
    const base = Math.floor(source);
    return { base, weights: cubicWeights(source - base) };
  });
  const rows = new Float32Array(W * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      for (let k = 0; k < scale; k++) {
        const { base, weights } = taps[k]!;
        let s = 0;
        for (let j = 0; j < 4; j++) s += weights[j]! * data[row + clamp(x + base - 1 + j, width)]!;
        rows[y * W + x * scale + k] = s;
      }
    }
  }
  const out = new Float32Array(W * H);
  for (let y = 0; y < height; y++) {
    for (let k = 0; k < scale; k++) {
      const { base, weights } = taps[k]!;
      const target = (y * scale + k) * W;
      for (let x = 0; x < W; x++) {
        let s = 0;
        for (let j = 0; j < 4; j++) s += weights[j]! * rows[clamp(y + base - 1 + j, height) * W + x]!;
        out[target + x] = s;
      }
    }
  }
  return { data: out, width: W, height: H };
}

/** image + amount·(image − Gaussian(image)), clamped to 0..255. */
export function unsharpMask(image: GreyImage, sigma: number, amount: number): GreyImage {
  const { width, height, data } = image;
  const radius = Math.max(1, Math.ceil(3 * sigma));
  const kernel = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    kernel[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
    sum += kernel[i + radius]!;
  }
  for (let i = 0; i < kernel.length; i++) kernel[i] = kernel[i]! / sum;
  const tmp = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -radius; k <= radius; k++) s += kernel[k + radius]! * data[row + clamp(x + k, width)]!;
      tmp[row + x] = s;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -radius; k <= radius; k++) s += kernel[k + radius]! * tmp[clamp(y + k, height) * width + x]!;
      const v = data[y * width + x]! + amount * (data[y * width + x]! - s);
      out[y * width + x] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
  return { data: out, width, height };
}
