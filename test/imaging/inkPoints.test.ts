/** The one integral image, ink finder and projection profile (core/imaging/inkPoints.ts) the readers share. */
import { describe, expect, it } from 'vitest';
import { inkPoints, integralImage, profileSharpness } from '../../core/imaging/inkPoints.ts';

/** A white image with dark horizontal strokes every 10 rows (3 px thick), turned by `degrees` about its centre. */
function lines(width: number, height: number, degrees = 0): { data: Uint8Array; width: number; height: number } {
  const data = new Uint8Array(width * height).fill(240);
  const t = (degrees * Math.PI) / 180;
  for (let y = 0; y < height; y++) {
    for (let x = 10; x < width - 10; x++) {
      const v = -(x - width / 2) * Math.sin(t) + (y - height / 2) * Math.cos(t);
      if (((Math.round(v) % 10) + 10) % 10 < 3) data[y * width + x] = 20;
    }
  }
  return { data, width, height };
}

describe('integralImage', () => {
  it('sums any box, and the squares when asked', () => {
    const image = { data: Float32Array.from({ length: 12 }, (_, i) => i), width: 4, height: 3 };
    // Rows 1-2, columns 1-2: 5 + 6 + 9 + 10.
    expect(integralImage(image).sum(1, 1, 3, 3)).toBe(30);
    expect(integralImage(image, true).sum(1, 1, 3, 3)).toBe(25 + 36 + 81 + 100);
    expect(integralImage(image).sum(0, 0, 4, 3)).toBe(66);
  });
});

describe('inkPoints', () => {
  it('finds the strokes, not the paper, and skips the edges only when told', () => {
    const image = lines(80, 60);
    const clamped = inkPoints(image, { radius: 4, margin: 18, edges: 'clamped' });
    const excluded = inkPoints(image, { radius: 4, margin: 18, edges: 'excluded' });
    expect(clamped.xs.length).toBeGreaterThan(500);
    expect([...clamped.xs].every((x, i) => image.data[clamped.ys[i]! * 80 + x] === 20)).toBe(true);
    expect(excluded.xs.length).toBeLessThan(clamped.xs.length);
    expect(Math.min(...excluded.ys)).toBeGreaterThanOrEqual(4);
  });
});

describe('profileSharpness', () => {
  it('is sharpest across the angle the lines run at', () => {
    const points = inkPoints(lines(200, 160, 8), { radius: 7, margin: 18, edges: 'clamped' });
    const best = [-12, -8, -4, 0, 4, 8, 12].reduce((a, d) => (profileSharpness(points, d, 360) > profileSharpness(points, a, 360) ? d : a), 0);
    expect(best).toBe(8);
  });
});
