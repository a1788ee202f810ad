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
  // Each gap counted in cells by the guess alone goes wrong where glare broke a glyph into fragments (94.8 + 8.6 +
  // 12.9 px at a 16.6 px pitch counts 6 + 1 + 1 cells, one too many) or where a long gap meets a pitch guess a tenth
  // off. A second count places such gaps by the pitch the sure runs of single-cell gaps fit, and wins where its fit
  // puts a run of blobs more on their cells (a count gone wrong moves every blob after it; one stray blob landing on
  // a cell by chance is not that).
  const byGaps = indexByGaps(pts, pitchGuess);
  const byRuns = indexByRuns(pts, pitchGuess);
  const fitGaps = fitAlong(pts, byGaps, pitchGuess);
  const fitRuns = byRuns !== null && byRuns.some((k, i) => k !== byGaps[i]) ? fitAlong(pts, byRuns, pitchGuess) : null;
  const chosen = fitRuns !== null && (fitGaps === null || fitRuns.inliers >= fitGaps.inliers + 3) ? { ks: byRuns!, fit: fitRuns } : fitGaps === null ? null : { ks: byGaps, fit: fitGaps };
  if (chosen === null) return null;
  const { ks } = chosen;
  const model = chosen.fit.model;
  const at = (k: number): number => (model.a + model.b * k) / (1 + model.c * k);
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

/** A blob centre's position along the line. */
interface AlongPoint {
  readonly t: number;
}

/** Cell index of each blob, every gap counted in whole pitches of the guess. */
function indexByGaps(pts: readonly AlongPoint[], pitchGuess: number): number[] {
  const ks: number[] = [0];
  for (let i = 1; i < pts.length; i++) ks.push(ks[i - 1]! + Math.round((pts[i]!.t - pts[i - 1]!.t) / pitchGuess));
  return ks;
}

/**
 * Cell index of each blob from runs of gaps that are one or two cells beyond doubt; the gaps between runs (fragments,
 * long washed stretches) are counted by the pitch and phase the runs already placed fit, growing from the longest run
 * outwards. Null when no run is long enough to set the pitch.
 */
function indexByRuns(pts: readonly AlongPoint[], pitchGuess: number): number[] | null {
  const runs: { first: number; ks: number[] }[] = [{ first: 0, ks: [0] }];
  for (let i = 1; i < pts.length; i++) {
    const cells = (pts[i]!.t - pts[i - 1]!.t) / pitchGuess;
    const n = Math.round(cells);
    const run = runs[runs.length - 1]!;
    if (n >= 1 && n <= 2 && Math.abs(cells - n) <= 0.25) run.ks.push(run.ks[run.ks.length - 1]! + n);
    else runs.push({ first: i, ks: [0] });
  }
  let best = 0;
  for (let r = 1; r < runs.length; r++) if (runs[r]!.ks.length > runs[best]!.ks.length) best = r;
  if (runs[best]!.ks.length < 6) return null;
  const ks: (number | null)[] = pts.map(() => null);
  const place = (r: number, offset: number): void => {
    runs[r]!.ks.forEach((k, j) => {
      ks[runs[r]!.first + j] = k + offset;
    });
  };
  place(best, 0);
  let lo = best;
  let hi = best;
  while (lo > 0 || hi < runs.length - 1) {
    // A straight fit through the placed blobs (the projective one extrapolates badly from a few cells).
    let n = 0, sk = 0, st = 0, skk = 0, skt = 0;
    ks.forEach((k, i) => {
      if (k === null) return;
      n++;
      sk += k;
      st += pts[i]!.t;
      skk += k * k;
      skt += k * pts[i]!.t;
    });
    const vk = skk / n - (sk / n) ** 2;
    const pitch = vk > 1e-9 ? (skt / n - (sk / n) * (st / n)) / vk : pitchGuess;
    if (!(pitch > 0.5 * pitchGuess && pitch < 1.5 * pitchGuess)) return null;
    const origin = st / n - pitch * (sk / n);
    const left = lo > 0 ? runs[lo - 1]!.ks.length : -1;
    const right = hi < runs.length - 1 ? runs[hi + 1]!.ks.length : -1;
    const r = right > left ? ++hi : --lo;
    // From the run's blobs nearest the placed ones: under perspective the straight fit drifts a cell further out.
    const offsets = runs[r]!.ks.map((k, j) => (pts[runs[r]!.first + j]!.t - origin) / pitch - k);
    const near = (r === hi ? offsets.slice(0, 3) : offsets.slice(-3)).sort((a, b) => a - b);
    place(r, Math.round(near[Math.floor(near.length / 2)]!));
  }
  const first = ks[0]!;
  return ks.map((k) => k! - first);
}

/**
 * The 1-D projective map t(k) = (a + b k) / (1 + c k) through the blobs at their cell indices (under perspective the
 * pitch changes along the line), linear in (a, b, c) as t = a + b k - c k t, refitted twice without the blobs off
 * their cell centre (fragments); with the number of blobs on it.
 */
function fitAlong(pts: readonly AlongPoint[], ks: readonly number[], pitchGuess: number): { model: { a: number; b: number; c: number }; inliers: number } | null {
  let model = { a: pts[0]!.t - pitchGuess * ks[0]!, b: pitchGuess, c: 0 };
  const at = (k: number): number => (model.a + model.b * k) / (1 + model.c * k);
  const on = (i: number): boolean => Math.abs(pts[i]!.t - at(ks[i]!)) <= 0.3 * pitchGuess;
  for (let iter = 0; iter < 3; iter++) {
    const m = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    const v = [0, 0, 0];
    let n = 0;
    for (let i = 0; i < pts.length; i++) {
      const k = ks[i]!;
      const t = pts[i]!.t;
      if (iter > 0 && !on(i)) continue;
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
  let inliers = 0;
  for (let i = 0; i < pts.length; i++) if (on(i)) inliers++;
  return { model, inliers };
}

/** Cramer's rule for a 3×3 system (row-major `m`). */
function solve3(m: readonly number[], v: readonly number[]): number[] | null {
  const det = (q: readonly number[]): number =>
    q[0]! * (q[4]! * q[8]! - q[5]! * q[7]!) - q[1]! * (q[3]! * q[8]! - q[5]! * q[6]!) + q[2]! * (q[3]! * q[7]! - q[4]! * q[6]!);
  const d = det(m);
  if (Math.abs(d) < 1e-9) return null;
  return [0, 1, 2].map((col) => det(m.map((x, i) => (i % 3 === col ? v[Math.floor(i / 3)]! : x))) / d);
}
