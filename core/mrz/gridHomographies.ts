/**
 * The homographies from an MRZ frame (mm) to image pixels that a found zone's lines allow: from the cell grids fitted
 * to the first and last line's blobs (several, when the blobs do not say which cell comes first), per line, or from
 * the ink ends. Any layout: the line length (cells per line) and the frame are the caller's.
 */
import { composeHomography, homographyFromPoints, type Homography, type Point } from '../imaging/homography.ts';
import type { MrzLinesFound } from './findMrzLines.ts';
import { fitCellGrid } from './fitCellGrid.ts';
import { lineCentresMm, sideBearing, type MrzFrame } from './mrzFrame.ts';

/**
 * Pitches the lines' first cells may lie apart along the reading direction: perspective shears two lines 4 mm apart
 * by about one at the most.
 */
export const maxColumnShift = 3;

/** A line this much shorter than the other lost cells to glare or an overprint: a tenth, four or five cells. */
const cutShortRatio = 0.9;

export interface Grid {
  readonly h: Homography;
  readonly centres: number[];
  /** When set, line i is sampled through lineMaps[i] instead of h (the per-line grids of gridHomographies). */
  readonly lineMaps?: readonly Homography[];
  /** Neither line placed at its fitted blobs' ends, but further within its ink: worth reading when those prove nothing. */
  readonly withinInk?: true;
}

/**
 * The pitch a line's blobs are spaced at: the median gap between consecutive blob centres along it (an MRZ cell holds
 * a glyph or a filler, nearly every one a blob), of gaps between half and twice `guess`. Null with too few blobs.
 */
function gapPitch(line: MrzLinesFound['lines'][number], direction: Point, guess: number): number | null {
  const along = line.centres.map((c) => c.x * direction.x + c.y * direction.y).sort((a, b) => a - b);
  const gaps = along.slice(1).map((t, i) => t - along[i]!).filter((g) => g >= 0.5 * guess && g <= 2 * guess).sort((a, b) => a - b);
  return gaps.length < 8 ? null : gaps[Math.floor(gaps.length / 2)]!;
}

/**
 * Homographies from the MRZ frame (mm) to full-image pixels, from the fitted cell centres of the first and last
 * line (several when the blobs do not say which cell comes first); falls back to the lines' ink ends.
 */
export function gridHomographies(
  found: MrzLinesFound,
  flipped: boolean,
  count: number,
  scale: number,
  frame: MrzFrame,
  perLine = false,
  /** Per line, pitch a line cut short by its blobs' spacing (see guessOf): for re-reading a proven zone's lines. */
  pitchFromGaps = false,
): Grid[] {
  const lines = flipped ? [...found.lines].reverse().map((l) => ({ ...l, start: l.end, end: l.start })) : [...found.lines];
  const direction = flipped ? { x: -found.direction.x, y: -found.direction.y } : found.direction;
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  const p = frame.pitchMm;
  const full = (q: Point): Point => ({ x: (q.x + 0.5) * scale - 0.5, y: (q.y + 0.5) * scale - 0.5 });
  const span = (l: typeof first): number => Math.hypot(l.end.x - l.start.x, l.end.y - l.start.y);
  const guessOf = (l: typeof first): number => {
    const spanned = span(l) / (count - 2 * sideBearing);
    // A line glare cut short spans fewer cells than `count`: its blobs' spacing, nearly one a cell, tells the pitch
    // (fitCellGrid counts each gap in cells by the guess, and needs it within a tenth). Only where asked: the grids
    // the search reads and rectifies the page by keep the span's guess, which their tried alternatives make up for.
    const gaps = perLine && pitchFromGaps ? gapPitch(l, direction, spanned) : null;
    return gaps !== null && Math.abs(gaps - spanned) > 0.15 * gaps ? gaps : spanned;
  };
  // Both lines print at one pitch. A line glare or an overprint cut well short guesses a pitch too small by the part
  // it lost, and its blobs' gaps are counted in the wrong number of cells (a 34-cell remnant fitted as 36): the
  // per-line grids, tried when no other grid read, fit it at the longer line's pitch. The four-corner grids keep each
  // line's own guess: on a glare page of the own test split the shared pitch put line 2 a cell off.
  const longer = span(first) >= span(last) ? first : last;
  const shorter = longer === first ? last : first;
  const gLonger = fitCellGrid(longer, direction, guessOf(longer));
  const cutShort = perLine && span(shorter) < cutShortRatio * span(longer);
  const gShorter = fitCellGrid(shorter, direction, cutShort ? (gLonger?.pitch ?? guessOf(longer)) : guessOf(shorter));
  const gFirst = longer === first ? gLonger : gShorter;
  const gLast = longer === first ? gShorter : gLonger;
  const fitted = [gFirst, gLast].filter((g) => g !== null).map((g) => g.pitch);
  const centres = lineCentresMm(found, count, frame, fitted.length > 0 ? fitted.reduce((a, b) => a + b, 0) / fitted.length : null);
  const yFirst = centres[0]!;
  const yLast = centres[centres.length - 1]!;
  // Centres of the first and last cell of the first and last line, in the MRZ frame (mm): TL, TR, BR, BL.
  const endCells: Point[] = [
    { x: frame.leftMm + 0.5 * p, y: yFirst },
    { x: frame.leftMm + (count - 0.5) * p, y: yFirst },
    { x: frame.leftMm + (count - 0.5) * p, y: yLast },
    { x: frame.leftMm + 0.5 * p, y: yLast },
  ];
  const out: Grid[] = [];
  const toFull: Homography = [scale, 0, 0.5 * scale - 0.5, 0, scale, 0.5 * scale - 0.5, 0, 0, 1];
  if (gFirst && gLast) {
    // The lines of an MRZ start in one column: a pairing that puts their first cells pitches apart along the line took
    // the first blob glare left on one line for its first cell (no check digit covers line 1 to tell).
    const along = (q: Point): number => q.x * direction.x + q.y * direction.y;
    const pitch = (gFirst.pitch + gLast.pitch) / 2;
    // ICAO prints every line from the same column: a line whose blob chain took texture at one end for a glyph, or
    // lost its first glyphs to it, is also read from the column the other line starts in.
    const alignedTo = (g: NonNullable<typeof gFirst>, start: number): number => Math.round((along(g.cellCentre(0)) - start) / pitch);
    // Every line starts with a solid glyph (P, a document number) and the second ends with one (the composite check
    // digit): too few blobs means the end was lost (thin `<`), or the start (glare); too many means a stray blob
    // joined at one end.
    const offsets = (cells: number): number[] => (cells === count ? [0] : [0, count - cells]);
    const atEnds = new Map<string, [number, number]>();
    for (const oF of offsets(gFirst.cells)) {
      for (const oL of offsets(gLast.cells)) {
        atEnds.set(`${oF},${oL}`, [oF, oL]);
        const aF = alignedTo(gFirst, along(gLast.cellCentre(-oL)));
        const aL = alignedTo(gLast, along(gFirst.cellCentre(-oF)));
        if (Math.abs(aF) <= maxColumnShift) atEnds.set(`${aF},${oL}`, [aF, oL]);
        if (Math.abs(aL) <= maxColumnShift) atEnds.set(`${oF},${aL}`, [oF, aL]);
      }
    }
    // The fit may also have left glyphs out at both ends, where they joined texture or each other into blobs longer
    // than a cell (the ink still bounds the line): every placement of both lines' cells, in one column, within their
    // ink is tried too, after those at the fitted blobs' ends, and marked so that the caller reads them only when
    // those prove nothing.
    const placedInInk = (g: NonNullable<typeof gFirst>, line: typeof first, o: number): boolean =>
      o > 0 && o < count - g.cells &&
      along(g.cellCentre(-o)) >= along(line.start) - pitch / 4 && along(g.cellCentre(count - 1 - o)) <= along(line.end) + pitch / 4;
    const inInk = new Map<string, [number, number]>();
    for (let oF = 1; oF < count - gFirst.cells; oF++) {
      const oL = alignedTo(gLast, along(gFirst.cellCentre(-oF)));
      if (placedInInk(gFirst, first, oF) && placedInInk(gLast, last, oL)) inInk.set(`${oF},${oL}`, [oF, oL]);
    }
    for (let oL = 1; oL < count - gLast.cells; oL++) {
      const oF = alignedTo(gFirst, along(gLast.cellCentre(-oL)));
      if (placedInInk(gFirst, first, oF) && placedInInk(gLast, last, oL)) inInk.set(`${oF},${oL}`, [oF, oL]);
    }
    const ordered = [...[...atEnds.values()].map((pair) => ({ pair, withinInk: false })), ...[...inInk].filter(([key]) => !atEnds.has(key)).map(([, pair]) => ({ pair, withinInk: true }))];
    for (const { pair: [oF, oL], withinInk } of ordered) {
      if (Math.abs(along(gFirst.cellCentre(-oF)) - along(gLast.cellCentre(-oL))) > maxColumnShift * pitch) continue;
      const h = homographyFromPoints(
        endCells,
        [full(gFirst.cellCentre(-oF)), full(gFirst.cellCentre(count - 1 - oF)), full(gLast.cellCentre(count - 1 - oL)), full(gLast.cellCentre(-oL))],
      );
      if (h === null) continue;
      if (!perLine) {
        out.push({ h, centres, ...(withinInk ? { withinInk } : {}) });
        continue;
      }
      // Each line through its own projective frame (fitCellGrid's): a line whose end cell was indexed one off no
      // longer tilts the other line's grid (a four-corner homography from such corners bows mid-line by half a
      // pitch), and the pitch changes along the line as perspective has it (the four-corner map takes that change
      // from two lines a few millimetres apart: mid-line cells fell half a pitch off on a page shot at an angle).
      const maps = [gFirst, gLast].map((g, i) => {
        const toCells: Homography = [1 / p, 0, -frame.leftMm / p - 0.5 - (i === 0 ? oF : oL), 0, 1 / p, -(i === 0 ? yFirst : yLast) / p, 0, 0, 1];
        return composeHomography(toFull, composeHomography(g.frame, toCells));
      });
      if (centres.length === 2) out.push({ h, centres, lineMaps: maps, ...(withinInk ? { withinInk } : {}) });
    }
  }
  // Lines of unequal length (glare washed the start or end of one): the corners from the longer line's end cells and
  // the points across from them at the shorter line's distance, measured at its middle. Its own ends are fitted to
  // fragments glare left at its edge, which tilt the line (centroids of glyphs washed from the top sit low): two
  // lines a few pixels from parallel make a four-corner map a steep perspective, its cells drifting a pitch mid-line.
  // The long line may itself have lost cells at one end (glyphs joined to a rule printed beside them): its fitted run
  // is placed at either end of the zone. A line no grid fits (its glyphs joined into a few blobs with such a rule) is
  // measured at its ink's middle.
  const long = gFirst && gLast ? (gFirst.cells !== gLast.cells ? (gFirst.cells > gLast.cells ? gFirst : gLast) : null) : (gFirst ?? gLast);
  if (!perLine && long && long.cells <= count) {
    const firstLonger = long === gFirst;
    const short = firstLonger ? gLast : gFirst;
    const shortLine = firstLonger ? last : first;
    const n = { x: -direction.y, y: direction.x };
    const mid = short ? short.cellCentre((short.cells - 1) / 2) : { x: (shortLine.start.x + shortLine.end.x) / 2, y: (shortLine.start.y + shortLine.end.y) / 2 };
    for (const o of long.cells === count ? [0] : [0, count - long.cells]) {
      const longStart = long.cellCentre(-o);
      const longEnd = long.cellCentre(count - 1 - o);
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
  }
  if (perLine) return out;
  // From the ink's ends also where one line's grid stands in for both (above): that grid may be the one laid wrong.
  if (out.length === 0 || !gFirst || !gLast) {
    const x0 = frame.leftMm + sideBearing * p;
    const x1 = frame.leftMm + (count - sideBearing) * p;
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
export function candidateLineLengths(found: MrzLinesFound): number[] {
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
