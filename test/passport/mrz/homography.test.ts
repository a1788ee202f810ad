import { describe, expect, it } from 'vitest';
import { applyHomography, composeHomography, type Homography } from '../../../core/imaging/homography.ts';

describe('composeHomography', () => {
  it('applies the second map first, then the first, as the per-line MRZ frames are built', () => {
    // Millimetres to cells (pitch 2.54 mm, first cell centre at 6.77 mm), then a projective frame, then x2 upscaling.
    const toCells: Homography = [1 / 2.54, 0, -6.77 / 2.54, 0, 1 / 2.54, -40.5 / 2.54, 0, 0, 1];
    const frame: Homography = [15, 0.3, 100, 0.6, 15, 700, 0.002, 0, 1];
    const toFull: Homography = [2, 0, 0.5, 0, 2, 0.5, 0, 0, 1];
    const h = composeHomography(toFull, composeHomography(frame, toCells));
    for (const [x, y] of [[6.77, 40.5], [60, 40.5], [113, 44]] as const) {
      const cells = applyHomography(toCells, x, y);
      const pixel = applyHomography(frame, cells.x, cells.y);
      const expected = applyHomography(toFull, pixel.x, pixel.y);
      const got = applyHomography(h, x, y);
      expect(got.x).toBeCloseTo(expected.x, 6);
      expect(got.y).toBeCloseTo(expected.y, 6);
    }
  });
});
