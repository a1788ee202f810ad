/**
 * The data page's personalised print alone. A passport's data is printed in one pass with its MRZ (laser
 * engraving or inkjet, dark and neutral), over a pre-printed page whose labels, guilloches and tints are lighter:
 * print as dark as the MRZ's strokes is the holder's data. OCR reads that far better than the values in their
 * security background, but with no labels left; its dates are placed by the MRZ's own (issueDateChoice.ts).
 */
import type { RawImage } from '../../../core/imaging/types.ts';
import type { PluginImaging } from '../../../core/imaging/pluginImaging.ts';

/** The paper is the brightest grey within this distance: wider than any stroke, narrower than a field's tint. */
const paperRadiusMm = 1.5;
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
  const values: number[] = [];
  const x0 = Math.round(6 * pxPerMm);
  const x1 = Math.min(flat.width, Math.round(119 * pxPerMm));
  for (const centre of mrzLineCentresMm) {
    const y0 = Math.max(0, Math.round((centre - mrzBandMm) * pxPerMm));
    const y1 = Math.min(flat.height - 1, Math.round((centre + mrzBandMm) * pxPerMm));
    for (let y = y0; y <= y1; y++) for (let x = x0; x < x1; x++) values.push(flat.data[y * flat.width + x]!);
  }
  if (values.length === 0) return null;
  const split = imaging.otsu(Buffer.from(values));
  const ink = values.filter((v) => v <= split).sort((a, b) => a - b);
  const paper = values.filter((v) => v > split).sort((a, b) => a - b);
  // Strokes cover about a fifth of an MRZ line's band; far less, or ink hardly darker than the paper, is a zone that
  // glare or blur took.
  if (ink.length < values.length * 0.05 || paper.length === 0) return null;
  const level = ink[Math.floor(ink.length / 2)]!;
  if (paper[Math.floor(paper.length / 2)]! - level < 60) return null;
  return imaging.darkerThan(flat, level + inkReach * (255 - level));
}
