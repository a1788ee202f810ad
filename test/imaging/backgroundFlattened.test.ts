import { describe, expect, it } from 'vitest';
import { backgroundFlattened, darkerThan } from '../../core/imaging/backgroundFlattened.ts';
import type { RawImage } from '../../core/imaging/types.ts';

function grey(width: number, height: number, shade: (x: number, y: number) => number): RawImage {
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = Math.max(0, Math.min(255, Math.round(shade(x, y))));
  return { data, width, height, channels: 1 };
}

/** A page darkening from 240 to 140 left to right (uneven light, a tint), with a 2 px dark stroke every 20 px. */
const shaded = (x: number, _y: number): number => {
  const paper = 240 - x / 2;
  return x % 20 < 2 ? paper * 0.2 : paper;
};

describe('backgroundFlattened', () => {
  it('turns the paper white wherever it lies, however dark its tint', () => {
    const flat = backgroundFlattened(grey(200, 40, shaded), 5);
    // The window's brightest paper is a few pixels to the left on the gradient: within a grey level or two.
    for (const x of [5, 55, 105, 155, 195]) expect(flat.data[20 * 200 + x]).toBeGreaterThanOrEqual(248);
  });
  it('keeps a stroke as dark against its own paper on light and on tinted ground', () => {
    const flat = backgroundFlattened(grey(200, 40, shaded), 5);
    for (const x of [20, 100, 180]) expect(flat.data[20 * 200 + x]).toBeLessThanOrEqual(Math.round(255 * 0.2) + 1);
  });
  it('matches a direct maximum over the square window, windows within and past the image', () => {
    for (const [width, height, r] of [[37, 23, 3], [9, 30, 12], [40, 6, 50]] as const) {
      let s = 11 + r;
      const image = grey(width, height, () => {
        s = (s * 1103515245 + 12345) & 0x7fffffff;
        return s % 256;
      });
      const flat = backgroundFlattened(image, r);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          let paper = 0;
          for (let v = Math.max(0, y - r); v <= Math.min(height - 1, y + r); v++) {
            for (let u = Math.max(0, x - r); u <= Math.min(width - 1, x + r); u++) paper = Math.max(paper, image.data[v * width + u]!);
          }
          expect(flat.data[y * width + x]).toBe(paper === 0 ? 255 : Math.min(255, Math.round((255 * image.data[y * width + x]!) / paper)));
        }
      }
    }
  });
});

describe('darkerThan', () => {
  it('keeps what is darker than the level, black on white', () => {
    const out = darkerThan(grey(4, 1, (x) => [10, 99, 100, 200][x]!), 100);
    expect([...out.data]).toEqual([0, 0, 255, 255]);
  });
});
