import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../core/imaging/types.ts';
import { createCanvas } from '@napi-rs/canvas';
import { font, registerFixtureFonts } from '../../fixtures/fonts.ts';
import { barsReadAsL, glyphRuns, isFixedPitch, printedDigitsAtLetterPositions } from '../../plugins/pan/panGlyphs.ts';

/** A white strip with dark bars of the given widths, 4 px apart, and faint background strokes. */
function strip(widths: readonly number[]): RawImage {
  const height = 30;
  const width = widths.reduce((s, w) => s + w + 4, 8);
  const data = Buffer.alloc(width * height, 235);
  for (let x = 0; x < width; x += 9) for (let y = 0; y < height; y++) data[y * width + x] = 200; // guilloche-like
  let x = 4;
  for (const w of widths) {
    for (let dx = 0; dx < w; dx++) for (let y = 3; y < height - 3; y++) data[y * width + x + dx] = 20;
    x += w + 4;
  }
  return { data, width, height, channels: 1 };
}

describe('glyphRuns', () => {
  it('measures each glyph, left to right, ignoring faint background strokes', () => {
    const widths = [22, 23, 22, 30, 21, 20, 20, 20, 20, 29];
    const image = strip(widths);
    const runs = glyphRuns(image, { x0: 0, y0: 0, x1: image.width, y1: image.height });
    expect(runs?.map((r) => r.width)).toEqual(widths);
    expect(runs?.map((r) => r.x).slice(0, 3)).toEqual([4, 30, 57]);
  });

  it('finds nothing on blank paper', () => {
    const image = strip([]);
    expect(glyphRuns(image, { x0: 0, y0: 0, x1: image.width, y1: image.height })).toBeNull();
  });
});

/** A PAN drawn in a font, as a grey image, and its glyphs. */
function drawnRuns(text: string, family: Parameters<typeof font>[1], weight: 'normal' | 'bold') {
  registerFixtureFonts();
  const canvas = createCanvas(520, 60);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, 520, 60);
  g.fillStyle = '#111';
  g.font = font(36, family, weight);
  g.textBaseline = 'middle';
  g.fillText(text, 12, 30);
  const rgba = g.getImageData(0, 0, 520, 60).data;
  const data = Buffer.alloc(520 * 60);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  return glyphRuns({ data, width: 520, height: 60, channels: 1 }, { x0: 0, y0: 0, x1: 520, y1: 60 });
}

describe('isFixedPitch', () => {
  it.each([
    // OCR-B is set at a fixed pitch; the others are proportional.
    ['ABCPK2345O', 'ocrb', 'normal', true],
    ['AAAPL1234C', 'ocrb', 'bold', true],
    ['ZLWPM4082Q', 'ocrb', 'normal', true],
    ['ABCPK2345O', 'liberationSansBold', 'bold', false],
    ['AAAPL1234C', 'sans', 'normal', false],
    ['ZEGPM4082Q', 'sansCondensed', 'normal', false],
  ] as const)('%s in %s (%s): %s', (text, family, weight, fixed) => {
    const runs = drawnRuns(text, family, weight);
    expect(runs).toHaveLength(10);
    expect(isFixedPitch(runs ?? [])).toBe(fixed);
  });
});

describe('printedDigitsAtLetterPositions', () => {
  const digits = [22, 22, 22, 22, 22, 20, 20, 20, 20];
  it.each([
    ['0 as wide as a digit: printed 0', '0', 'O', 20, [10]],
    ['0 as wide as an O: misread O', '0', 'O', 29, []],
    ['4 as wide as a digit: printed 4', '4', 'A', 22, [10]],
    ['4 as wide as an A: misread A', '4', 'A', 28, []],
    ['1 as wide as a digit: printed 1', '1', 'I', 19, [10]],
    ['1 as thin as an I: misread I', '1', 'I', 7, []],
    // A serif S is about 1.1 digits wide: between the two, which proves no printed digit.
    ['5 a tenth wider than a digit: no proof', '5', 'S', 22.6, []],
    ['5 as wide as a digit: printed 5', '5', 'S', 20.6, [10]],
  ])('%s', (_, from, to, width, expected) => {
    const pan = `ABCPK2345${to}`;
    expect(printedDigitsAtLetterPositions(pan, [...digits, width], [{ position: 10, from, to }])).toEqual(expected);
  });

  it('gives no verdict without ten glyphs or without digits to compare with', () => {
    expect(printedDigitsAtLetterPositions('ABCPK2345O', digits, [{ position: 10, from: '0', to: 'O' }])).toEqual([]);
    expect(printedDigitsAtLetterPositions('ABCPK1111O', [...digits, 20], [{ position: 10, from: '0', to: 'O' }])).toEqual([]);
    expect(printedDigitsAtLetterPositions('ABCPK2345O', null, [{ position: 10, from: '0', to: 'O' }])).toEqual([]);
  });
});

describe('barsReadAsL', () => {
  // Digits 5, 3, 7, 1 at 20 px (the 1 left out of the reference), letters about as wide.
  const widths = (last: number): number[] => [26, 24, 22, 22, 22, 20, 20, 20, 19, last];
  it('reads an L whose glyph is a bare bar as the I it is', () => {
    expect(barsReadAsL('OZEPS5371L', widths(6))).toEqual([10]);
  });
  it('keeps an L as wide as a digit, and everything when the glyphs were not measured one by one', () => {
    expect(barsReadAsL('OZEPS5371L', widths(22))).toEqual([]);
    expect(barsReadAsL('OZEPS5371L', widths(6).slice(0, 9))).toEqual([]);
    expect(barsReadAsL('OZEPS5371L', null)).toEqual([]);
  });
});
