/**
 * Ink by its neighbourhood, and which way it runs: the integral image (box sums in constant time), the pixels clearly
 * darker than the mean of the box around them (so uneven light and a textured desk do not count), and how sharply
 * those pixels fall into rows across a candidate angle (text lines and the gaps between them). One implementation
 * for every reader: MRZ binarisation, the PAN card's text angle, the passport last page's skew.
 */

/** A single-channel image of any sample type (bytes or floats), 0 black to 255 white. */
export interface GreySamples {
  readonly data: ArrayLike<number>;
  readonly width: number;
  readonly height: number;
}

export interface IntegralImage {
  /** Sum of the values over the box [x0, x1) × [y0, y1). */
  sum(x0: number, y0: number, x1: number, y1: number): number;
}

/** The integral image of `data` (of its squares, when `squared`), in a Float64Array of (width+1)·(height+1). */
export function integralImage(image: GreySamples, squared = false): IntegralImage {
  const { data, width, height } = image;
  const W = width + 1;
  const table = new Float64Array(W * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      const v = data[y * width + x]!;
      row += squared ? v * v : v;
      table[(y + 1) * W + x + 1] = table[y * W + x + 1]! + row;
    }
  }
  return { sum: (x0, y0, x1, y1) => table[y1 * W + x1]! - table[y0 * W + x1]! - table[y1 * W + x0]! + table[y0 * W + x0]! };
}

/**
 * Coordinates of the pixels darker than the mean of the (2·radius+1)² box around them by more than `margin`. At the
 * edges the box is cut to the image (`edges: 'clamped'`), or the pixels whose box does not fit are skipped
 * (`'excluded'`).
 */
export function inkPoints(image: GreySamples, options: { radius: number; margin: number; edges: 'clamped' | 'excluded' }): { xs: Int32Array; ys: Int32Array } {
  const { data, width, height } = image;
  const { radius: r, margin, edges } = options;
  const integral = integralImage(image);
  const xs: number[] = [];
  const ys: number[] = [];
  const inner = edges === 'excluded' ? r : 0;
  for (let y = inner; y < height - inner; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = inner; x < width - inner; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const mean = integral.sum(x0, y0, x1, y1) / ((y1 - y0) * (x1 - x0));
      if (data[y * width + x]! < mean - margin) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  return { xs: Int32Array.from(xs), ys: Int32Array.from(ys) };
}

/**
 * Sum of squared counts of the points projected across lines at `degrees` (counter-clockwise, image y down): high
 * when the points fall into sharp rows at that angle. `span` bounds |x|+|y| of the points.
 */
export function profileSharpness(points: { readonly xs: ArrayLike<number>; readonly ys: ArrayLike<number> }, degrees: number, span: number): number {
  const t = (degrees * Math.PI) / 180;
  const s = Math.sin(t);
  const c = Math.cos(t);
  const bins = new Float64Array(2 * span + 2);
  for (let i = 0; i < points.xs.length; i++) {
    const row = Math.round(-points.xs[i]! * s + points.ys[i]! * c) + span;
    bins[row] = bins[row]! + 1;
  }
  let sum = 0;
  for (let i = 0; i < bins.length; i++) sum += bins[i]! * bins[i]!;
  return sum;
}
