import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../core/imaging/types.ts';
import { pageBounds, withoutSensorNoise } from '../../plugins/passport/pageImage.ts';

/** A grey image: `shade(x, y)` per pixel. */
function grey(width: number, height: number, shade: (x: number, y: number) => number): RawImage {
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = Math.max(0, Math.min(255, Math.round(shade(x, y))));
  return { data, width, height, channels: 1 };
}

/** Dark text-like bars on white: rows of strokes 3 px wide. */
const printed = (x: number, y: number): number => (y % 20 < 12 && x % 9 < 3 ? 30 : 235);

/** A small deterministic noise source (LCG), so the test is the same every run. */
function noise(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
}

describe('withoutSensorNoise', () => {
  it('returns a clean page as it is', async () => {
    const page = grey(300, 200, printed);
    expect(await withoutSensorNoise(page)).toBe(page);
  });
  it('smooths a page carrying sensor noise', async () => {
    const random = noise(7);
    const page = grey(300, 200, (x, y) => printed(x, y) + random() * 90);
    const cleaned = await withoutSensorNoise(page);
    expect(cleaned).not.toBe(page);
    expect(cleaned.width).toBe(300);
    expect(cleaned.data.length).toBe(300 * 200);
  });
});

describe('pageBounds', () => {
  it('finds a bright page photographed on a dark table', () => {
    const photo = grey(400, 300, (x, y) => (x >= 80 && x < 320 && y >= 60 && y < 240 ? 230 : 70));
    const box = pageBounds(photo);
    expect(box.left).toBeGreaterThanOrEqual(70);
    expect(box.left).toBeLessThanOrEqual(80);
    expect(box.top).toBeGreaterThanOrEqual(50);
    expect(box.left + box.width).toBeGreaterThanOrEqual(320);
    expect(box.left + box.width).toBeLessThanOrEqual(330);
    expect(box.top + box.height).toBeLessThanOrEqual(250);
  });
  it('keeps the whole image of a scan, where the page fills it', () => {
    expect(pageBounds(grey(400, 300, printed))).toEqual({ left: 0, top: 0, width: 400, height: 300 });
  });
});
