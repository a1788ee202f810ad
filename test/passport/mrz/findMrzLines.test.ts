import { describe, expect, it } from 'vitest';
import { findMrzLines } from '../../../core/mrz/findMrzLines.ts';
import type { GreyImage } from '../../../core/imaging/greyImage.ts';

/** A white page with dark bars for glyphs: `rows` of [centre y, first x, pitch, count, bar width]. */
function page(rows: readonly (readonly [number, number, number, number, number])[]): GreyImage {
  const width = 900;
  const height = 300;
  const data = new Float32Array(width * height).fill(235);
  const glyph = 16;
  for (const [cy, x0, pitch, count, bar] of rows) {
    for (let k = 0; k < count; k++) {
      const left = Math.round(x0 + k * pitch);
      for (let y = cy - glyph / 2; y < cy + glyph / 2; y++) for (let x = left; x < left + bar; x++) data[y * width + x] = 30;
    }
  }
  return { data, width, height };
}

describe('findMrzLines', () => {
  it('tries two dense lines first where a sparse row stands above them at their spacing', () => {
    // Two MRZ lines of 44 cells 17 px apart, 34 px between them; 34 px above the first, a table's edge or a band of
    // texture in dashes 30 px long, 50 px apart. Three lines at one spacing look like TD1, but the top one is not a line
    // of glyphs: every MRZ cell holds a glyph or a filler.
    const image = page([
      [80, 120, 50, 13, 30],
      [114, 50, 17, 44, 9],
      [148, 50, 17, 44, 9],
    ]);
    const found = findMrzLines(image, { radius: 15 });
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.lines.map((l) => Math.round(l.start.y / 10))).toEqual([11, 15]);
    // The three are still tried, after the pair: a TD1 card whose line glare washed stays a TD1 candidate.
    expect(found.some((f) => f.lines.length === 3)).toBe(true);
  });
  it('finds a TD1 card whose three lines are all dense as three lines, first', () => {
    const image = page([
      [80, 100, 22, 30, 12],
      [114, 100, 22, 30, 12],
      [148, 100, 22, 30, 12],
    ]);
    const found = findMrzLines(image, { radius: 15 });
    expect(found[0]!.lines).toHaveLength(3);
  });
});
