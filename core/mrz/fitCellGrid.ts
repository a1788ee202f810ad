/**
 * Fits the fixed pitch and phase of one MRZ line to its blob centres: consecutive centres sit a whole number of
 * pitches apart, so each blob gets a cell index and a least-squares line through (index, position) gives the
 * pitch and the centre of every cell, far more exactly than the ink ends do.
 */
import type { Homography, Point } from '../imaging/homography.ts';
import type { MrzLineFit } from './findMrzLines.ts';

export interface LineGrid {
  /** Centre of cell `index` in the searched image's pixels. */
  readonly cellCentre: (index: number) => Point;
  /**
   * The line's own projective frame: (k, w) -> searched-image pixels, k the cell index along the line (fractional
   * between centres), w the offset across it in pitches at cell 0, shrinking with the pitch under perspective.
   */
  readonly frame: Homography;
  /** Number of cells between the first and the last blob, inclusive. */
  readonly cells: number;
  readonly pitch: number;
}

/** `direction` is the unit reading direction; `pitchGuess` a pitch within ~10%. */
export function fitCellGrid(line: MrzLineFit, direction: Point, pitchGuess: number): LineGrid | null {
  const normal = { x: -direction.y, y: direction.x };
  const pts = line.centres
    .filter((c) => c.length < 1.3 * pitchGuess)
    .map((c) => ({ t: c.x * direction.x + c.y * direction.y, o: c.x * normal.x + c.y * normal.y }))
    .sort((a, b) => a.t - b.t);
  if (pts.length < 6) return null;
  const ks: number[] = [0];
  for (let i = 1; i < pts.length; i++) ks.push(ks[i - 1]! + Math.round((pts[i]!.t - pts[i - 1]!.t) / pitchGuess));
  // Under perspective the pitch changes along the line: fit the 1-D projective map t(k) = (a + b k) / (1 + c k),
  // linear in (a, b, c) as t = a + b k - c k t. Two blobs in one cell (a broken glyph) share its index.
  let model = { a: pts[0]!.t, b: pitchGuess, c: 0 };
  const at = (k: number): number => (model.a + model.b * k) / (1 + model.c * k);
  for (let iter = 0; iter < 3; iter++) {
    const m = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    const v = [0, 0, 0];
    let n = 0;
    for (let i = 0; i < pts.length; i++) {
      const k = ks[i]!;
      const t = pts[i]!.t;
      if (iter > 0 && Math.abs(t - at(k)) > 0.3 * pitchGuess) continue; // off-centre fragments
      const row = [1, k, -k * t];
      for (let r = 0; r < 3; r++) {
        v[r] = v[r]! + row[r]! * t;
        for (let c = 0; c < 3; c++) m[r * 3 + c] = m[r * 3 + c]! + row[r]! * row[c]!;
      }
      n++;
    }
    const sol = n >= 6 ? solve3(m, v) : null;
    if (!sol) return null;
    model = { a: sol[0]!, b: sol[1]!, c: sol[2]! };
  }
  const p = (at(ks[ks.length - 1]!) - at(0)) / Math.max(1, ks[ks.length - 1]!);
  // Centre line across the line: offset as a linear function of position.
  let sw = 0, stt = 0, so = 0, sto = 0, s1 = 0;
  for (const q of pts) {
    s1++;
    sw += q.t;
    stt += q.t * q.t;
    so += q.o;
    sto += q.t * q.o;
  }
  const vt = stt / s1 - (sw / s1) ** 2;
  const slope = vt > 1e-6 ? (sto / s1 - (sw / s1) * (so / s1)) / vt : 0;
  const intercept = so / s1 - slope * (sw / s1);
  const cells = ks[ks.length - 1]! + 1;
  // pixel(k, w) = [(a + b k)(d + slope n) + intercept (1 + c k) n + w q0 n] / (1 + c k), q0 the pitch at cell 0.
  const { a, b, c } = model;
  const q0 = b - a * c;
  const along = { x: direction.x + slope * normal.x, y: direction.y + slope * normal.y };
  const frame: Homography = [
    b * along.x + intercept * c * normal.x, q0 * normal.x, a * along.x + intercept * normal.x,
    b * along.y + intercept * c * normal.y, q0 * normal.y, a * along.y + intercept * normal.y,
    c, 0, 1,
  ];
  return {
    cells,
    pitch: p,
    frame,
    cellCentre: (index) => {
      const t = at(index);
      const o = intercept + slope * t;
      return { x: t * direction.x + o * normal.x, y: t * direction.y + o * normal.y };
    },
  };
}

/** Cramer's rule for a 3×3 system (row-major `m`). */
function solve3(m: readonly number[], v: readonly number[]): number[] | null {
  const det = (q: readonly number[]): number =>
    q[0]! * (q[4]! * q[8]! - q[5]! * q[7]!) - q[1]! * (q[3]! * q[8]! - q[5]! * q[6]!) + q[2]! * (q[3]! * q[7]! - q[4]! * q[6]!);
  const d = det(m);
  if (Math.abs(d) < 1e-9) return null;
  return [0, 1, 2].map((col) => det(m.map((x, i) => (i % 3 === col ? v[Math.floor(i / 3)]! : x))) / d);
}
