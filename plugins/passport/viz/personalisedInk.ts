/**
 * The data page's personalised print alone. A passport's data is printed in one pass with its MRZ (laser
 * engraving or inkjet, dark and neutral), over a pre-printed page whose labels, guilloches and tints are lighter:
 * print as dark as the MRZ's strokes is the holder's data. OCR reads that far better than the values in their
 * security background, but with no labels left; its dates are placed by the MRZ's own (issueDateChoice.ts).
 */
import type { RawImage } from '../../../core/imaging/types.ts';
import type { PluginImaging } from '../../../core/imaging/pluginImaging.ts';

/** The paper is the brightest grey within this distance: wider than any stroke, narrower than a field's tint. */
export const paperRadiusMm = 1.5;
/** How far from the MRZ's ink towards the paper a pixel may be and still be the same ink (a stroke's core). */
const inkReach = 0.25;
/** The MRZ's strokes are sampled within this distance of each line's centre (glyphs are about 2.4 mm tall). */
const mrzBandMm = 1;

/**
 * The page scaled at `pxPerMm` (td3Page millimetres) with everything lighter than the MRZ's ink turned white; null
 * where the MRZ shows too little ink to measure (glare over it, a washed-out photo).
 */
export function personalisedInkPage(
  page: RawImage,
  pxPerMm: number,
  mrzLineCentresMm: readonly number[],
  imaging: Pick<PluginImaging, 'backgroundFlattened' | 'darkerThan' | 'otsu'>,
): RawImage | null {
  const flat = imaging.backgroundFlattened(page, paperRadiusMm * pxPerMm);
  const x0 = Math.round(6 * pxPerMm);
  const x1 = Math.min(flat.width, Math.round(119 * pxPerMm));
  const bands = mrzLineCentresMm.map((centre) => ({
    y0: Math.max(0, Math.round((centre - mrzBandMm) * pxPerMm)),
    y1: Math.min(flat.height - 1, Math.round((centre + mrzBandMm) * pxPerMm)),
  }));
  const count = bands.reduce((n, { y0, y1 }) => n + Math.max(0, y1 - y0 + 1) * Math.max(0, x1 - x0), 0);
  if (count === 0) return null;
  const values = Buffer.alloc(count);
  let n = 0;
  for (const { y0, y1 } of bands) {
    for (let y = y0; y <= y1; y++) {
      values.set(flat.data.subarray(y * flat.width + x0, y * flat.width + x1), n);
      n += x1 - x0;
    }
  }
  const split = imaging.otsu(values);
  // The medians of the ink (at or below the split) and of the paper, from the grey levels' counts.
  const counts = new Uint32Array(256);
  for (const v of values) counts[v]!++;
  const median = (from: number, to: number): { count: number; level: number } => {
    let total = 0;
    for (let v = from; v <= to; v++) total += counts[v]!;
    let seen = 0;
    for (let v = from; v <= to; v++) {
      seen += counts[v]!;
      if (seen > Math.floor(total / 2)) return { count: total, level: v };
    }
    return { count: total, level: to };
  };
  const ink = median(0, split);
  const paper = median(split + 1, 255);
  // Strokes cover about a fifth of an MRZ line's band; far less, or ink hardly darker than the paper, is a zone that
  // glare or blur took.
  if (ink.count < count * 0.05 || paper.count === 0) return null;
  const level = ink.level;
  if (paper.level - level < 60) return null;
  return imaging.darkerThan(flat, level + inkReach * (255 - level));
}
