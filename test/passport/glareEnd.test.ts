import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../core/imaging/types.ts';
import { endsInGlare } from '../../plugins/passport/viz/glareEnd.ts';

/**
 * A page 400 × 100 px of paper at `paper`, with a line of "letters" (dark bars on every other 4 px) from x 20 to 200,
 * rows 40-60, and from x `glareFrom` on, washed to white.
 */
function pageWith(paper: number, glareFrom: number, fadeFrom = 400, ink = 30): RawImage {
  const width = 400;
  const height = 100;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inked = x >= 20 && x < 200 && y >= 40 && y < 60 && Math.floor(x / 4) % 2 === 0;
      // Past `fadeFrom` the ink lightens towards the paper, as glare fades a line's last letters.
      const inkLevel = x < fadeFrom ? ink : Math.min(paper, ink + (x - fadeFrom) * 4);
      const v = x >= glareFrom ? 255 : inked ? inkLevel : paper;
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
  it('says so on white paper where the words\' ink fades towards their end', () => {
    // Glare seed 1241904 item 5: the given names WANJIRU ABENA past a surname that fills the MRZ, ABENA faded on white
    // paper to `AL`, which was answered.
    expect(endsInGlare(pageWith(250, 400, 120), words, 400)).toBe(true);
    // Ink a little lighter at the end (a shadow's gradient) is one line's ink still.
    expect(endsInGlare(pageWith(250, 400, 175), words, 400)).toBe(false);
  });
  it('says so on white paper where the words\' ink is faded all along, far lighter than the MRZ\'s', () => {
    // Glare 1242018 item 9: ASTRID past an MRZ cut after it, faded whole (darkest ink 122 against the MRZ's 25) with
    // SIGRÚN MÄRTA washed out after it, was answered as the given names.
    const faded = pageWith(250, 400, 400, 125);
    expect(endsInGlare(faded, words, 400, 25)).toBe(true);
    // Not without the MRZ's ink to tell it by, nor where the MRZ is as light (glare over it too, or a light print).
    expect(endsInGlare(faded, words, 400)).toBe(false);
    expect(endsInGlare(faded, words, 400, 100)).toBe(false);
  });
  it('not where the strip would run off the page', () => {
    expect(endsInGlare(pageWith(225, 205), { ...words, x1: 380 }, 400)).toBe(false);
  });
});
