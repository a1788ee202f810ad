/**
 * Reads every cell of an MRZ through a homography from its frame (mm) to the full-resolution image: each line's ink
 * band sets the cell window, each cell is sampled at its place and a little to each side, and two OCR-B classifiers
 * read it (where they disagree, the cell is in doubt). Any layout: line count and length are the caller's.
 */
import type { GreyImage } from '../imaging/greyImage.ts';
import type { Homography } from '../imaging/homography.ts';
import { edgeSharpness } from './imageQuality.ts';
import type { MrzFrame } from './mrzFrame.ts';
import { classifyCellsProbabilities, mrzClassifierWeights, secondOpinionWeights, type CellReading, type MrzClassifierWeights } from './mrzClassifier.ts';
import { cnnCellsProbabilities, mrzCnnWeights } from './mrzCnn.ts';
import { cellFeature, lowAndHigh, measureLineBand, normaliseLineCells, sampleLineCells } from './sampleCells.ts';
import { settleZeroOrOh, settleZeroOrOhByNeighbours, type CellChoice } from './zeroOrOh.ts';

/** What one grid read: per line, the characters, their confidence and runner-up, and the cells glare washed out. */
export interface CellGridReading {
  readonly lines: string[];
  /** Per character, 0..1. */
  readonly confidence: number[][];
  /** Per character, the runner-up reading: where the two classifiers disagreed, the second opinion's. */
  readonly second: string[][];
  /** Per character, the runner-up's probability (the second opinion's own, where the two disagreed). */
  readonly secondConfidence: number[][];
  /** Cells glare (or a shadow) has washed out: see washedOut. */
  readonly washed: boolean[][];
  /** Mean log-probability of the cells read. */
  readonly score: number;
  readonly sharpness: number;
  /** The normalised cells read, per line, per shift (cellShifts), per column: what a later pass reads again. */
  readonly cells: readonly (readonly (readonly Float32Array[])[])[];
  /** Per line, each cell's ink contrast over the line's (see contrastRatios). */
  readonly ratios: readonly (readonly number[])[];
  /** Per line, per column: the two MLPs' readings, kept so the CNN's pass need not redo them. */
  readonly mlp: readonly (readonly MlpReadings[])[];
  /**
   * Per character, the reader's own probability where the one opinion against it is the renderer-only MLP's, outvoted
   * by the CNN reading the letter surely and the MLP reading it too; null elsewhere (see outvotedDissent).
   */
  readonly outvoted: readonly (readonly (number | null)[])[];
  /** Per character, the CNN's own probability where it and both MLPs read the character alike; null elsewhere. */
  readonly unanimous: readonly (readonly (number | null)[])[];
}

/** The MLP's reading of a cell and the renderer-only MLP's (secondOpinionWeights). */
export interface MlpReadings {
  readonly main: CellReading;
  readonly renderer: CellReading;
}

/** A small move of the grid (pitches along, millimetres across, and a scale of the pitch): a cheap retry. */
export interface GridNudge {
  readonly dx: number;
  readonly dy: number;
  readonly scale: number;
}

export const unnudged: GridNudge = { dx: 0, dy: 0, scale: 1 };

/** The retries a reader makes around its best grid when the check digits fail. */
export const gridNudges: readonly GridNudge[] = [
  { dx: 0.12, dy: 0, scale: 1 },
  { dx: -0.12, dy: 0, scale: 1 },
  { dx: 0, dy: 0.3, scale: 1 },
  { dx: 0, dy: -0.3, scale: 1 },
  { dx: 0, dy: 0, scale: 1.005 },
  { dx: 0, dy: 0, scale: 0.995 },
  { dx: 0.2, dy: 0, scale: 0.997 },
  { dx: -0.2, dy: 0, scale: 1.003 },
];

export function readCellGrid(
  image: GreyImage,
  h: Homography,
  centres: readonly number[],
  count: number,
  frame: MrzFrame,
  nudge: GridNudge,
  lineMaps?: readonly Homography[],
  lineShifts?: readonly number[],
): CellGridReading {
  let sharpness = 0;
  const ratios: number[][] = [];
  const cells: Float32Array[][][] = [];
  const spacing = centres.length > 1 ? Math.abs(centres[1]! - centres[0]!) : frame.nominalSpacingMm;
  for (const [lineIndex, centre] of centres.entries()) {
    const map = lineMaps?.[lineIndex] ?? h;
    const line = { leftMm: frame.leftMm, centreMm: centre, pitchMm: frame.pitchMm * nudge.scale, count };
    // The glyphs' own band sets the cell window's height and centre (see measureLineBand).
    const band = measureLineBand(image, map, line, Math.min(3.2, 0.48 * spacing));
    // Each cell is read at its fitted place and a little to each side; the surest reading of the three wins, so a
    // grid that drifts by a fraction of a pitch along the line does not cut glyphs in two.
    const raw = cellShifts.map((shift) =>
      sampleLineCells(image, map, {
        ...line,
        leftMm: frame.leftMm + (nudge.dx + shift + (lineShifts?.[lineIndex] ?? 0)) * frame.pitchMm,
        centreMm: (band?.centreMm ?? centre) + nudge.dy,
        ...(band === null ? {} : { capMm: band.capMm }),
      }),
    );
    ratios.push(contrastRatios(raw[0]!));
    const shifted = raw.map(normaliseLineCells);
    cells.push(shifted);
    sharpness += edgeSharpness(shifted[0]!, cellFeature.width) / centres.length;
  }
  return classifyCellGrid({ cells, ratios, sharpness }, 'off');
}

/** How the CNN reads a grid: not at all, as one more opinion beside the MLP, or as the reader (the MLPs opinions). */
export type CnnUse = 'off' | 'third' | 'final';

/**
 * How a reader's settled grid is read again (withCnnReading): `final` (the default) by the CNN, the MLPs as
 * opinions. DOCEX_MRZ_CNN=off|third is a measuring switch, so the figures in docs/passport.md can be measured again.
 */
export const mrzCnnUse: CnnUse = ((v) => (v === 'off' || v === 'third' ? v : 'final'))(process.env['DOCEX_MRZ_CNN']);

/**
 * The settled grid read again with the CNN (see withSecondOpinion): one pass of the network per page, not one per
 * grid tried. The MLPs' readings are reused.
 */
export function withCnnReading(grid: CellGridReading, use: CnnUse, checkedLines: readonly number[] = []): CellGridReading {
  return use === 'off' ? grid : classifyCellGrid(grid, use, checkedLines);
}

function classifyCellGrid(
  grid: Pick<CellGridReading, 'cells' | 'ratios' | 'sharpness'> & { readonly mlp?: CellGridReading['mlp'] },
  use: CnnUse,
  checkedLines: readonly number[] = [],
): CellGridReading {
  const { cells, ratios } = grid;
  const weights = mrzClassifierWeights();
  const lines: string[] = [];
  const confidence: number[][] = [];
  const second: string[][] = [];
  const secondConfidence: number[][] = [];
  let logSum = 0;
  const lineCells = cells.map((shifted) => shifted[0]!);
  const mlp =
    grid.mlp ??
    cells.map((shifted) => {
      const main = classifyLineShifted(shifted, weights);
      const renderer = classifyLineShifted(shifted, secondOpinionWeights());
      return main.map((reading, c) => ({ main: reading, renderer: renderer[c]! }));
    });
  const cnn = use === 'off' ? null : cnnShifted(cells);
  const choices: (CellChoice & { secondProbability: number })[][] = cells.map((shifted, l) =>
    shifted[0]!.map((_, c) => ({ ...withSecondOpinion(cnn === null ? null : cnn[l]![c]!, mlp[l]![c]!, use) })),
  );
  const washed: boolean[][] = [];
  settleZeroOrOh(lineCells, choices);
  settleZeroOrOhByNeighbours(choices);
  // After the O/0 settling, which takes its letter and digit heights from the cells read surely as they stood.
  if (cnn !== null && use === 'final') {
    for (const l of checkedLines) {
      choices[l]?.forEach((choice, c) => {
        const agreed = rendererOnlyDissent(cnn[l]![c]!, mlp[l]![c]!, choice.char);
        if (agreed !== null) choices[l]![c] = agreed;
      });
    }
  }
  for (const [lineIndex, line] of choices.entries()) washed.push(washedOut(ratios[lineIndex]!, line.map((c) => c.probability)));
  for (const line of choices) {
    lines.push(line.map((c) => c.char).join(''));
    confidence.push(line.map((c) => c.probability));
    second.push(line.map((c) => c.second));
    secondConfidence.push(line.map((c) => c.secondProbability));
    for (const c of line) logSum += Math.log(Math.max(c.probability, 1e-6));
  }
  const count = lineCells[0]?.length ?? 0;
  // After the O/0 settling: a cell it changed is no longer the letter the two read.
  const outvoted = choices.map((line, l) => line.map((choice, c) => (cnn === null ? null : outvotedDissent(cnn[l]![c]!, mlp[l]![c]!, choice.char))));
  const unanimous = choices.map((line, l) =>
    line.map((choice, c) => {
      const read = cnn?.[l]?.[c];
      const { main, renderer } = mlp[l]![c]!;
      return read !== undefined && read.char === choice.char && main.char === choice.char && renderer.char === choice.char ? read.probability : null;
    }),
  );
  return { lines, confidence, second, secondConfidence, washed, score: logSum / Math.max(1, count * cells.length), sharpness: grid.sharpness, cells, ratios, mlp, outvoted, unanimous };
}

/**
 * Each cell's ink contrast (paper minus ink level) over the line's median: under a third, glare has washed the glyph
 * out, and what the classifier makes of it is no reading. A `<` has less ink than a letter but the same contrast.
 */
function contrastRatios(cells: readonly Float32Array[]): number[] {
  // Over the cell's own pitch: the sampled window's margins take in the neighbours' ink.
  const { width, height, widthPitches } = cellFeature;
  const margin = Math.ceil(((widthPitches - 1) / widthPitches / 2) * width);
  const ownWidth = width - 2 * margin;
  const own = new Float32Array(height * ownWidth);
  const scratch = new Float32Array(own.length);
  const contrast = cells.map((c) => {
    for (let y = 0; y < height; y++) own.set(c.subarray(y * width + margin, y * width + width - margin), y * ownWidth);
    const { low, high } = lowAndHigh(own, Math.floor(own.length * 0.03), Math.floor(own.length * 0.9), scratch);
    return high - low;
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
 * (secondOpinionWeights) is the opinion; on the settled grid the CNN is one more opinion (`third`) or reads, both
 * MLPs then opinions (`final`).
 */
function withSecondOpinion(cnnReading: CellReading | null, mlp: MlpReadings, use: CnnUse): CellReading {
  const mlpReading = mlp.main;
  // O against 0 stays the MLP's: the reader settles it by ink height and check digits (settleZeroOrOh, repairs).
  const zeroOrOh = cnnReading !== null && /^[O0]$/.test(cnnReading.char) && /^[O0]$/.test(mlpReading.char);
  const cnnFirst = cnnReading !== null && !zeroOrOh && use === 'final';
  const main = cnnFirst ? cnnReading : mlpReading;
  const others = [cnnFirst ? mlpReading : zeroOrOh ? null : cnnReading, mlp.renderer];
  const other = others.find((o) => o !== null && o.char !== main.char);
  // The CNN is trained with smoothed labels (its surest is about 0.98): where the MLP reads the same, the cell is as
  // sure as the MLP says, so the confidence thresholds the mends use keep their meaning.
  if (!other) return cnnFirst && others[0]!.probability > main.probability ? { ...main, probability: others[0]!.probability } : main;
  return { ...main, probability: Math.min(main.probability, disputedConfidence), second: other.char, secondProbability: other.probability };
}

/**
 * The CNN's own probability for a cell where it reads a letter surely and one of the two MLPs reads the same letter,
 * the other alone reading otherwise; null elsewhere. The renderer-only MLP reads soft or foreign print worst (68% of
 * soft cells), and the MLP, alone against the other two, was never the one right on the specimens' copies: two
 * readers, the CNN sure, outvote either. The agreeing MLP's own probability is no bar: on soft copies it is unsure of
 * most letters the CNN reads right (the CNN trained on soft bands since). The caller decides which cells may take the
 * vote.
 */
export function outvotedDissent(cnnReading: CellReading, mlp: MlpReadings, chosen: string): number | null {
  if (!/^[A-Z]$/.test(chosen) || cnnReading.char !== chosen) return null;
  // Exactly one MLP with the CNN: both with it is no dissent, neither is no majority.
  if ((mlp.main.char === chosen) === (mlp.renderer.char === chosen)) return null;
  return cnnReading.probability >= sureCell ? cnnReading.probability : null;
}

/**
 * The reading of a cell on a line check digits cover where the renderer-only MLP alone reads otherwise than the CNN,
 * sure, and the MLP: as sure as the two say, as though all agreed (withSecondOpinion); null elsewhere. On soft copies
 * of generated pages never tuned on, that dissent was right on none of 3,304 line-2 cells (the CNN wrong on 3); left
 * in, it put a soft line 2's every cell in doubt, and the check-digit repairs, given too many candidates, tried none.
 * A 0 the CNN and the MLP read alike counts too (1,660 of them on those copies and the train part's, all right): the
 * O/0 settling has already run, and a cell it changed is no longer the character the two read. The dissent stays the
 * runner-up: the look-alike doubts (a G that a 6 would hold every check for) weigh the runner-up as before, and the
 * CNN's own, at its smoothed 0.98, is noise.
 */
export function rendererOnlyDissent(cnnReading: CellReading, mlp: MlpReadings, chosen: string): CellReading | null {
  if (cnnReading.char !== chosen || mlp.main.char !== chosen || mlp.renderer.char === chosen) return null;
  if (cnnReading.probability < sureCell) return null;
  return { ...cnnReading, probability: Math.max(cnnReading.probability, mlp.main.probability), second: mlp.renderer.char, secondProbability: mlp.renderer.probability };
}

/**
 * A cell read at least this surely, both classifiers agreeing, is what the page shows: the bar for outvoting the
 * lone MLP here, and for the readers' trust in a cell (readMrz).
 */
export const sureCell = 0.9;

/**
 * The CNN's surest reading of each cell (per line, per column) over its shifted cells, as classifyLineShifted; the
 * shifted cells only where the fitted one is read under 0.95 (one cell in twelve on the tuning sets' pages, with the
 * same accuracy as reading all three). Each of the two rounds is one batch.
 */
function cnnShifted(cells: readonly (readonly (readonly Float32Array[])[])[]): CellReading[][] {
  const w = mrzCnnWeights();
  const fitted = cnnCellsProbabilities(w, cells.flatMap((shifted) => shifted[0]!));
  const unsure: { line: number; column: number }[] = [];
  let k = 0;
  const firsts = cells.map((shifted, line) =>
    shifted[0]!.map((_, column) => {
      const p = fitted[k++]!;
      if (peak(p) < 0.95) unsure.push({ line, column });
      return p;
    }),
  );
  const again = cnnCellsProbabilities(w, unsure.flatMap(({ line, column }) => cells[line]!.slice(1).map((shiftedLine) => shiftedLine[column]!)));
  // Per line, per column: the fitted cell's reading, then the shifted cells' where they were read.
  const readings = firsts.map((line) => line.map((p) => [p]));
  let j = 0;
  for (const { line, column } of unsure) {
    const count = cells[line]!.length - 1;
    readings[line]![column]!.push(...again.slice(j, j + count));
    j += count;
  }
  return readings.map((line) => line.map((r) => surest(r, w.classes)));
}

/**
 * Per column of a line, the surest of its shifted readings (averaging them was measured worse: a cut glyph votes
 * too); `shifted` is per shift, per column.
 */
function classifyLineShifted(shifted: readonly (readonly Float32Array[])[], weights: MrzClassifierWeights): CellReading[] {
  const columns = shifted[0]!.length;
  const probabilities = classifyCellsProbabilities(weights, shifted.flat());
  return Array.from({ length: columns }, (_, c) =>
    surest(
      shifted.map((_, s) => probabilities[s * columns + c]!),
      weights.classes,
    ),
  );
}

/** A cell's highest class probability (a loop: spreading 37 numbers into Math.max, for every cell read, is not free). */
function peak(p: Float32Array): number {
  let m = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < p.length; k++) if (p[k]! > m) m = p[k]!;
  return m;
}

function surest(readings: readonly Float32Array[], classes: string): CellReading {
  let p = readings[0]!;
  let pMax = peak(p);
  for (let r = 1; r < readings.length; r++) {
    const q = readings[r]!;
    const qMax = peak(q);
    if (qMax > pMax) {
      p = q;
      pMax = qMax;
    }
  }
  let best = 0;
  for (let k = 1; k < p.length; k++) if (p[k]! > p[best]!) best = k;
  let second = best === 0 ? 1 : 0;
  for (let k = 0; k < p.length; k++) if (k !== best && p[k]! > p[second]!) second = k;
  return { char: classes[best]!, probability: p[best]!, second: classes[second]!, secondProbability: p[second]! };
}
