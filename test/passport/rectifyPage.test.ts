import { describe, expect, it } from 'vitest';
import { homographyFromPoints } from '../../core/imaging/homography.ts';
import { pluginImaging } from '../../core/imaging/pluginImaging.ts';
import { rectifyPage } from '../../plugins/passport/mrz/rectifyPage.ts';

// An input of 300 × 200 px whose grey level is its column (mod 250): the page's 125 × 88 mm lie on its first 250 × 176.
const input = { data: Float32Array.from({ length: 300 * 200 }, (_, i) => (i % 300) % 250), width: 300, height: 200 };
const mmToInput = homographyFromPoints(
  [{ x: 0, y: 0 }, { x: 125, y: 0 }, { x: 125, y: 88 }, { x: 0, y: 88 }],
  [{ x: 0, y: 0 }, { x: 250, y: 0 }, { x: 250, y: 176 }, { x: 0, y: 176 }],
)!;

describe('rectifyPage', () => {
  it('draws a region past the page\'s right edge with the page\'s own pixels where the two overlap', () => {
    const page = rectifyPage(input, mmToInput, 2, pluginImaging);
    expect([page.width, page.height]).toEqual([250, 176]);
    const region = { left: 200, top: 40, width: 80, height: 10 };
    const wider = rectifyPage(input, mmToInput, 2, pluginImaging, region);
    expect([wider.width, wider.height]).toEqual([80, 10]);
    for (let y = 0; y < region.height; y++) {
      for (let x = 0; x < 50; x++) expect(wider.data[y * 80 + x]).toBe(page.data[(region.top + y) * 250 + region.left + x]);
      // Past the page: the input as it goes on there (page column 260 is input column 260.5, grey 10.5), not white.
      expect(wider.data[y * 80 + 60]).toBe(11);
    }
  });
});
