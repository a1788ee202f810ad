import { describe, expect, it } from 'vitest';
import { pluginImaging } from '../../core/imaging/pluginImaging.ts';
import type { RawImage } from '../../core/imaging/types.ts';
import { personalisedInkPage } from '../../plugins/passport/viz/personalisedInk.ts';

const pxPerMm = 8;
const width = 125 * pxPerMm;
const height = 88 * pxPerMm;
const mrzCentresMm = [73.2, 79.55];

/**
 * A data page: a tinted background with a wavy guilloche, a label in the pre-print's grey, a value and the MRZ in
 * the personalisation's dark ink (glyphs as 2 px bars, 2.4 mm tall).
 */
function page(options: { ink: number; label: number; mrz: boolean }): RawImage {
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const tint = 215 - 25 * Math.sin(x / 90) * Math.cos(y / 70);
      const guilloche = Math.abs(y - (300 + 30 * Math.sin(x / 40))) < 1.5 ? 170 : 255;
      data[y * width + x] = Math.min(tint, guilloche);
    }
  }
  const bars = (x0: number, x1: number, centreMm: number, level: number): void => {
    const y0 = Math.round((centreMm - 1.2) * pxPerMm);
    const y1 = Math.round((centreMm + 1.2) * pxPerMm);
    for (let y = y0; y <= y1; y++) for (let x = x0; x < x1; x++) if (x % 10 < 2) data[y * width + x] = Math.min(data[y * width + x]!, level);
  };
  bars(400, 600, 40, options.label);
  bars(400, 600, 45, options.ink);
  if (options.mrz) for (const c of mrzCentresMm) bars(6 * pxPerMm, 119 * pxPerMm, c, options.ink);
  return { data, width, height, channels: 1 };
}

const at = (image: RawImage, x: number, mm: number): number => image.data[Math.round(mm * pxPerMm) * width + x]!;

describe('personalisedInkPage', () => {
  it('keeps the print as dark as the MRZ and drops the lighter labels, tint and guilloche', () => {
    const ink = personalisedInkPage(page({ ink: 35, label: 140, mrz: true }), pxPerMm, mrzCentresMm, pluginImaging);
    expect(ink).not.toBeNull();
    expect(at(ink!, 400, 45)).toBe(0);
    expect(at(ink!, 400, 40)).toBe(255);
    expect(at(ink!, 405, 45)).toBe(255);
    let dark = 0;
    for (let x = 0; x < width; x++) for (let y = 290; y < 340; y++) dark += ink!.data[y * width + x] === 0 ? 1 : 0;
    expect(dark).toBe(0);
  });
  it('measures the ink on the page it is given: a lighter personalisation keeps its own values', () => {
    const ink = personalisedInkPage(page({ ink: 90, label: 180, mrz: true }), pxPerMm, mrzCentresMm, pluginImaging);
    expect(at(ink!, 400, 45)).toBe(0);
    expect(at(ink!, 400, 40)).toBe(255);
  });
  it('gives nothing where the MRZ shows no ink to measure', () => {
    expect(personalisedInkPage(page({ ink: 35, label: 140, mrz: false }), pxPerMm, mrzCentresMm, pluginImaging)).toBeNull();
  });
  it('cuts a quarter of the way from the MRZ ink\'s median grey to white, the median the upper one of an even split', () => {
    // White paper; the MRZ's strokes in two greys, as many pixels of each: sorted, the ink's middle value is the
    // darker's last or the lighter's first, and the cut (50 + 205 / 4 = 101.25, or 86.25) decides a grey of 95.
    const data = Buffer.alloc(width * height, 255);
    for (const c of mrzCentresMm) {
      for (let y = Math.round((c - 1.2) * pxPerMm); y <= Math.round((c + 1.2) * pxPerMm); y++) {
        for (let x = 6 * pxPerMm; x < 119 * pxPerMm; x++) if (x % 10 < 2) data[y * width + x] = x % 10 === 0 ? 30 : 50;
      }
    }
    for (let y = 300; y < 320; y++) for (let x = 400; x < 402; x++) data[y * width + x] = 95;
    const ink = personalisedInkPage({ data, width, height, channels: 1 }, pxPerMm, mrzCentresMm, pluginImaging)!;
    expect(ink.data[310 * width + 400]).toBe(0);
    expect(ink.data[310 * width + 405]).toBe(255);
  });
});

describe('personalisedInkPage from the colours (toNeutralGrey)', () => {
  /** The same page in colour: a pink tint, the value and MRZ in black, and a red overprint's bar across the value. */
  function colourPage(): RawImage {
    const data = Buffer.alloc(width * height * 3);
    const set = (x: number, y: number, [r, g, b]: readonly number[]): void => {
      data.set([r!, g!, b!], (y * width + x) * 3);
    };
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) set(x, y, [245, 215, 225]);
    const bars = (x0: number, x1: number, centreMm: number): void => {
      for (let y = Math.round((centreMm - 1.2) * pxPerMm); y <= Math.round((centreMm + 1.2) * pxPerMm); y++) {
        for (let x = x0; x < x1; x++) if (x % 10 < 2) set(x, y, [30, 30, 35]);
      }
    };
    bars(400, 600, 45);
    for (const c of mrzCentresMm) bars(6 * pxPerMm, 119 * pxPerMm, c);
    // A SPECIMEN stroke in red, as dark as the black ink's cut in luma (0.299 * 190 + 0.587 * 25 + 0.114 * 45 = 76).
    for (let y = Math.round(43 * pxPerMm); y <= Math.round(47 * pxPerMm); y++) for (let x = 500; x < 510; x++) set(x, y, [190, 25, 45]);
    return { data, width, height, channels: 3 };
  }
  const asImage = (grey: { data: Float32Array; width: number; height: number }): RawImage => ({
    data: Buffer.from(Array.from(grey.data, (v) => Math.round(v))),
    width: grey.width,
    height: grey.height,
    channels: 1,
  });

  it('keeps a red overprint as ink in luma, and drops it from the lightest channel while the black value stays', () => {
    const colour = colourPage();
    const inLuma = personalisedInkPage(asImage(pluginImaging.toGrey(colour)), pxPerMm, mrzCentresMm, pluginImaging)!;
    const neutral = pluginImaging.toNeutralGrey(colour);
    expect(neutral).not.toBeNull();
    const inColour = personalisedInkPage(asImage(neutral!), pxPerMm, mrzCentresMm, pluginImaging)!;
    expect(at(inLuma, 505, 44)).toBe(0);
    expect(at(inColour, 505, 44)).toBe(255);
    expect(at(inColour, 400, 45)).toBe(0);
    expect(at(inColour, 405, 45)).toBe(255);
  });
  it('has no colours to use on a grey image', () => {
    expect(pluginImaging.toNeutralGrey(page({ ink: 35, label: 140, mrz: true }))).toBeNull();
  });
});
