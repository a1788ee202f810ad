import { describe, expect, it } from 'vitest';
import { applyHomography } from '../../../core/imaging/homography.ts';
import type { MrzLinesFound } from '../../../core/mrz/findMrzLines.ts';
import { gridHomographies } from '../../../core/mrz/gridHomographies.ts';
import type { MrzFrame } from '../../../core/mrz/mrzFrame.ts';
import { td3Page } from '../../../plugins/passport/mrz/td3Geometry.ts';

const frame: MrzFrame = {
  leftMm: td3Page.mrzLeftMm,
  pitchMm: td3Page.mrzPitchMm,
  lastLineCentreMm: td3Page.mrzLine2CentreMm,
  nominalSpacingMm: td3Page.mrzLine2CentreMm - td3Page.mrzLine1CentreMm,
};
const pitch = 22;
const x0 = 40;
/** A line's blob centres for the cells `cells` (0-based) at `y`, cells `pitch` px apart from x0. */
function line(cells: readonly number[], y: number) {
  const centres = cells.map((k) => ({ x: x0 + k * pitch, y, length: 0.6 * pitch }));
  return { start: { x: centres[0]!.x - 0.3 * pitch, y }, end: { x: centres.at(-1)!.x + 0.3 * pitch, y }, height: 30, blobs: centres.length, centres };
}
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('gridHomographies', () => {
  it('fits a line cut short by an overprint at the pitch of the whole line, blobs missing in it', () => {
    // Line 1 lost its first 10 cells (an overprint), and its fillers run thin: every third `<` left no blob.
    const cut = range(10, 43).filter((k) => k < 24 || k % 3 !== 0);
    const found: MrzLinesFound = { lines: [line(cut, 100), line(range(0, 43), 152)], direction: { x: 1, y: 0 } };
    const grids = gridHomographies(found, false, 44, 1, frame, true);
    expect(grids.length).toBeGreaterThan(0);
    // Some per-line grid puts line 1's cells where its blobs are: cell 43 on the last blob, cell 10 on the first.
    // The maps take the frame's millimetres to pixels; cell k's centre is (k + 0.5) pitches right of the frame's left.
    const cellX = (g: (typeof grids)[number], k: number): number =>
      applyHomography(g.lineMaps![0]!, frame.leftMm + (k + 0.5) * frame.pitchMm, g.centres[0]!).x;
    const fits = grids.filter((g) => g.lineMaps !== undefined).some((g) => [10, 43].every((k) => Math.abs(cellX(g, k) - (x0 + k * pitch)) < 0.3 * pitch));
    expect(fits).toBe(true);
  });
  it('places the lines within their ink where glyphs at both ends joined texture into blobs longer than a cell', () => {
    // Each line: its first five glyphs one blob with the texture before them, its last five likewise with the texture
    // after; the glyphs between, one blob each. The fit leaves the long blobs out; they still bound the line.
    const joined = (y: number) => {
      const single = range(5, 38).map((k) => ({ x: x0 + k * pitch, y, length: 0.6 * pitch }));
      const head = { x: x0 + 1.5 * pitch, y, length: 7 * pitch };
      const tail = { x: x0 + 41.5 * pitch, y, length: 7 * pitch };
      const centres = [head, ...single, tail];
      return { start: { x: x0 - 2 * pitch, y }, end: { x: x0 + 45 * pitch, y }, height: 30, blobs: centres.length, centres };
    };
    const found: MrzLinesFound = { lines: [joined(100), joined(152)], direction: { x: 1, y: 0 } };
    const grids = gridHomographies(found, false, 44, 1, frame);
    const cellX = (g: (typeof grids)[number], k: number, line: number): number =>
      applyHomography(g.h, frame.leftMm + (k + 0.5) * frame.pitchMm, g.centres[line]!).x;
    const fitting = grids.filter((g) => [0, 1].every((line) => [0, 43].every((k) => Math.abs(cellX(g, k, line) - (x0 + k * pitch)) < 0.3 * pitch)));
    expect(fitting.length).toBeGreaterThan(0);
    // Read only when the grids at the blobs' ends prove nothing, so those come first and are not so marked.
    expect(fitting.every((g) => g.withinInk === true)).toBe(true);
    expect(grids.findIndex((g) => g.withinInk === true)).toBeGreaterThan(0);
    expect(grids.slice(grids.findIndex((g) => g.withinInk === true)).every((g) => g.withinInk === true)).toBe(true);
  });
  it("pitches lines glare cut short at one cell by their blobs' spacing, not their span over the line's cells, where asked", () => {
    // Both lines end at cell 32 (glare over the fillers after it), so neither is shorter than the other; every fifth
    // blob's centroid sits a fifth of a pitch right of its cell's centre, as an L's or a narrow I's does.
    const jittered = (y: number) => {
      const centres = range(0, 32).map((k) => ({ x: x0 + (k + (k % 5 === 2 ? 0.2 : 0)) * pitch, y, length: 0.6 * pitch }));
      return { start: { x: x0 - 0.3 * pitch, y }, end: { x: x0 + 32.3 * pitch, y }, height: 30, blobs: centres.length, centres };
    };
    const found: MrzLinesFound = { lines: [jittered(100), jittered(152)], direction: { x: 1, y: 0 } };
    const grids = gridHomographies(found, false, 44, 1, frame, true, true);
    const cellX = (g: (typeof grids)[number], k: number): number =>
      applyHomography(g.lineMaps![0]!, frame.leftMm + (k + 0.5) * frame.pitchMm, g.centres[0]!).x;
    // The first per-line grid (the one read first) puts line 1's cells on their glyphs all along.
    const first = grids.find((g) => g.lineMaps !== undefined)!;
    for (const k of [0, 10, 20, 32]) expect(Math.abs(cellX(first, k) - (x0 + k * pitch))).toBeLessThan(0.3 * pitch);
  });
  it("lays both lines from one line's run where the other's glyphs joined a rule into a few long blobs", () => {
    // Line 1's first three glyphs joined the rule beside them (left out of the fit, and its ink runs from the page's
    // edge); line 2's glyphs joined theirs into blobs too long for cells, but for four singles, and its ink spans the
    // rule's length.
    const l1 = line(range(3, 43), 100);
    const l2singles = [0, 1, 2, 40].map((k) => ({ x: x0 + k * pitch, y: 152, length: 0.6 * pitch }));
    const l2long = [8, 20, 32].map((k) => ({ x: x0 + k * pitch, y: 152, length: 9 * pitch }));
    const l2 = { start: { x: 0, y: 152 }, end: { x: x0 + 50 * pitch, y: 152 }, height: 40, blobs: 7, centres: [...l2singles, ...l2long].sort((a, b) => a.x - b.x) };
    const found: MrzLinesFound = { lines: [{ ...l1, start: { x: 0, y: 100 } }, l2], direction: { x: 1, y: 0 } };
    const grids = gridHomographies(found, false, 44, 1, frame);
    const cell = (g: (typeof grids)[number], k: number, line: number) => applyHomography(g.h, frame.leftMm + (k + 0.5) * frame.pitchMm, g.centres[line]!);
    const onGlyphs = grids.filter((g) =>
      [0, 1].every((line) => [0, 21, 43].every((k) => {
        const p = cell(g, k, line);
        return Math.abs(p.x - (x0 + k * pitch)) < 0.3 * pitch && Math.abs(p.y - (line === 0 ? 100 : 152)) < 0.3 * pitch;
      })),
    );
    expect(onGlyphs.length).toBeGreaterThan(0);
  });
});
