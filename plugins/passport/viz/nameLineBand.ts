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
  /** Pixels (indices into the crop) of other print reaching into the band, to be painted over with `paper`. */
  readonly erase?: readonly number[];
  readonly paper?: number;
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
  const top = Math.max(0, Math.floor(capTop - capHeight * 0.7));
  const bottom = Math.min(height, Math.ceil(baseline + 1 + capHeight * 0.45));
  // Only a crop with other print in it (a label's letters outside the band, whole or cut by the crop's top or bottom
  // edge) is cut; one that holds the name alone is read as it is. A label's descenders may reach into the band: print
  // that starts above it and ends above the capitals (or starts below the baseline and runs out of it) is a label's.
  const labelPrint = (b: (typeof all)[number]): boolean => (b.minY < top && b.maxY < capTop) || (b.maxY >= bottom && b.minY > baseline);
  const otherPrint = all.some((b) => labelPrint(b) && b.n >= Math.max(6, capHeight * capHeight * 0.01));
  if (!otherPrint) return null;
  // What of the label reaches into the band is painted over: a label cut in half reads as junk words (`BE ČERNÝ`);
  // so is the page's edge or a portrait's frame, ink the crop cuts at a side that runs its whole height (`EB ČERNÝ`).
  const sideCut = (b: (typeof all)[number]): boolean => b.minY === 0 && b.maxY === height - 1 && (b.minX === 0 || b.maxX === width - 1);
  const erase = all
    .filter((b) => (labelPrint(b) && b.maxY >= top && b.minY < bottom) || sideCut(b))
    .flatMap((b) => pixelsOf(b, mask, width));
  const sorted = Uint8Array.from(crop.data).sort();
  return { top, bottom, erase, paper: sorted[Math.floor(sorted.length * 0.9)]! };
}

/**
 * The pixels of one blob: flooded (8-connected) from its top row's ink within its box. Empty unless the flood gives
 * exactly the blob (another blob's ink in that row would flood another piece).
 */
function pixelsOf(b: { minX: number; maxX: number; minY: number; maxY: number; n: number }, mask: Uint8Array, width: number): number[] {
  const seen = new Set<number>();
  const stack: number[] = [];
  for (let x = b.minX; x <= b.maxX; x++) if (mask[b.minY * width + x] === 1) stack.push(b.minY * width + x);
  for (const p of stack) seen.add(p);
  while (stack.length > 0) {
    const p = stack.pop()!;
    const px = p % width;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const x = px + dx;
        const q = p + dy * width + dx;
        if (x < b.minX || x > b.maxX || q < 0 || q >= mask.length || mask[q] !== 1 || seen.has(q)) continue;
        const y = Math.floor(q / width);
        if (y < b.minY || y > b.maxY) continue;
        seen.add(q);
        stack.push(q);
      }
    }
  }
  return seen.size === b.n ? [...seen] : [];
}

/** The crop cut to `band`'s rows. */
export function rowsOf(crop: RawImage, band: RowBand): RawImage {
  const data = Buffer.from(crop.data.subarray(band.top * crop.width * crop.channels, band.bottom * crop.width * crop.channels));
  for (const p of band.erase ?? []) {
    const row = Math.floor(p / crop.width) - band.top;
    if (row < 0 || row >= band.bottom - band.top) continue;
    for (let c = 0; c < crop.channels; c++) data[(row * crop.width + (p % crop.width)) * crop.channels + c] = band.paper ?? 255;
  }
  return { ...crop, data, height: band.bottom - band.top };
}
