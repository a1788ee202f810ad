import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../core/imaging/types.ts';
import { pageBounds, sharpened, withoutSensorNoise } from '../../core/imaging/pageImage.ts';

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

describe('sharpened', () => {
  it('steepens a blurred edge between ink and paper, keeping the image\'s size and one channel', async () => {
    // A soft edge: ink to paper over ~6 px, as a blurred stroke's side.
    const soft = grey(40, 10, (x) => 30 + 205 / (1 + Math.exp(-(x - 20) / 1.5)));
    const out = await sharpened(soft, 1.5);
    expect([out.width, out.height, out.channels, out.data.length]).toEqual([40, 10, 1, 400]);
    const steepest = (image: RawImage): number => {
      let most = 0;
      for (let x = 1; x < image.width; x++) most = Math.max(most, image.data[5 * image.width + x]! - image.data[5 * image.width + x - 1]!);
      return most;
    };
    expect(steepest(out)).toBeGreaterThan(steepest(soft) * 1.1);
    // Flat paper stays flat.
    expect(out.data[5 * 40 + 2]).toBe(soft.data[5 * 40 + 2]);
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
