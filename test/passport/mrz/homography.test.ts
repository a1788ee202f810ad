import { describe, expect, it } from 'vitest';
import { applyHomography, similarityFromPoints } from '../../../plugins/passport/mrz/homography.ts';

describe('similarityFromPoints', () => {
  it('maps its two points exactly, keeps right angles and scales both axes alike', () => {
    // An MRZ line from 5.5 mm to 113 mm at 40.5 mm, photographed turned a little and at ~12 px/mm.
    const h = similarityFromPoints([{ x: 5.5, y: 40.5 }, { x: 113, y: 40.5 }], [{ x: 100, y: 700 }, { x: 1389, y: 745 }]);
    const a = applyHomography(h, 5.5, 40.5);
    const b = applyHomography(h, 113, 40.5);
    expect(a.x).toBeCloseTo(100, 6);
    expect(a.y).toBeCloseTo(700, 6);
    expect(b.x).toBeCloseTo(1389, 6);
    expect(b.y).toBeCloseTo(745, 6);
    // One millimetre down the page goes as far as one along the line, at right angles to it, downwards.
    const down = applyHomography(h, 5.5, 41.5);
    const along = applyHomography(h, 6.5, 40.5);
    const d = { x: down.x - a.x, y: down.y - a.y };
    const l = { x: along.x - a.x, y: along.y - a.y };
    expect(Math.hypot(d.x, d.y)).toBeCloseTo(Math.hypot(l.x, l.y), 6);
    expect(d.x * l.x + d.y * l.y).toBeCloseTo(0, 6);
    expect(d.y).toBeGreaterThan(0);
  });
});
