/**
 * Where an MRZ reader looks for the lines: a downscaled grey copy (the cells are always read from the full image),
 * and the binarisation passes it tries in turn, each a cheaper retry than giving up. Any layout.
 */
import { downscaleGrey, type GreyImage } from '../imaging/greyImage.ts';

/** Working size of the search copy. */
const searchLongSide = 1000;

/**
 * The search copy and its downscale factor (full-image pixels per search pixel). `finer`: twice the working size, for
 * a page small in a large frame (a document photographed from afar), whose glyphs the usual copy shrinks to specks.
 */
export function mrzSearchCopy(grey: GreyImage, finer = false): { search: GreyImage; factor: number } {
  const factor = searchFactor(grey, finer);
  return { search: downscaleGrey(grey, factor), factor };
}

const searchFactor = (grey: GreyImage, finer: boolean): number =>
  Math.max(1, Math.round(Math.max(grey.width, grey.height) / (finer ? 2 * searchLongSide : searchLongSide)));

/** Whether a finer search copy than the usual one exists: the image is larger than the usual working size. */
export const finerSearchExists = (grey: GreyImage): boolean => searchFactor(grey, true) < searchFactor(grey, false);

/**
 * Binarisation passes (findMrzLines): the neighbourhood as a fraction of the long side, the offset, whether lines
 * glare cut in two are joined, and how far past the neighbourhood's spread ink must stand (binarise). From the
 * default to coarser/finer neighbourhoods; the glare pass, dearer in candidates, only for pages no threshold read.
 * The last asks ink to stand a whole spread below its neighbourhood: security lines printed across the zone, lighter
 * than its ink but joined to its glyphs at the default, drop out there, and the glyphs are blobs of their own again.
 */
export const mrzSearchPasses = [
  [60, 0, false, 0.3],
  [30, 4, false, 0.3],
  [100, 0, false, 0.3],
  [60, 0, true, 0.3],
  [60, 0, false, 1],
] as const;
