import { describe, expect, it } from 'vitest';
import type { Homography } from '../../../core/imaging/homography.ts';
import { pluginImaging } from '../../../core/imaging/pluginImaging.ts';
import { type Attempt, withLinesAligned } from '../../../plugins/passport/mrz/readMrz.ts';
import { td3Page } from '../../../plugins/passport/mrz/td3Geometry.ts';

const { mrzLeftMm: left, mrzPitchMm: pitch, mrzLine1CentreMm: c1, mrzLine2CentreMm: c2 } = td3Page;
/** A flat scan at 10 px/mm, page at the origin. */
const flat: Homography = [10, 0, 0, 0, 10, 0, 0, 0, 1];
const at = (h: Homography, x: number, y: number) => pluginImaging.applyHomography(h, x, y);

describe('withLinesAligned', () => {
  it('leaves a grid whose lines were read in its own column as it is', () => {
    const attempt = { h: flat, centres: [c1, c2], count: 44 } as unknown as Attempt;
    expect(withLinesAligned(attempt, pluginImaging).h).toBe(flat);
  });
  it('maps the page from where the lines were read when line 1 was read cells off the grid, so both start at one margin', () => {
    // The grid leans: its line 1 column sits two cells right of where line 1 was read.
    const leaning: Homography = [10, 10 * ((2 * pitch) / (c1 - c2)), -10 * ((2 * pitch) / (c1 - c2)) * c2, 0, 10, 0, 0, 0, 1];
    const attempt = { h: leaning, centres: [c1, c2], count: 44, lineShifts: [-2, 0] } as unknown as Attempt;
    const aligned = withLinesAligned(attempt, pluginImaging);
    expect(aligned.lineShifts).toBeUndefined();
    // Line 1's first cell lands where it was read; the page's corner where the flat scan has it.
    const first = at(aligned.h, left + 0.5 * pitch, c1);
    const read = at(leaning, left + (0.5 - 2) * pitch, c1);
    expect(first.x).toBeCloseTo(read.x, 6);
    expect(first.y).toBeCloseTo(read.y, 6);
    const corner = at(aligned.h, 0, 0);
    expect(corner.x).toBeCloseTo(0, 6);
    expect(corner.y).toBeCloseTo(0, 6);
  });
});
