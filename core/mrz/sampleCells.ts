/**
 * Cuts MRZ character cells out of an image through a homography from MRZ millimetres to image pixels, into the
 * fixed-size, ink-normalised feature vectors the classifier was trained on. Training and reading share this code,
 * so what the model saw is what it gets.
 */
import { applyHomography, type Homography } from '../imaging/homography.ts';
import { bilinearAt, type GreyImage } from '../imaging/greyImage.ts';

export const cellFeature = {
  width: 16,
  height: 20,
  /** The sampled window around one cell, in cell pitches and cap heights: margins catch shifted glyphs. */
  widthPitches: 1.2,
  heightMm: 3.6,
} as const;
export const cellFeatureLength = cellFeature.width * cellFeature.height;

/**
 * The ink band measureLineBand reads on OCR-B size 1 (2.4 mm capitals on a 2.54 mm pitch, as the classifier is trained):
 * its third-of-peak edges fall a little outside the capitals.
 */
export const nominalCapMm = 2.58;

/** Where one line of cells lies, in the millimetre frame the homography maps from. */
export interface CellLine {
  readonly leftMm: number;
  readonly centreMm: number;
  readonly pitchMm: number;
  readonly count: number;
  /**
   * The line's cap height in the frame, when measured (measureLineBand): the window is scaled so the glyph fills it
   * as a nominal one does. Printers set OCR-B from about 2.0 to 3.0 mm tall on the same 2.54 mm pitch.
   */
  readonly capMm?: number;
}

/** Raw grey samples of every cell of a line (supersampled where the image is finer than the grid). */
export function sampleLineCells(image: GreyImage, h: Homography, line: CellLine): Float32Array[] {
  const { width: fw, height: fh } = cellFeature;
  const k = line.capMm === undefined ? 1 : line.capMm / nominalCapMm;
  const winW = line.pitchMm * cellFeature.widthPitches * k;
  const winH = cellFeature.heightMm * k;
  const stepX = winW / fw;
  const stepY = winH / fh;
  // Pixels per output sample, measured at the line's middle, decides the supersampling.
  const mid = line.leftMm + (line.count / 2) * line.pitchMm;
  const p0 = applyHomography(h, mid, line.centreMm);
  const p1 = applyHomography(h, mid + stepX, line.centreMm);
  const p2 = applyHomography(h, mid, line.centreMm + stepY);
  const pxPerStep = Math.max(Math.hypot(p1.x - p0.x, p1.y - p0.y), Math.hypot(p2.x - p0.x, p2.y - p0.y));
  const sub = Math.min(4, Math.max(1, Math.round(pxPerStep)));
  // The hot loop of every grid read: applyHomography and sampleBilinear written out in place, the same arithmetic in
  // the same order (so the same samples), without a point object per subsample.
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = h;
  const { width, height, data } = image;
  const cells: Float32Array[] = [];
  for (let c = 0; c < line.count; c++) {
    const cx = line.leftMm + (c + 0.5) * line.pitchMm;
    const x0 = cx - winW / 2;
    const y0 = line.centreMm - winH / 2;
    const out = new Float32Array(cellFeatureLength);
    for (let j = 0; j < fh; j++) {
      for (let i = 0; i < fw; i++) {
        let s = 0;
        for (let sy = 0; sy < sub; sy++) {
          const y = y0 + (j + (sy + 0.5) / sub) * stepY;
          for (let sx = 0; sx < sub; sx++) {
            const x = x0 + (i + (sx + 0.5) / sub) * stepX;
            const w = h6 * x + h7 * y + h8;
            const px = (h0 * x + h1 * y + h2) / w;
            const py = (h3 * x + h4 * y + h5) / w;
            s += bilinearAt(data, width, height, px, py);
          }
        }
        out[j * fw + i] = s / (sub * sub);
      }
    }
    cells.push(out);
  }
  return cells;
}

/**
 * Two order statistics of `values` (as `values.slice().sort()[low]` and `[high]`, `low` < `high`) by selection in
 * `scratch` (values' length): a cell's ink and paper levels need two, not an order. Selecting `high` leaves every
 * smaller element before it, so `low` is selected among those alone.
 */
export function lowAndHigh(values: Float32Array, low: number, high: number, scratch: Float32Array): { low: number; high: number } {
  scratch.set(values);
  const highValue = selectInPlace(scratch, high, scratch.length);
  return { low: selectInPlace(scratch, low, high), high: highValue };
}

/** Hoare's selection over a[0, end): a[k] ends as in sorted order, with nothing greater before it, nothing less after. */
function selectInPlace(a: Float32Array, k: number, end: number): number {
  let lo = 0;
  let hi = end - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

/**
 * Turns raw grey cells of one line into ink in 0..1 against the paper and ink levels of the cell's neighbourhood
 * (percentiles over seven cells: a sparse `<` cell is not stretched into noise, and glare along a line is followed).
 */
export function normaliseLineCells(cells: readonly Float32Array[]): Float32Array[] {
  const scratch = new Float32Array(cells[0]?.length ?? 0);
  const levels = cells.map((c) => {
    const { low, high } = lowAndHigh(c, Math.floor(c.length * 0.03), Math.floor(c.length * 0.9), scratch);
    return { ink: low, paper: high };
  });
  return cells.map((c, i) => {
    let ink = Infinity;
    let paper = -Infinity;
    for (let k = Math.max(0, i - 3); k <= Math.min(cells.length - 1, i + 3); k++) {
      ink = Math.min(ink, levels[k]!.ink);
      paper = Math.max(paper, levels[k]!.paper);
    }
    const range = Math.max(paper - ink, 12);
    const out = new Float32Array(c.length);
    for (let j = 0; j < c.length; j++) out[j] = Math.min(1, Math.max(0, (paper - c[j]!) / range));
    return out;
  });
}

/**
 * The ink band of one line in the frame: the rows whose mean ink across the line's cells reaches a third of the
 * densest row's, taken contiguously around the row nearest the assumed centre. OCR-B capitals and digits all span the
 * cap height, so the band's extent is the glyph height and its middle the line's centre, whatever the printer's
 * glyph size or line spacing. Null when no band of a plausible height is found there.
 */
export function measureLineBand(image: GreyImage, h: Homography, line: CellLine, halfBandMm: number): { centreMm: number; capMm: number } | null {
  const stepY = 0.08;
  const rows = Math.max(8, Math.round((2 * halfBandMm) / stepY));
  const cols = line.count * 4;
  const samples = new Float32Array(rows * cols);
  const top = line.centreMm - halfBandMm;
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = h;
  const { width, height, data } = image;
  for (let r = 0; r < rows; r++) {
    const y = top + (r + 0.5) * stepY;
    for (let c = 0; c < cols; c++) {
      // applyHomography written out, as in sampleLineCells.
      const x = line.leftMm + (c + 0.5) * (line.pitchMm / 4);
      const w = h6 * x + h7 * y + h8;
      samples[r * cols + c] = bilinearAt(data, width, height, (h0 * x + h1 * y + h2) / w, (h3 * x + h4 * y + h5) / w);
    }
  }
  const scratch = new Float32Array(samples.length);
  const { low: ink, high: paper } = lowAndHigh(samples, Math.floor(samples.length * 0.02), Math.floor(samples.length * 0.85), scratch);
  const range = Math.max(paper - ink, 1);
  const profile = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    let sum = 0;
    for (let c = 0; c < cols; c++) sum += Math.max(0, paper - samples[r * cols + c]!) / range;
    profile[r] = sum / cols;
  }
  let peak = 0;
  for (const v of profile) peak = Math.max(peak, v);
  if (peak <= 0) return null;
  const level = peak / 3;
  let start = Math.round(rows / 2);
  // From the assumed centre, the nearest row inside the band.
  for (let d = 0; d < rows; d++) {
    if (start + d < rows && profile[start + d]! >= level) { start += d; break; }
    if (start - d >= 0 && profile[start - d]! >= level) { start -= d; break; }
    if (d === rows - 1) return null;
  }
  let a = start;
  let b = start;
  while (a > 0 && profile[a - 1]! >= level) a--;
  while (b < rows - 1 && profile[b + 1]! >= level) b++;
  const capMm = (b - a + 1) * stepY;
  if (capMm < 0.55 * nominalCapMm || capMm > 1.5 * nominalCapMm || a === 0 || b === rows - 1) return null;
  return { centreMm: top + ((a + b + 1) / 2) * stepY, capMm };
}
