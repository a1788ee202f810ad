import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../core/imaging/types.ts';
import { endsInGlare } from '../../plugins/passport/viz/glareEnd.ts';

/**
 * A page 400 × 100 px of paper at `paper`, with a line of "letters" (dark bars on every other 4 px) from x 20 to 200,
 * rows 40-60, and from x `glareFrom` on, washed to white.
 */
function pageWith(paper: number, glareFrom: number): RawImage {
  const width = 400;
  const height = 100;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ink = x >= 20 && x < 200 && y >= 40 && y < 60 && Math.floor(x / 4) % 2 === 0;
      const v = x >= glareFrom ? 255 : ink ? 30 : paper;
      data.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return { data, width, height, channels: 3 };
}

const words = { x0: 20, y0: 40, x1: 200, y1: 60 };

describe('endsInGlare', () => {
  it('says a line ends at glare where the paper right after its words is washed white and among them is not', () => {
    // Glare seed 1237101 item 186: MARTINA read `MARTIN`, the A under the glare that starts past the N.
    expect(endsInGlare(pageWith(225, 205), words, 400)).toBe(true);
    // The same in a pass read at half the page's width: boxes scale with it.
    expect(endsInGlare(pageWith(225, 205), { x0: 10, y0: 20, x1: 100, y1: 30 }, 200)).toBe(true);
  });
  it('not where the paper goes on past the words, nor on white paper, where glare cannot be told from paper', () => {
    expect(endsInGlare(pageWith(225, 400), words, 400)).toBe(false);
    expect(endsInGlare(pageWith(225, 260), words, 400)).toBe(false);
    expect(endsInGlare(pageWith(250, 205), words, 400)).toBe(false);
  });
  it('not where the strip would run off the page', () => {
    expect(endsInGlare(pageWith(225, 205), { ...words, x1: 380 }, 400)).toBe(false);
  });
});
