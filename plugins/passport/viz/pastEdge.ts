/**
 * A line of the rectified page cropped for a re-read, on past the page's right edge where it runs there. A page whose
 * MRZ is pitched under ICAO's is rectified narrower than it is printed: its right-hand values (a long name, a date of
 * issue in the right column) lose their ends to the edge, and only the input still has them.
 */
import type { RawImage } from '../../../core/imaging/types.ts';
import type { BoundingBox } from '../../../core/ocr/types.ts';
import type { PluginContext } from '../../../core/plugins/types.ts';
import type { PageRegion } from '../mrz/rectifyPage.ts';

/** Draws a region of the rectified page from the input, past its edges too; null when the input is not at hand. */
export type PastEdge = (region: PageRegion) => RawImage | null;

/**
 * Whether words read in a pass `width` px wide reach its right edge: within two letters of it (1.5 of their height),
 * where the rest of a line may have been cut.
 */
export function reachesRightEdge(words: BoundingBox, width: number): boolean {
  return words.x1 >= width - 1.5 * (words.y1 - words.y0);
}

/** How far past the page's right edge a line that reaches it is read: three or four letters of a value. */
export const pastEdgeMm = 10;

/**
 * The crop of `page` from `left` to `wanted` (columns) over rows [top, bottom), scaled by `scale`. Where `wanted`
 * runs past the page and the caller gives `past` (the line's words reach the edge: reachesRightEdge), the crop goes
 * on `pastEdgeMm` further, drawn by `past`; `right` is where it ends, in the page's columns.
 */
export async function lineCrop(
  page: RawImage,
  box: { readonly left: number; readonly top: number; readonly wanted: number; readonly bottom: number },
  pxPerMm: number,
  scale: number,
  ctx: PluginContext,
  past: PastEdge | undefined,
): Promise<{ image: RawImage; right: number } | null> {
  const { left, top, wanted, bottom } = box;
  const right = Math.min(page.width, wanted);
  if (right - left < 4 || bottom - top < 4) return null;
  if (wanted > page.width && past !== undefined) {
    const farRight = wanted + Math.round(pastEdgeMm * pxPerMm);
    const wider = past({ left, top, width: farRight - left, height: bottom - top });
    if (wider !== null) return { image: await ctx.imaging.cropGrey(wider, { left: 0, top: 0, width: wider.width, height: wider.height }, scale), right: farRight };
  }
  return { image: await ctx.imaging.cropGrey(page, { left, top, width: right - left, height: bottom - top }, scale), right };
}
