/** Plane-to-plane projective maps from four point pairs (direct linear transform, exact for four points). */

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Row-major 3×3 matrix with h[8] = 1. */
export type Homography = readonly [number, number, number, number, number, number, number, number, number];

/** The homography taking each `from[i]` to `to[i]`; null when the points are degenerate. */
export function homographyFromPoints(from: readonly Point[], to: readonly Point[]): Homography | null {
  if (from.length !== 4 || to.length !== 4) throw new Error('four point pairs');
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  const h = solve8(a);
  return h ? ([...h, 1] as unknown as Homography) : null;
}

/** Gaussian elimination with partial pivoting on an 8×9 augmented matrix. */
function solve8(a: number[][]): number[] | null {
  const n = 8;
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    if (Math.abs(a[pivot]![c]!) < 1e-12) return null;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    const row = a[c]!;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const other = a[r]!;
      const f = other[c]! / row[c]!;
      if (f === 0) continue;
      for (let k = c; k <= n; k++) other[k] = other[k]! - f * row[k]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}

export function applyHomography(h: Homography, x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return { x: (h[0] * x + h[1] * y + h[2]) / w, y: (h[3] * x + h[4] * y + h[5]) / w };
}

/** Composition: first `b`, then `a`. */
export function composeHomography(a: Homography, b: Homography): Homography {
  const m: number[] = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
    let s = 0;
    for (let k = 0; k < 3; k++) s += a[r * 3 + k]! * b[k * 3 + c]!;
    m.push(s);
  }
  const w = m[8]!;
  return m.map((v) => v / w) as unknown as Homography;
}
