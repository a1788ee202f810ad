/**
 * Finds and reads a TD1 zone (three lines of 30) with core's MRZ pieces: the lines found on a search copy
 * (findMrzLines), the cell grid laid from their blobs (gridHomographies), every cell read by the OCR-B classifiers
 * (readCellGrid). Of the grids tried, the one whose check digits hold after repair wins; while none does, the next
 * binarisation pass and small nudges of the best grid are tried.
 */
import type { Geometry } from '../../core/extraction/geometry.ts';
import type { GreyImage } from '../../core/imaging/greyImage.ts';
import type { Homography } from '../../core/imaging/homography.ts';
import type { PluginContext } from '../../core/plugins/types.ts';
import { findMrzLines } from '../../core/mrz/findMrzLines.ts';
import { gridHomographies } from '../../core/mrz/gridHomographies.ts';
import { zonePlacement, type MrzFrame } from '../../core/mrz/mrzFrame.ts';
import { mrzSearchCopy, mrzSearchPasses } from '../../core/mrz/mrzSearch.ts';
import { gridNudges, readCellGrid, unnudged, type CellGridReading, type GridNudge } from '../../core/mrz/readCellGrid.ts';
import type { Td1Readings } from './decodeTd1.ts';
import { repairTd1, td1Verdicts } from './repairTd1.ts';
import { td1LineLength } from './td1Fields.ts';

/**
 * The card's frame in millimetres (ICAO 9303-5: 85.6 mm wide, the 30 cells centred): a coordinate system for the cell
 * grid only, since nothing else on the card is read; the line spacing is measured, this one stands where it is not.
 */
export const td1Frame: MrzFrame = { leftMm: (85.6 - td1LineLength * 2.54) / 2, pitchMm: 2.54, lastLineCentreMm: 48, nominalSpacingMm: 4.6 };

interface Candidate {
  readonly cells: CellGridReading;
  readonly h: Homography;
  readonly centres: readonly number[];
  /** Check digits that hold after the repairs, of four. */
  readonly holding: number;
}

function judge(cells: CellGridReading, h: Homography, centres: readonly number[]): Candidate {
  const { lines } = repairTd1(cells.lines, cells);
  const verdicts = td1Verdicts(lines);
  // An ID card's document code starts with I, A or C: texture read as three lines holds no check by chance AND that.
  const holding = /^[IAC]/.test(lines[0] ?? '') ? Object.values(verdicts).filter(Boolean).length : 0;
  return { cells, h, centres, holding };
}

const better = (a: Candidate | null, b: Candidate): boolean => a === null || b.holding > a.holding || (b.holding === a.holding && b.cells.score > a.cells.score);
const proven = (c: Candidate | null): boolean => c !== null && c.holding === 4;

function checkAbort(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason ?? new Error('aborted');
}

function read(grey: GreyImage, h: Homography, centres: readonly number[], nudge: GridNudge = unnudged): Candidate {
  return judge(readCellGrid(grey, h, centres, td1LineLength, td1Frame, nudge), h, centres);
}

/** Where each line lies on the image: its cells' band, top-left clockwise. */
function lineGeometry(best: Candidate, { applyHomography }: Pick<PluginContext['imaging'], 'applyHomography'>): Geometry {
  const left = td1Frame.leftMm;
  const right = left + td1LineLength * td1Frame.pitchMm;
  const corner = (x: number, y: number): [number, number] => {
    const p = applyHomography(best.h, x, y);
    return [Math.round(p.x), Math.round(p.y)];
  };
  return Object.fromEntries(
    best.centres.map((c, i) => [`mrz.line${i + 1}`, { page: 0, polygon: [corner(left, c - 1.6), corner(right, c - 1.6), corner(right, c + 1.6), corner(left, c + 1.6)] }]),
  );
}

/** The readings of the best TD1 zone on the grey image, or null when no three-line zone was found. */
export function readTd1Zone(grey: GreyImage, { signal, imaging }: Pick<PluginContext, 'signal' | 'imaging'>): (Td1Readings & { readonly rotation: 0 | 90 | 180 | 270 }) | null {
  const { search, factor } = mrzSearchCopy(grey);
  const searchLong = Math.max(search.width, search.height);
  let best: Candidate | null = null;
  for (const [radiusDiv, offset, acrossGaps, spread] of mrzSearchPasses) {
    checkAbort(signal);
    for (const found of findMrzLines(search, { radius: Math.max(4, Math.round(searchLong / radiusDiv)), offset, acrossGaps, spread })) {
      if (found.lines.length !== 3) continue;
      for (const flipped of [false, true]) {
        for (const grid of gridHomographies(found, flipped, td1LineLength, factor, td1Frame)) {
          if (grid.withinInk && proven(best)) continue;
          const candidate = read(grey, grid.h, grid.centres);
          if (better(best, candidate)) best = candidate;
        }
      }
      if (proven(best)) break;
    }
    if (best !== null && !proven(best)) {
      for (const nudge of gridNudges) {
        checkAbort(signal);
        const candidate = read(grey, best.h, best.centres, nudge);
        if (better(best, candidate)) best = { ...candidate, h: best.h };
        if (proven(best)) break;
      }
    }
    if (proven(best)) break;
  }
  if (best === null) return null;
  const { rotation } = zonePlacement(best.h, best.centres, td1LineLength, td1Frame);
  const { lines, second, confidence, secondConfidence, washed } = best.cells;
  return { lines, second, confidence, secondConfidence, washed, geometry: lineGeometry(best, imaging), rotation };
}
