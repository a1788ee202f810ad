/**
 * The rows of a name-line crop that hold the name. The crop is cut from a box the sparse pass gave, which at
 * times spans the label printed above or below the name as well; a single-line OCR of two rows of print reads
 * neither (`Sve` for `SÁNCHEZ` over `Surname / Apellidos`). The name is the crop's tallest print: its letters set
 * the band, with room above for accents and below for cedillas. Pure.
 */
import type { RawImage } from '../../../core/imaging/types.ts';
import type { PluginContext } from '../../../core/plugins/types.ts';

/** The blob measures this needs from ctx.imaging. */
export type BlobMeasures = Pick<PluginContext['imaging'], 'otsu' | 'connectedComponents' | 'letterHeightOf'>;

/** The crop's rows from `top` to `bottom` (exclusive), full width. */
export interface RowBand {
  readonly top: number;
  readonly bottom: number;
}

/** The name's rows, or null when the crop holds no other print (or too few letters to tell). */
export function nameLineBand(crop: RawImage, { otsu, connectedComponents, letterHeightOf }: BlobMeasures): RowBand | null {
  if (crop.channels !== 1) throw new Error('nameLineBand needs a grey image');
  const { width, height } = crop;
  const threshold = otsu(crop.data);
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = crop.data[i]! < threshold ? 1 : 0;
  const all = connectedComponents(mask, width, height, 3);
  // Ink touching the crop's edges is the page's edge or print cut by the box, not the name's letters.
  const blobs = all.filter((b) => b.minX > 0 && b.minY > 0 && b.maxX < width - 1 && b.maxY < height - 1);
  const { height: letterHeight, mostInk } = letterHeightOf(blobs);
  const letters = blobs.filter((b) => b.n >= mostInk * 0.15 && b.maxY - b.minY + 1 >= letterHeight * 0.7);
  if (letters.length < 3) return null;
  const tops = letters.map((b) => b.minY).sort((a, b) => a - b);
  const bottoms = letters.map((b) => b.maxY).sort((a, b) => a - b);
  const capTop = tops[Math.floor(tops.length / 2)]!;
  const baseline = bottoms[Math.floor(bottoms.length / 2)]!;
  const capHeight = baseline - capTop + 1;
  const roomTop = Math.max(0, Math.floor(capTop - capHeight * 0.7));
  const roomBottom = Math.min(height, Math.ceil(baseline + 1 + capHeight * 0.45));
  const inked = (b: (typeof all)[number]): boolean => b.n >= Math.max(6, capHeight * capHeight * 0.01);
  // A label set close above or below its value reaches into the room left for marks: a row of glyph-sized blobs
  // running in from beyond that room is no mark, and the band stops short of it. Where the label comes nearer any
  // letter than marks need (a quarter of the capitals' height above the highest letter, a fifth below the lowest: a
  // line photographed at a slant rises along its length), the two share rows, and a cut would take marks or leave
  // the label's feet for OCR to read: the room stays whole.
  const glyph = (b: (typeof all)[number]): boolean => inked(b) && b.maxX - b.minX < capHeight * 2;
  const above = all.filter((b) => glyph(b) && b.minY < roomTop && b.maxY >= roomTop && b.maxY < capTop);
  const below = all.filter((b) => glyph(b) && b.maxY >= roomBottom && b.minY < roomBottom && b.minY > baseline);
  const highest = tops[0]!;
  const lowest = bottoms[bottoms.length - 1]!;
  // The label's whole row goes, not only the glyphs that showed it: its letters without ascenders and its descenders
  // share its rows, and left below the cut they would stand over the name like marks.
  const aboveRow = Math.max(...above.map((b) => b.maxY));
  const belowRow = Math.min(...below.map((b) => b.minY));
  const aboveEnds = Math.max(...all.filter((b) => inked(b) && b.minY <= aboveRow && b.maxY < highest).map((b) => b.maxY + 1));
  const belowStarts = Math.min(...all.filter((b) => inked(b) && b.maxY >= belowRow && b.minY > lowest).map((b) => b.minY));
  const top = above.length >= 3 && aboveEnds <= highest - capHeight * 0.25 ? aboveEnds : roomTop;
  const bottom = below.length >= 3 && belowStarts >= lowest + 1 + capHeight * 0.2 ? belowStarts : roomBottom;
  // Only a crop with other print in it (a label's letters wholly outside the band, whole or cut by the crop's top
  // or bottom edge, or reaching into it) is cut; one that holds the name alone is read as it is.
  const otherPrint = top > roomTop || bottom < roomBottom || all.some((b) => (b.maxY < top || b.minY >= bottom) && inked(b));
  return otherPrint ? { top, bottom } : null;
}

/** The crop cut to `band`'s rows. */
export function rowsOf(crop: RawImage, band: RowBand): RawImage {
  const data = crop.data.subarray(band.top * crop.width * crop.channels, band.bottom * crop.width * crop.channels);
  return { ...crop, data: Buffer.from(data), height: band.bottom - band.top };
}
