import { describe, expect, it } from 'vitest';
import { bilinearAt, type GreyImage } from '../../../core/imaging/greyImage.ts';
import { applyHomography, type Homography } from '../../../core/imaging/homography.ts';
import { crispZone, enlargeCubic, mappedCorners, unsharpMask } from '../../../core/mrz/crispZone.ts';

/** A smooth test pattern: slow waves, so interpolation of any order samples it alike. */
function waves(width: number, height: number): GreyImage {
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = 128 + 60 * Math.sin(x / 9) * Math.cos(y / 7);
  return { data, width, height };
}

/** A dark bar between columns `from` and `to`, its edges softened by a 3-tap average. */
function softBar(width: number, from: number, to: number): GreyImage {
  const hard = Array.from({ length: width }, (_, x) => (x >= from && x < to ? 40 : 220));
  const row = hard.map((_, x) => (hard[Math.max(0, x - 1)]! + hard[x]! + hard[Math.min(width - 1, x + 1)]!) / 3);
  const height = 5;
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) data.set(row, y * width);
  return { data, width, height };
}

describe('crispZone', () => {
  it('enlarges a flat image to the same flat image, and keeps pixel centres on pixel centres', () => {
    const flat: GreyImage = { data: new Float32Array(6 * 4).fill(100), width: 6, height: 4 };
    const big = enlargeCubic(flat, 2);
    expect([big.width, big.height]).toEqual([12, 8]);
    for (const v of big.data) expect(v).toBeCloseTo(100, 4);
    // A linear ramp stays the ramp: copy pixel X sits at input x = (X + 0.5) / 2 - 0.5.
    const ramp: GreyImage = { data: Float32Array.from({ length: 10 * 3 }, (_, i) => (i % 10) * 10), width: 10, height: 3 };
    const rampBig = enlargeCubic(ramp, 2);
    // Away from the clamped edges.
    for (let X = 4; X < 16; X++) expect(rampBig.data[20 + X]).toBeCloseTo(((X + 0.5) / 2 - 0.5) * 10, 3);
  });

  it('leaves flat paper alone and steepens a soft edge', () => {
    const flat: GreyImage = { data: new Float32Array(20 * 20).fill(180), width: 20, height: 20 };
    for (const v of unsharpMask(flat, 1.5, 2).data) expect(v).toBeCloseTo(180, 3);
    const bar = softBar(30, 12, 18);
    const sharper = unsharpMask(bar, 1.2, 1.5);
    const step = (image: GreyImage, x: number): number => Math.abs(image.data[2 * image.width + x]! - image.data[2 * image.width + x - 1]!);
    expect(step(sharper, 12)).toBeGreaterThan(step(bar, 12));
    expect(step(sharper, 18)).toBeGreaterThan(step(bar, 18));
    for (const v of sharper.data) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(255);
    }
  });

  it('maps a homography into the copy so it samples the same place', () => {
    const image = waves(200, 120);
    // Millimetres to pixels: 4 px/mm, a slight perspective.
    const h: Homography = [4, 0.1, 20, -0.05, 4, 30, 0.0002, 0.0001, 1];
    const corners = mappedCorners([h], 0, 0, 30, 15);
    const copy = crispZone(image, corners, 3, { scale: 2, sigma: 0.01, amount: 0 });
    expect(copy).not.toBeNull();
    if (copy === null) return;
    const hc = copy.into(h);
    for (const [u, v] of [[2, 2], [15, 7], [28, 13], [9.3, 4.1]] as const) {
      const p = applyHomography(h, u, v);
      const q = applyHomography(hc, u, v);
      expect(bilinearAt(copy.image.data, copy.image.width, copy.image.height, q.x, q.y)).toBeCloseTo(bilinearAt(image.data, image.width, image.height, p.x, p.y), 0);
    }
  });

  it('gives nothing for a zone outside the image', () => {
    const image = waves(50, 50);
    expect(crispZone(image, [{ x: 80, y: 80 }, { x: 90, y: 95 }], 2, { scale: 2, sigma: 1, amount: 1 })).toBeNull();
  });
});
