/**
 * Reads the MRZ of a page photo: find the lines on a downscaled copy, fix the cell grid with a homography from
 * the lines' ends, classify every cell from the full-resolution image, parse, and when the check digits fail try
 * the cheap alternatives (the other way round, nudged grid, another threshold) before settling.
 */
import type { RawImage } from '../../../core/imaging/types.ts';
import { td3Page } from './td3Geometry.ts';
import { isKnownCountryField } from '../../../core/mrz/countryCodes.ts';
import { detectMrzFormat, otherLayoutProven, type MrzFormat } from '../../../core/mrz/detectMrzFormat.ts';
import { downscaleGrey, toGrey, type GreyImage } from '../../../core/imaging/greyImage.ts';
import { applyHomography, composeHomography, homographyFromPoints, type Homography, type Point } from '../../../core/imaging/homography.ts';
import { edgeSharpness, measureQuality } from '../../../core/mrz/imageQuality.ts';
import { findMrzLines, type MrzLinesFound } from '../../../core/mrz/findMrzLines.ts';
import { fitCellGrid } from '../../../core/mrz/fitCellGrid.ts';
import { classifyCellProbabilities, mrzClassifierWeights, secondOpinionWeights, type CellReading, type MrzClassifierWeights } from '../../../core/mrz/mrzClassifier.ts';
import { cnnCellProbabilities, mrzCnnWeights } from '../../../core/mrz/mrzCnn.ts';
import { parseTd3, type Td3Parse } from './parseTd3.ts';
import { settleZeroOrOh, type CellChoice } from '../../../core/mrz/zeroOrOh.ts';
import { rectifyPage } from './rectifyPage.ts';
import { cellFeature, measureLineBand, normaliseLineCells, sampleLineCells } from '../../../core/mrz/sampleCells.ts';
import { td3CheckCells, td3Checks, type Td3CheckName } from './td3Fields.ts';

export type { Point } from '../../../core/imaging/homography.ts';

export interface MrzReading {
  readonly format: MrzFormat;
  /** As recognised, before repairs. */
  readonly lines: string[];
  /** Per character, 0..1. */
  readonly charConfidence: number[][];
  /** Per character, the runner-up reading: where the two classifiers disagreed, the second opinion's. */
  readonly second?: readonly (readonly string[])[];
  /** Per character: washed out by glare or shadow, so what was read there is no reading (see washedOut). */
  readonly washed: boolean[][];
  /** TD3 only, with repairs applied and recorded. */
  readonly parse: Td3Parse | null;
  /** Clockwise rotation that makes the input upright. */
  readonly rotation: 0 | 90 | 180 | 270;
  /** Residual tilt of the MRZ after that rotation, degrees clockwise. */
  readonly skewDeg: number;
  /** MRZ band corners TL, TR, BR, BL (of the upright document) in input pixel coordinates. */
  readonly quad: [Point, Point, Point, Point];
  /** The data page rectified to td3Page size (grey, one channel), from the MRZ's homography; TD3 only. */
  readonly page: { readonly image: RawImage; readonly pxPerMm: number } | null;
  /**
   * The MRZ frame (td3Page millimetres; the page's as rectified) to input pixels, and where the lines' centres lie
   * in it: where each field was read is mapped back through it.
   */
  readonly frame: { readonly toImage: Homography; readonly lineCentresMm: readonly number[]; readonly count: number; readonly lineShifts?: readonly number[] };
}

export type MrzFailure = { failure: 'no_mrz' | 'too_small' | 'too_dark' | 'too_blurry'; detail: string };

/** Working size of the search copy; the cells are always read from the full image. */
const searchLongSide = 1000;
/** OCR-B glyphs leave about this fraction of a pitch blank at each side of their cell. */
const sideBearing = 0.15;
/**
 * Pitches the lines' first cells may lie apart along the reading direction: perspective shears two lines 4 mm apart
 * by about one at the most.
 */
const maxColumnShift = 3;
/** Cap heights (px, full image) below which OCR-B cannot be told apart reliably. */
const minCapHeightPx = 7;

interface Attempt {
  readonly lines: string[];
  /** Cells glare (or a shadow) has washed out: see washedOut. */
  readonly washed: boolean[][];
  readonly confidence: number[][];
  readonly second: string[][];
  readonly score: number;
  readonly parse: Td3Parse | null;
  readonly format: MrzFormat;
  readonly h: Homography;
  readonly count: number;
  readonly centres: readonly number[];
  readonly sharpness: number;
  /** The per-line maps the cells were sampled through, when not h (gridHomographies with perLine). */
  readonly lineMaps?: readonly Homography[];
  /** Cells each line was read shifted by from the grid's column (see lineOneRealigned). */
  readonly lineShifts?: readonly number[];
  /** The normalised cells read, per line, per shift (cellShifts), per column. */
  readonly cells: readonly (readonly (readonly Float32Array[])[])[];
  /** Per line, each cell's ink contrast over the line's (see contrastRatios). */
  readonly ratios: readonly (readonly number[])[];
  /** Per line, per column: the MLP's and the renderer-only MLP's readings, kept so the CNN's pass need not redo them. */
  readonly mlp: readonly (readonly MlpReadings[])[];
}

/**
 * The cells a reading was classified from, kept beside it rather than in it (a reading is logged and serialised):
 * scripts/export-mrz-cells.ts labels them for training.
 */
const cellsRead = new WeakMap<MrzReading, Attempt['cells']>();
export const cellsOfReading = (reading: MrzReading): Attempt['cells'] | undefined => cellsRead.get(reading);

function checkAbort(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new Error('aborted');
}

/** TD3's nominal distance between the lines' centres (mm), where none was measured. */
const nominalSpacingMm = td3Page.mrzLine2CentreMm - td3Page.mrzLine1CentreMm;

/**
 * Where the lines sit in the millimetre frame the cells are sampled in: the last line at TD3's nominal place and the
 * others above it at the distance measured on the page, in pitches. Printers space MRZ lines anywhere from 1.5 to over
 * 3 glyph heights apart (ICAO's nominal 6.35 mm is 2.6): a frame with a fixed spacing stretches the cells and the
 * rectified page vertically on every renderer but the one it was fixed for.
 */
export function lineCentresMm(found: MrzLinesFound, count: number, fittedPitchPx: number | null = null): number[] {
  const lines = found.lines;
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  const u = found.direction;
  const n = { x: -u.y, y: u.x };
  const along = (q: Point): number => q.x * u.x + q.y * u.y;
  const across = (q: Point): number => q.x * n.x + q.y * n.y;
  // Each line's offset at one place along them (the middle of their overlap): glare cuts lines at different ends,
  // and the middles of two cut lines lie apart along slightly converging fits.
  const tMid = (Math.max(along(first.start), along(last.start)) + Math.min(along(first.end), along(last.end))) / 2;
  const offsetAt = (l: typeof first): number => {
    const t0 = along(l.start);
    const t1 = along(l.end);
    const k = t1 === t0 ? 0.5 : (tMid - t0) / (t1 - t0);
    return across(l.start) + k * (across(l.end) - across(l.start));
  };
  // The pitch fitted to the blobs (fitCellGrid) holds when glare has shortened both lines; their length does not.
  const span = Math.max(...lines.map((l) => Math.hypot(l.end.x - l.start.x, l.end.y - l.start.y)));
  const pitchPx = fittedPitchPx ?? span / (count - 2 * sideBearing);
  const steps = lines.length - 1;
  const measured = steps > 0 && pitchPx > 0 ? (Math.abs(offsetAt(last) - offsetAt(first)) / steps / pitchPx) * td3Page.mrzPitchMm : NaN;
  // Outside these bounds the measurement is not of two MRZ lines: the nominal spacing stands.
  const spacing = Number.isFinite(measured) && measured >= 2.5 && measured <= 10 ? measured : nominalSpacingMm;
  return lines.map((_, i) => td3Page.mrzLine2CentreMm - (steps - i) * spacing);
}

interface Grid {
  readonly h: Homography;
  readonly centres: number[];
  /** When set, line i is sampled through lineMaps[i] instead of h (the per-line grids of gridHomographies). */
  readonly lineMaps?: readonly Homography[];
}

/**
 * Homographies from the MRZ frame (mm) to full-image pixels, from the fitted cell centres of the first and last
 * line (several when the blobs do not say which cell comes first); falls back to the lines' ink ends.
 */
function gridHomographies(found: MrzLinesFound, flipped: boolean, count: number, scale: number, perLine = false): Grid[] {
  const lines = flipped ? [...found.lines].reverse().map((l) => ({ ...l, start: l.end, end: l.start })) : [...found.lines];
  const direction = flipped ? { x: -found.direction.x, y: -found.direction.y } : found.direction;
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  const p = td3Page.mrzPitchMm;
  const full = (q: Point): Point => ({ x: (q.x + 0.5) * scale - 0.5, y: (q.y + 0.5) * scale - 0.5 });
  const pitchGuess = (l: typeof first): number => Math.hypot(l.end.x - l.start.x, l.end.y - l.start.y) / (count - 2 * sideBearing);
  const gFirst = fitCellGrid(first, direction, pitchGuess(first));
  const gLast = fitCellGrid(last, direction, pitchGuess(last));
  const fitted = [gFirst, gLast].filter((g) => g !== null).map((g) => g.pitch);
  const centres = lineCentresMm(found, count, fitted.length > 0 ? fitted.reduce((a, b) => a + b, 0) / fitted.length : null);
  const yFirst = centres[0]!;
  const yLast = centres[centres.length - 1]!;
  // Centres of the first and last cell of the first and last line, in the MRZ frame (mm): TL, TR, BR, BL.
  const endCells: Point[] = [
    { x: td3Page.mrzLeftMm + 0.5 * p, y: yFirst },
    { x: td3Page.mrzLeftMm + (count - 0.5) * p, y: yFirst },
    { x: td3Page.mrzLeftMm + (count - 0.5) * p, y: yLast },
    { x: td3Page.mrzLeftMm + 0.5 * p, y: yLast },
  ];
  const out: Grid[] = [];
  const toFull: Homography = [scale, 0, 0.5 * scale - 0.5, 0, scale, 0.5 * scale - 0.5, 0, 0, 1];
  if (gFirst && gLast) {
    // Every line starts with a solid glyph (P, a document number) and the second ends with one (the composite check
    // digit): too few blobs means the end was lost (thin `<`), or the start (glare); too many means a stray blob
    // joined at one end.
    const offsets = (cells: number): number[] => (cells === count ? [0] : [0, count - cells]);
    // The lines of an MRZ start in one column: a pairing that puts their first cells pitches apart along the line took
    // the first blob glare left on one line for its first cell (no check digit covers line 1 to tell).
    const along = (q: Point): number => q.x * direction.x + q.y * direction.y;
    const pitch = (gFirst.pitch + gLast.pitch) / 2;
    // ICAO prints every line from the same column: a line whose blob chain took texture at one end for a glyph, or
    // lost its first glyphs to it, is also read from the column the other line starts in.
    const alignedTo = (g: NonNullable<typeof gFirst>, start: number): number => Math.round((along(g.cellCentre(0)) - start) / pitch);
    const pairs = new Map<string, [number, number]>();
    for (const oF of offsets(gFirst.cells)) {
      for (const oL of offsets(gLast.cells)) {
        pairs.set(`${oF},${oL}`, [oF, oL]);
        const aF = alignedTo(gFirst, along(gLast.cellCentre(-oL)));
        const aL = alignedTo(gLast, along(gFirst.cellCentre(-oF)));
        if (Math.abs(aF) <= maxColumnShift) pairs.set(`${aF},${oL}`, [aF, oL]);
        if (Math.abs(aL) <= maxColumnShift) pairs.set(`${oF},${aL}`, [oF, aL]);
      }
    }
    for (const [oF, oL] of pairs.values()) {
      if (Math.abs(along(gFirst.cellCentre(-oF)) - along(gLast.cellCentre(-oL))) > maxColumnShift * pitch) continue;
      const h = homographyFromPoints(
        endCells,
        [full(gFirst.cellCentre(-oF)), full(gFirst.cellCentre(count - 1 - oF)), full(gLast.cellCentre(count - 1 - oL)), full(gLast.cellCentre(-oL))],
      );
      if (h === null) continue;
      if (!perLine) {
        out.push({ h, centres });
        continue;
      }
      // Each line through its own projective frame (fitCellGrid's): a line whose end cell was indexed one off no
      // longer tilts the other line's grid (a four-corner homography from such corners bows mid-line by half a
      // pitch), and the pitch changes along the line as perspective has it (the four-corner map takes that change
      // from two lines a few millimetres apart: mid-line cells fell half a pitch off on a page shot at an angle).
      const maps = [gFirst, gLast].map((g, i) => {
        const toCells: Homography = [1 / p, 0, -td3Page.mrzLeftMm / p - 0.5 - (i === 0 ? oF : oL), 0, 1 / p, -(i === 0 ? yFirst : yLast) / p, 0, 0, 1];
        return composeHomography(toFull, composeHomography(g.frame, toCells));
      });
      if (centres.length === 2) out.push({ h, centres, lineMaps: maps });
    }
  }
  // Lines of unequal length (glare washed the start or end of one): the corners from the longer line's end cells and
  // the points across from them at the shorter line's distance, measured at its middle. Its own ends are fitted to
  // fragments glare left at its edge, which tilt the line (centroids of glyphs washed from the top sit low): two
  // lines a few pixels from parallel make a four-corner map a steep perspective, its cells drifting a pitch mid-line.
  if (!perLine && gFirst && gLast && gFirst.cells !== gLast.cells && Math.max(gFirst.cells, gLast.cells) === count) {
    const firstLonger = gFirst.cells > gLast.cells;
    const long = firstLonger ? gFirst : gLast;
    const short = firstLonger ? gLast : gFirst;
    const n = { x: -direction.y, y: direction.x };
    const longStart = long.cellCentre(0);
    const longEnd = long.cellCentre(count - 1);
    const mid = short.cellCentre((short.cells - 1) / 2);
    // Signed distance from the long line (through its end cells) to the short line's middle, along the normal.
    const d = { x: longEnd.x - longStart.x, y: longEnd.y - longStart.y };
    const len = Math.hypot(d.x, d.y);
    const u = { x: d.x / len, y: d.y / len };
    const off = ((mid.x - longStart.x) * -u.y + (mid.y - longStart.y) * u.x) / (n.x * -u.y + n.y * u.x);
    const across = (q: Point): Point => ({ x: q.x + off * n.x, y: q.y + off * n.y });
    const firstPts = firstLonger ? [longStart, longEnd] : [across(longStart), across(longEnd)];
    const lastPts = firstLonger ? [across(longStart), across(longEnd)] : [longStart, longEnd];
    const h = homographyFromPoints(
      endCells,
      [full(firstPts[0]!), full(firstPts[1]!), full(lastPts[1]!), full(lastPts[0]!)],
    );
    if (h !== null) out.push({ h, centres });
  }
  if (perLine) return out;
  if (out.length === 0) {
    const x0 = td3Page.mrzLeftMm + sideBearing * p;
    const x1 = td3Page.mrzLeftMm + (count - sideBearing) * p;
    const h = homographyFromPoints(
      [{ x: x0, y: yFirst }, { x: x1, y: yFirst }, { x: x1, y: yLast }, { x: x0, y: yLast }],
      [full(first.start), full(first.end), full(last.end), full(last.start)],
    );
    if (h) out.push({ h, centres });
  }
  return out;
}

/**
 * Characters per line: three lines are TD1; otherwise what the fitted cell count of the longer line is nearest (glare
 * can wash the start of one line, never lengthen it: a TD3 whose first eight cells glare took read as a TD2).
 */
function candidateCounts(found: MrzLinesFound): number[] {
  if (found.lines.length === 3) return [30];
  const cellsOf = (l: MrzLinesFound['lines'][number]): number => {
    const span = Math.hypot(l.end.x - l.start.x, l.end.y - l.start.y);
    return fitCellGrid(l, found.direction, span / (44 - 2 * sideBearing))?.cells ?? 44;
  };
  const cells = Math.max(...found.lines.map(cellsOf));
  if (cells >= 42) return [44];
  if (cells <= 38) return [36, 44];
  return [44, 36];
}

function readGrid(
  image: GreyImage,
  h: Homography,
  centres: readonly number[],
  count: number,
  nudge: { dx: number; dy: number; scale: number },
  now: Date,
  lineMaps?: readonly Homography[],
  lineShifts?: readonly number[],
): Attempt {
  let sharpness = 0;
  const ratios: number[][] = [];
  const cells: Float32Array[][][] = [];
  const spacing = centres.length > 1 ? Math.abs(centres[1]! - centres[0]!) : nominalSpacingMm;
  for (const [lineIndex, centre] of centres.entries()) {
    const map = lineMaps?.[lineIndex] ?? h;
    const line = { leftMm: td3Page.mrzLeftMm, centreMm: centre, pitchMm: td3Page.mrzPitchMm * nudge.scale, count };
    // The glyphs' own band sets the cell window's height and centre (see measureLineBand).
    const band = measureLineBand(image, map, line, Math.min(3.2, 0.48 * spacing));
    // Each cell is read at its fitted place and a little to each side; the surest reading of the three wins, so a
    // grid that drifts by a fraction of a pitch along the line does not cut glyphs in two.
    const raw = cellShifts.map((shift) =>
      sampleLineCells(image, map, {
        ...line,
        leftMm: td3Page.mrzLeftMm + (nudge.dx + shift + (lineShifts?.[lineIndex] ?? 0)) * td3Page.mrzPitchMm,
        centreMm: (band?.centreMm ?? centre) + nudge.dy,
        ...(band === null ? {} : { capMm: band.capMm }),
      }),
    );
    ratios.push(contrastRatios(raw[0]!));
    const shifted = raw.map(normaliseLineCells);
    cells.push(shifted);
    sharpness += edgeSharpness(shifted[0]!, cellFeature.width) / centres.length;
  }
  return classifyGrid({ h, centres, count, cells, ratios, sharpness, lineMaps, lineShifts }, now, false);
}

type GridRead = Pick<Attempt, 'h' | 'centres' | 'count' | 'cells' | 'ratios' | 'sharpness' | 'lineMaps' | 'lineShifts'> & { readonly mlp?: Attempt['mlp'] };
interface MlpReadings {
  readonly main: CellReading;
  readonly renderer: CellReading;
}

/** Classifies a sampled grid's cells (see withSecondOpinion; with the CNN's opinion too when `cnn`), then parses. */
function classifyGrid(grid: GridRead, now: Date, cnn: boolean): Attempt {
  const { h, centres, count, cells: cellsByLine, ratios, lineMaps, lineShifts } = grid;
  const weights = mrzClassifierWeights();
  const lines: string[] = [];
  const confidence: number[][] = [];
  const second: string[][] = [];
  let logSum = 0;
  const lineCells = cellsByLine.map((shifted) => shifted[0]!);
  const mlp = grid.mlp ?? cellsByLine.map((shifted) => shifted[0]!.map((_, c) => {
    const cells = shifted.map((line) => line[c]!);
    return { main: classifyShifted(cells, weights), renderer: classifyShifted(cells, secondOpinionWeights()) };
  }));
  const choices: CellChoice[][] = cellsByLine.map((shifted, l) => shifted[0]!.map((_, c) => ({ ...withSecondOpinion(shifted.map((line) => line[c]!), mlp[l]![c]!, cnn) })));
  const washed: boolean[][] = [];
  settleZeroOrOh(lineCells, choices);
  for (const [lineIndex, line] of choices.entries()) washed.push(washedOut(ratios[lineIndex]!, line.map((c) => c.probability)));
  for (const line of choices) {
    lines.push(line.map((c) => c.char).join(''));
    confidence.push(line.map((c) => c.probability));
    second.push(line.map((c) => c.second));
    for (const c of line) logSum += Math.log(Math.max(c.probability, 1e-6));
  }
  const format = detectMrzFormat(lines) ?? (centres.length === 3 ? 'TD1' : count === 36 ? 'TD2' : 'TD3');
  const parse = format === 'TD3' ? parseTd3([lines[0]!, lines[1]!], { now, alternatives: [second[0]!, second[1]!], confidence: [confidence[0]!, confidence[1]!] }) : null;
  return {
    lines, confidence, second, washed, score: logSum / (count * centres.length), parse, format, h, count, centres, sharpness: grid.sharpness, cells: cellsByLine, ratios, mlp,
    ...(lineMaps === undefined ? {} : { lineMaps }),
    ...(lineShifts === undefined ? {} : { lineShifts }),
  };
}

/**
 * Each cell's ink contrast (paper minus ink level) over the line's median: under a third, glare has washed the glyph
 * out, and what the classifier makes of it is no reading. A `<` has less ink than a letter but the same contrast.
 */
function contrastRatios(cells: readonly Float32Array[]): number[] {
  // Over the cell's own pitch: the sampled window's margins take in the neighbours' ink.
  const { width, height, widthPitches } = cellFeature;
  const margin = Math.ceil(((widthPitches - 1) / widthPitches / 2) * width);
  const contrast = cells.map((c) => {
    const own: number[] = [];
    for (let y = 0; y < height; y++) for (let x = margin; x < width - margin; x++) own.push(c[y * width + x]!);
    own.sort((a, b) => a - b);
    return own[Math.floor(own.length * 0.9)]! - own[Math.floor(own.length * 0.03)]!;
  });
  const typical = [...contrast].sort((a, b) => a - b)[Math.floor(contrast.length / 2)]!;
  return contrast.map((c) => c / Math.max(typical, 1e-6));
}

/**
 * Washed cells: ink contrast under a third of the line's median (see contrastRatios), and beside them the glare's
 * fading edge: cells next to a washed run, out to the first clear one, under 0.6 of the median and read unsurely
 * (< 0.8). Those were read as something (`LJ4` for `USA`), but no more than the washed cells beside them.
 */
function washedOut(ratios: readonly number[], probabilities: readonly number[]): boolean[] {
  const washed = ratios.map((r) => r < 1 / 3);
  const fading = (i: number): boolean => ratios[i]! < 0.6 && (probabilities[i] ?? 1) < 0.97;
  for (let i = 0; i < washed.length; i++) {
    if (!washed[i]) continue;
    for (let j = i + 1; j < washed.length && !washed[j] && fading(j); j++) washed[j] = true;
    for (let j = i - 1; j >= 0 && !washed[j] && fading(j); j--) washed[j] = true;
  }
  return washed;
}

/** Offsets (in pitches) at which every cell is read; see readGrid. On dev: 88% exact MRZs at 0 alone, 93% with these. */
const cellShifts = [0, -0.12, 0.12];

/** Confidence left to a cell the two classifiers read differently: under every "sure" threshold the mends use. */
export const disputedConfidence = 0.6;

/**
 * The main classifier's reading, in doubt where another opinion reads the cell otherwise: models trained apart
 * disagree where either may be wrong, and a reading no check digit covers (a name letter) must not pass as sure
 * there. The other reading becomes the second best. While grids are tried, the MLP reads and the renderer-only MLP
 * (secondOpinionWeights) is the opinion; on the settled grid (`cnn`), the CNN reads, both MLPs are opinions.
 */
function withSecondOpinion(cells: readonly Float32Array[], mlp: MlpReadings, cnn: boolean): CellReading {
  const cnnReading = cnn ? cnnShifted(cells) : null;
  const mlpReading = mlp.main;
  // O against 0 stays the MLP's: the reader settles it by ink height and check digits (settleZeroOrOh, repairs).
  const zeroOrOh = cnnReading !== null && /^[O0]$/.test(cnnReading.char) && /^[O0]$/.test(mlpReading.char);
  const cnnFirst = cnnReading !== null && !zeroOrOh && cnnUse === 'final';
  const main = cnnFirst ? cnnReading : mlpReading;
  const others = [cnnFirst ? mlpReading : zeroOrOh ? null : cnnReading, mlp.renderer];
  const other = others.find((o) => o !== null && o.char !== main.char);
  // The CNN is trained with smoothed labels (its surest is about 0.98): where the MLP reads the same, the cell is as
  // sure as the MLP says, so the confidence thresholds the mends use keep their meaning.
  if (!other) return cnnFirst && others[0]!.probability > main.probability ? { ...main, probability: others[0]!.probability } : main;
  return { ...main, probability: Math.min(main.probability, disputedConfidence), second: other.char, secondProbability: other.probability };
}

/**
 * How the CNN reads the settled attempt: `final` (the default) as its primary reader, the MLPs as opinions; `third`
 * as one more opinion beside the MLP's reading; `off` not at all. DOCEX_MRZ_CNN picks one, so the figures in
 * docs/passport.md can be measured again.
 */
const cnnUse: 'off' | 'third' | 'final' = ((v) => (v === 'off' || v === 'third' ? v : 'final'))(process.env.DOCEX_MRZ_CNN);

/**
 * The CNN's surest reading over the shifted cells, as classifyShifted; the shifted cells only where the fitted one is
 * read under 0.95 (one cell in twelve on the tuning sets' pages, with the same accuracy as reading all three).
 */
function cnnShifted(cells: readonly Float32Array[]): CellReading {
  const w = mrzCnnWeights();
  const first = cnnCellProbabilities(w, cells[0]!);
  if (Math.max(...first) >= 0.95) return surest([first], w.classes);
  return surest([first, ...cells.slice(1).map((cell) => cnnCellProbabilities(w, cell))], w.classes);
}

/** The surest of the shifted readings of one cell (averaging them was measured worse: a cut glyph votes too). */
function classifyShifted(cells: readonly Float32Array[], weights: MrzClassifierWeights): CellReading {
  return surest(cells.map((cell) => classifyCellProbabilities(weights, cell)), weights.classes);
}

function surest(readings: readonly Float32Array[], classes: string): CellReading {
  let p = readings[0]!;
  let pMax = Math.max(...p);
  for (const q of readings.slice(1)) {
    const qMax = Math.max(...q);
    if (qMax > pMax) [p, pMax] = [q, qMax];
  }
  let best = 0;
  for (let k = 1; k < p.length; k++) if (p[k]! > p[best]!) best = k;
  let second = best === 0 ? 1 : 0;
  for (let k = 0; k < p.length; k++) if (k !== best && p[k]! > p[second]!) second = k;
  return { char: classes[best]!, probability: p[best]!, second: classes[second]!, secondProbability: p[second]! };
}

/**
 * Better: a valid TD3 first, then a TD3 proven but for washed-out cells, then a plausible document code, then no
 * readable check failing, then more check digits holding, then the higher mean log-probability.
 */
function better(a: Attempt | null, b: Attempt): boolean {
  if (!a) return true;
  const av = proven(a) ? 1 : 0;
  const bv = proven(b) ? 1 : 0;
  if (av !== bv) return bv > av;
  // Line 2's check digits prove it, not line 1: of two proven grids, the one whose line 1 reads as a TD3's start
  // (P, then a known issuing state) has it in the right column.
  if (av === 1) {
    const as = lineOneStart(a);
    const bs = lineOneStart(b);
    if (as !== bs) return bs > as;
  }
  const aw = provenButWashed(a) ? 1 : 0;
  const bw = provenButWashed(b) ? 1 : 0;
  if (aw !== bw) return bw > aw;
  const ap = plausibleCode(a) ? 1 : 0;
  const bp = plausibleCode(b) ? 1 : 0;
  if (ap !== bp) return bp > ap;
  // Neither proven: a reading no readable check contradicts (glare over most of line 2 leaves one check to hold) beats
  // one whose readable checks partly fail, whatever holds there by chance; then the grid more check digits agree with
  // is nearer the right one (an O/0 in the document number that no check digit can settle leaves that check and the
  // composite failing, the rest read right).
  const au = uncontradicted(a) ? 1 : 0;
  const bu = uncontradicted(b) ? 1 : 0;
  if (au !== bu) return bu > au;
  const ah = checksHeld(a);
  const bh = checksHeld(b);
  if (ah !== bh) return bh > ah;
  return b.score > a.score;
}

/**
 * Line 2's check digits prove its cells, not line 1's column: where every check holds but line 1 does not start as a
 * TD3 does (P, a known issuing state), it is read again a few cells to either side, and a reading that starts right
 * (so the whole MRZ is proven) wins.
 */
function lineOneRealigned(grey: GreyImage, best: Attempt, now: Date): Attempt {
  const lineTwoHolds = best.parse !== null && Object.values(best.parse.checks).every(Boolean);
  if (best.format !== 'TD3' || !lineTwoHolds || lineOneStart(best) === 2 || best.centres.length !== 2) return best;
  let chosen = best;
  for (let shift = -maxColumnShift; shift <= maxColumnShift; shift++) {
    if (shift === 0) continue;
    const attempt = readGrid(grey, best.h, best.centres, best.count, { dx: 0, dy: 0, scale: 1 }, now, best.lineMaps, [shift, 0]);
    // Line 2 is read as before: only how line 1 starts, then how sure its cells are, chooses.
    const gain = lineOneStart(attempt) - lineOneStart(chosen);
    if (gain > 0 || (gain === 0 && chosen !== best && attempt.score > chosen.score)) chosen = attempt;
  }
  return chosen;
}

/** How much of a TD3 line 1's start holds: the document code P, and a known issuing state after it. */
function lineOneStart(a: Attempt): number {
  const line = a.lines[0] ?? '';
  if (a.format !== 'TD3') return 0;
  // A country code is letters: a 0 in it is an O (the parse repairs it so).
  return (line[0] === 'P' ? 1 : 0) + (isKnownCountryField(line.slice(2, 5).replace(/0/g, 'O')) ? 1 : 0);
}

/** A TD3's parse and the checks whose cells glare left all readable (a check over washed cells counts for nothing). */
function readableChecks(a: Attempt): { parse: Td3Parse; checks: Td3CheckName[] } | null {
  const washed2 = a.washed[1];
  if (a.format !== 'TD3' || a.parse === null || washed2 === undefined) return null;
  return { parse: a.parse, checks: td3Checks.filter(({ check }) => td3CheckCells(check).every((i) => !washed2[i])).map(({ check }) => check) };
}

/** A TD3 whose every check over readable cells holds, one of them saying something (checkSaysSomething) at least. */
function uncontradicted(a: Attempt): boolean {
  const r = readableChecks(a);
  return r !== null && r.checks.every((c) => r.parse.checks[c]) && r.checks.some((c) => checkSaysSomething(r.parse, c));
}

/**
 * TD3 check digits over readable cells that hold and say something (checkSaysSomething): a grid drifting a cell makes
 * 880977 of a birth date and may still hit its check digit, and an unused optional-data field's check holds on every
 * grid.
 */
function checksHeld(a: Attempt): number {
  const r = readableChecks(a);
  return r === null ? 0 : r.checks.filter((c) => r.parse.checks[c] && checkSaysSomething(r.parse, c)).length;
}

/** Whether a check that holds tells the grid is right: a date's only over a real date, the optional data's only over a used field. */
function checkSaysSomething(parse: Td3Parse, check: Td3CheckName): boolean {
  switch (check) {
    case 'date_of_birth':
      return parse.fields.dateOfBirth.value !== null;
    case 'expiry_date':
      return parse.fields.expiryDate.value !== null;
    case 'optional_data':
      return parse.fields.optionalData.value !== null;
    default:
      return true;
  }
}

/** A TD3 whose check digits hold, or another layout's lines proven by theirs (see otherLayoutProven). */
const proven = (a: Attempt): boolean =>
  a.format === 'TD3' ? a.parse?.valid === true : plausibleCode(a) && otherLayoutProven(a.format, a.lines);

/**
 * A TD3 with cells washed out (glare) whose check digits hold wherever glare left every cell they cover readable,
 * two of the document number's, birth's and expiry's among them: the grid is right and the zone a passport's,
 * though what glare hid must come from elsewhere (the printed page). A check over washed cells counts for nothing
 * (washed cells read as `<` satisfy an empty field's check).
 */
function provenButWashed(a: Attempt): boolean {
  const r = readableChecks(a);
  if (r === null || a.count !== 44 || !a.washed.some((line) => line.some(Boolean))) return false;
  // The document code is P unless glare took it (texture read upside down as WDWD… passed a number's check).
  if (a.washed[0]?.[0] !== true && a.lines[0]?.[0] !== 'P') return false;
  const proving = r.checks.filter((c) => c !== 'optional_data' && c !== 'composite' && checkSaysSomething(r.parse, c));
  return r.checks.every((c) => r.parse.checks[c]) && proving.length >= 2;
}

/**
 * Whether the reading starts with a document code its layout allows (P for passports, I/A/C for ID cards, V for
 * visas): three lines of noise beside a passport's MRZ must not pass for an ID card and get the page refused.
 */
function plausibleCode(a: Attempt): boolean {
  const code = a.lines[0]?.[0] ?? '';
  switch (a.format) {
    case 'TD3':
      return code === 'P';
    case 'TD1':
    case 'TD2':
      return code === 'I' || code === 'A' || code === 'C';
    case 'MRV-A':
    case 'MRV-B':
      return code === 'V';
  }
}

const scaled = (p: Point, k: number): Point => ({ x: p.x * k, y: p.y * k });

const nudges = [
  { dx: 0.12, dy: 0, scale: 1 },
  { dx: -0.12, dy: 0, scale: 1 },
  { dx: 0, dy: 0.3, scale: 1 },
  { dx: 0, dy: -0.3, scale: 1 },
  { dx: 0, dy: 0, scale: 1.005 },
  { dx: 0, dy: 0, scale: 0.995 },
  { dx: 0.2, dy: 0, scale: 0.997 },
  { dx: -0.2, dy: 0, scale: 1.003 },
];

export interface ReadMrzOptions {
  readonly now: Date;
  readonly signal?: AbortSignal;
  /**
   * Where another method saw the MRZ lines (ocrGuides.ts), in the input's pixels: read there instead of searching.
   * Line fits without blob centres lay the grid from their ends.
   */
  readonly guides?: readonly MrzLinesFound[];
}

export async function readMrz(image: RawImage, options: ReadMrzOptions): Promise<MrzReading | MrzFailure> {
  const grey = toGrey(image);
  checkAbort(options.signal);
  const longSide = Math.max(grey.width, grey.height);
  const factor = Math.max(1, Math.round(longSide / searchLongSide));
  const search = downscaleGrey(grey, factor);
  const quality = measureQuality(search);
  const searchLong = Math.max(search.width, search.height);

  let best: Attempt | null = null;
  let bestFound: MrzLinesFound | null = null;
  let anyFound = false;
  let capHeight = 0;
  // Thresholds from the default to coarser/finer neighbourhoods: each a cheaper retry than giving up.
  // The last pass also joins lines glare cut in two: only pages no threshold read pay for its extra candidates.
  const guided = options.guides?.map((g) => ({ ...g, lines: g.lines.map((l) => ({ ...l, start: scaled(l.start, 1 / factor), end: scaled(l.end, 1 / factor), height: l.height / factor })) }));
  const passes = guided === undefined ? ([[60, 0, false], [30, 4, false], [100, 0, false], [60, 0, true]] as const) : ([[60, 0, false]] as const);
  for (const [radiusDiv, offset, acrossGaps] of passes) {
    checkAbort(options.signal);
    if (acrossGaps && (best?.parse?.valid === true || (best !== null && provenButWashed(best)))) break;
    const candidates = guided ?? findMrzLines(search, { radius: Math.max(4, Math.round(searchLong / radiusDiv)), offset, acrossGaps });
    for (const found of candidates) {
      anyFound = true;
      capHeight = Math.max(capHeight, found.lines[0]!.height * factor);
      for (const count of candidateCounts(found)) {
        for (const flipped of [false, true]) {
          for (const grid of gridHomographies(found, flipped, count, factor)) {
            const attempt = readGrid(grey, grid.h, grid.centres, count, { dx: 0, dy: 0, scale: 1 }, options.now);
            if (better(best, attempt)) {
              best = attempt;
              bestFound = found;
            }
          }
        }
        if (best?.parse?.valid) break;
      }
      if (best?.parse?.valid) break;
    }
    if (best?.parse?.valid || (best && best.format !== 'TD3' && plausibleCode(best) && otherLayoutProven(best.format, best.lines))) break;
    if (best && !best.parse?.valid) {
      for (const nudge of nudges) {
        checkAbort(options.signal);
        const attempt = readGrid(grey, best.h, best.centres, best.count, nudge, options.now);
        if (better(best, attempt)) best = { ...attempt, h: best.h };
        if (best.parse?.valid) break;
      }
      if (best.parse?.valid) break;
    }
    // Still no valid TD3 after the nudges: each line of the best lines found through its own map (see
    // gridHomographies), both reading directions.
    if (best && bestFound && !best.parse?.valid && best.format === 'TD3') {
      const lines = bestFound;
      for (const flipped of [false, true]) {
        for (const grid of gridHomographies(lines, flipped, best.count, factor, true)) {
          const attempt = readGrid(grey, grid.h, grid.centres, best.count, { dx: 0, dy: 0, scale: 1 }, options.now, grid.lineMaps);
          if (better(best, attempt)) best = attempt;
        }
      }
      if (best.parse?.valid) break;
    }
  }

  if (best !== null) best = lineOneRealigned(grey, best, options.now);
  // The CNN reads the settled grid only: one pass of the network per page, not one per grid tried.
  if (best !== null && (cnnUse === 'third' || cnnUse === 'final')) best = classifyGrid(best, options.now, true);

  if (!best || !bestFound) {
    if (quality.meanLuminance < 40 || quality.contrast < 25) return { failure: 'too_dark', detail: `mean luminance ${quality.meanLuminance.toFixed(0)}, contrast ${quality.contrast}` };
    if (longSide < 400) return { failure: 'too_small', detail: `image ${grey.width}×${grey.height} px` };
    return { failure: 'no_mrz', detail: anyFound ? 'text lines found, none shaped like an MRZ' : 'no machine-readable zone found' };
  }
  const meanConfidence = best.confidence.flat().reduce((s, c) => s + c, 0) / best.confidence.flat().length;
  if (!best.parse?.valid && meanConfidence < 0.45) {
    if (capHeight < minCapHeightPx) return { failure: 'too_small', detail: `MRZ characters about ${capHeight.toFixed(0)} px tall` };
    if (quality.contrast < 40) return { failure: 'too_dark', detail: `contrast ${quality.contrast}` };
    if (best.sharpness < 0.06) return { failure: 'too_blurry', detail: `edge sharpness ${best.sharpness.toFixed(3)}` };
    return { failure: 'no_mrz', detail: 'the MRZ-like lines did not read as MRZ characters' };
  }

  // Orientation from the reading direction in the input.
  const a = applyHomography(best.h, td3Page.mrzLeftMm, best.centres[0]!);
  const b = applyHomography(best.h, td3Page.mrzLeftMm + best.count * td3Page.mrzPitchMm, best.centres[0]!);
  const angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  const quarter = ((Math.round(angle / 90) % 4) + 4) % 4;
  const rotation = ((4 - quarter) % 4) * 90 as 0 | 90 | 180 | 270;
  let skewDeg = angle - Math.round(angle / 90) * 90;
  skewDeg = Math.round(skewDeg * 100) / 100;

  const left = td3Page.mrzLeftMm;
  const right = left + best.count * td3Page.mrzPitchMm;
  const top = best.centres[0]! - 2.3;
  const bottom = best.centres[best.centres.length - 1]! + 2.3;
  const quad: [Point, Point, Point, Point] = [
    applyHomography(best.h, left, top),
    applyHomography(best.h, right, top),
    applyHomography(best.h, right, bottom),
    applyHomography(best.h, left, bottom),
  ];

  let page: MrzReading['page'] = null;
  if (best.format === 'TD3') {
    checkAbort(options.signal);
    const pxPerMmInput = Math.hypot(b.x - a.x, b.y - a.y) / (best.count * td3Page.mrzPitchMm);
    const pxPerMm = Math.min(12, Math.max(6, Math.round(pxPerMmInput)));
    page = { image: rectifyPage(grey, best.h, pxPerMm), pxPerMm };
  }

  const reading: MrzReading = {
    format: best.format,
    lines: best.lines,
    charConfidence: best.confidence.map((l) => l.map((c) => Math.round(c * 1000) / 1000)),
    second: best.second,
    washed: best.washed,
    parse: best.parse,
    rotation,
    skewDeg,
    quad,
    page,
    frame: { toImage: best.h, lineCentresMm: best.centres, count: best.count, ...(best.lineShifts === undefined ? {} : { lineShifts: best.lineShifts }) },
  };
  cellsRead.set(reading, best.cells);
  return reading;
}
