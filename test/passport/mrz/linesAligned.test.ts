import { describe, expect, it } from 'vitest';
import type { Homography } from '../../../core/imaging/homography.ts';
import { pluginImaging } from '../../../core/imaging/pluginImaging.ts';
import { type Attempt, lineBow, withLinesAligned } from '../../../plugins/passport/mrz/readMrz.ts';
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

describe('lineBow', () => {
  const centre = c1;
  it('is nothing for the line\'s own map, or one offset from it by a constant part of a pitch (a nudge)', () => {
    expect(lineBow(flat, flat, centre, 44, pluginImaging.applyHomography)).toBeCloseTo(0, 9);
    const nudged: Homography = [10, 0, 10 * 0.2 * pitch, 0, 10, 0, 0, 0, 1];
    expect(lineBow(nudged, flat, centre, 44, pluginImaging.applyHomography)).toBeCloseTo(0, 9);
  });
  it('is nothing against a frame that puts the line\'s end cells a pitch or more away (another pairing of its cells)', () => {
    const shifted: Homography = [10, 0, 10 * 1.5 * pitch, 0, 10, 0, 0.0005, 0, 1];
    expect(lineBow(shifted, flat, centre, 44, pluginImaging.applyHomography)).toBe(0);
  });
  it('measures how far a map with the ends right but another perspective puts mid-line cells off the line\'s own', () => {
    // Seed 1067001 glare 053: a four-corner map read line 1's middle half a pitch off, HEINZ as `HEIN<`.
    const x0 = left + 0.5 * pitch;
    const x1 = left + 43.5 * pitch;
    // A projective map along x fixing both end cells: x' = 10 (x0 + (x - x0) (1 + k) / (1 + k u)), u = (x - x0) / (x1 - x0).
    const k = 0.05;
    const bowed = (x: number): number => {
      const u = (x - x0) / (x1 - x0);
      return 10 * (x0 + ((x - x0) * (1 + k)) / (1 + k * u));
    };
    // As a homography: x' = 10 (A x + x0 (1 - A)) / (d x + 1 - d x0), A = 1 + k + k x0 / L, d = k / L.
    const d = k / (x1 - x0);
    const a = 1 + k + k * x0 / (x1 - x0);
    const h: Homography = [10 * a, 0, 10 * x0 * (1 - a), 0, 10, 0, d, 0, 1 - d * x0];
    const mid = left + 22 * pitch;
    expect(at(h, mid, centre).x).toBeCloseTo(bowed(mid), 6);
    const expected = Math.max(...Array.from({ length: 44 }, (_, c) => Math.abs(bowed(left + (c + 0.5) * pitch) / 10 - (left + (c + 0.5) * pitch)) / pitch));
    expect(lineBow(h, flat, centre, 44, pluginImaging.applyHomography)).toBeCloseTo(expected, 3);
    expect(expected).toBeGreaterThan(0.25);
  });
});
