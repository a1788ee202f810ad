/** Where the sharper pass starts when it is read for the date of issue alone (readPrintedPage.ts, belowNamesMm). */
import { describe, expect, it } from 'vitest';
import { belowNamesMm } from '../../plugins/passport/viz/readPrintedPage.ts';

// Boxes in a first pass 1000 px wide: 8 px per mm of the 125 mm page.
const box = (y0: number, y1: number) => ({ x0: 300, y0, x1: 500, y1 });

describe('belowNamesMm', () => {
  it('starts a millimetre below the lower of the names', () => {
    expect(belowNamesMm([box(180, 200), box(244, 264)], 1000, 76.2)).toBe(34);
    expect(belowNamesMm([box(180, 200), null], 1000, 76.2)).toBe(26);
  });
  it('reads the whole zone where no name was placed, or the names end past its middle', () => {
    expect(belowNamesMm([null, null], 1000, 76.2)).toBe(0);
    // The zone runs from 12 mm to 2.2 mm above the MRZ's first line: its middle at 43 mm here.
    expect(belowNamesMm([box(180, 200), box(330, 336)], 1000, 76.2)).toBe(43);
    expect(belowNamesMm([box(180, 200), box(330, 340)], 1000, 76.2)).toBe(0);
    // A page whose MRZ sits higher has its zone's middle higher too.
    expect(belowNamesMm([box(180, 200), box(314, 330)], 1000, 70)).toBe(0);
  });
});
