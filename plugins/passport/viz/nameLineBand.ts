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

/** The crop's ink as blobs, and the name's capitals among them: their top, baseline and height; null when too few. */
function nameCapitals(crop: RawImage, { otsu, connectedComponents, letterHeightOf }: BlobMeasures) {
  if (crop.channels !== 1) throw new Error('nameLineBand needs a grey image');
  const { height } = crop;
  const { all, inner: blobs } = inkBlobs(crop, { otsu, connectedComponents });
  const { height: letterHeight, mostInk } = letterHeightOf(blobs);
  const letters = blobs.filter((b) => b.n >= mostInk * 0.15 && b.maxY - b.minY + 1 >= letterHeight * 0.7);
  // Letters blur joined into one blob count by its width: a capital is at most about as wide as it is tall.
  const lettersIn = (b: (typeof letters)[number]): number => Math.max(1, Math.round((b.maxX - b.minX + 1) / (b.maxY - b.minY + 1)));
  if (letters.reduce((n, b) => n + lettersIn(b), 0) < 3) return null;
  const tops = letters.map((b) => b.minY).sort((a, b) => a - b);
  const bottoms = letters.map((b) => b.maxY).sort((a, b) => a - b);
  const capTop = tops[Math.floor(tops.length / 2)]!;
  const baseline = bottoms[Math.floor(bottoms.length / 2)]!;
  const capHeight = baseline - capTop + 1;
  // Room above the capitals for accents, below the baseline for cedillas.
  const top = Math.max(0, Math.floor(capTop - capHeight * 0.7));
  const bottom = Math.min(height, Math.ceil(baseline + 1 + capHeight * 0.45));
  const inked = (b: (typeof all)[number]): boolean => b.n >= Math.max(6, capHeight * capHeight * 0.01);
  return { all, capTop, capHeight, top, bottom, inked };
}

/** The name's rows, or null when the crop holds no other print (or too few letters to tell). */
export function nameLineBand(crop: RawImage, measures: BlobMeasures): RowBand | null {
  const name = nameCapitals(crop, measures);
  if (name === null) return null;
  const { all, top, bottom, inked } = name;
  // Only a crop with other print in it (a label's letters wholly outside the band, whole or cut by the crop's top
  // or bottom edge) is cut; one that holds the name alone is read as it is.
  const otherPrint = all.some((b) => (b.maxY < top || b.minY >= bottom) && inked(b));
  return otherPrint ? { top, bottom } : null;
}

/**
 * The name's rows whatever else the crop holds, with half the usual room above the capitals, or null where that is
 * the whole crop (or too few letters to tell): for a line whose single-line read gave letters that are not the name,
 * where print too small or too cut to count as other print (a label's feet at the crop's top) took OCR's line. A
 * tall mark may lose its top there, and is then no mark: a mark lost, never one invented.
 */
export function nameRows(crop: RawImage, measures: BlobMeasures): RowBand | null {
  const name = nameCapitals(crop, measures);
  if (name === null) return null;
  const top = Math.max(0, Math.floor(name.capTop - name.capHeight * 0.35));
  return top === 0 && name.bottom === crop.height ? null : { top, bottom: name.bottom };
}

/**
 * The name's rows below a label set so close above it that the label runs from beyond the room left for marks into
 * it (a row of three or more glyph-sized blobs): from the label's feet down. Null where there is no such label. For
 * a line whose crop, label and all, OCR read nothing from: two rows of print in one single-line read.
 */
export function belowCloseLabel(crop: RawImage, measures: BlobMeasures): RowBand | null {
  const name = nameCapitals(crop, measures);
  if (name === null) return null;
  const { all, capTop, capHeight, top, bottom, inked } = name;
  const label = all.filter((b) => inked(b) && b.maxX - b.minX < capHeight * 2 && b.minY < top && b.maxY >= top && b.maxY < capTop - capHeight * 0.1);
  return label.length >= 3 ? { top: Math.max(...label.map((b) => b.maxY + 1)), bottom } : null;
}

/** The crop cut to `band`'s rows. */
export function rowsOf(crop: RawImage, band: RowBand): RawImage {
  const data = crop.data.subarray(band.top * crop.width * crop.channels, band.bottom * crop.width * crop.channels);
  return { ...crop, data: Buffer.from(data), height: band.bottom - band.top };
}

/**
 * The baselines of two rows of capitals in a crop of a name printed on two rows, or null where the crop does not hold
 * two such rows (two or more letters each, the lower starting below the upper's baseline). Ink two rows tall (a mark
 * joining a letter to the one above it) is no letter here.
 */
export function twoRowBaselines(crop: RawImage, { otsu, connectedComponents, letterHeightOf }: BlobMeasures): { upper: number; lower: number } | null {
  if (crop.channels !== 1) throw new Error('twoRowBaselines needs a grey image');
  const { inner: blobs } = inkBlobs(crop, { otsu, connectedComponents });
  const { height: letterHeight, mostInk } = letterHeightOf(blobs);
  const letters = blobs
    .filter((b) => b.n >= mostInk * 0.15 && b.maxY - b.minY + 1 >= letterHeight * 0.7 && b.maxY - b.minY + 1 <= letterHeight * 1.4)
    .sort((a, b) => a.cy - b.cy);
  // Rows of letters, a row's letters being level: a new row starts at a step down between letters' centres of most
  // of a letter's height. Exactly two rows, or the crop holds other print as tall (a label's run of small print, a
  // field's value) and which two rows are the name's is not known.
  const rows: (typeof letters)[] = [];
  for (const b of letters) {
    const row = rows.at(-1);
    if (row !== undefined && b.cy - row.at(-1)!.cy < letterHeight * 0.8) row.push(b);
    else rows.push([b]);
  }
  if (rows.length !== 2 || rows.some((row) => row.length < 2)) return null;
  const middle = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const [above, below] = rows as [typeof letters, typeof letters];
  // Two rows of one name are of one letter height: a label's smaller print under the name's row is no second row.
  const heightOf = (row: typeof letters): number => middle(row.map((b) => b.maxY - b.minY + 1));
  if (Math.min(heightOf(above), heightOf(below)) < Math.max(heightOf(above), heightOf(below)) * 0.85) return null;
  const upper = middle(above.map((b) => b.maxY));
  const lowerTop = middle(below.map((b) => b.minY));
  return lowerTop > upper + 1 ? { upper, lower: middle(below.map((b) => b.maxY)) } : null;
}

/**
 * The crop's ink as blobs (`all`), and those clear of its edges (`inner`): ink an edge cuts is the page's edge or
 * print cut by the box, not the name's letters.
 */
function inkBlobs(crop: RawImage, { otsu, connectedComponents }: Pick<BlobMeasures, 'otsu' | 'connectedComponents'>) {
  const { width, height } = crop;
  const all = connectedComponents(inkMask(crop, otsu(crop.data)), width, height, 3);
  return { all, inner: all.filter((b) => b.minX > 0 && b.minY > 0 && b.maxX < width - 1 && b.maxY < height - 1) };
}

function inkMask(crop: RawImage, threshold: number): Uint8Array {
  const mask = new Uint8Array(crop.width * crop.height);
  for (let i = 0; i < mask.length; i++) mask[i] = crop.data[i]! < threshold ? 1 : 0;
  return mask;
}

function paperOf(crop: RawImage): number {
  const sorted = Uint8Array.from(crop.data).sort();
  return sorted[Math.floor(sorted.length * 0.9)] ?? 255;
}

/**
 * The crop with the rows outside `band` painted the paper's grey, and the ink the crop's top edge cuts (a label's
 * feet, printed close above): one row of print left where there were more.
 */
export function onlyRows(crop: RawImage, band: RowBand, measures: Pick<BlobMeasures, 'otsu'>): RawImage {
  const paper = paperOf(crop);
  const data = Buffer.from(crop.data);
  data.fill(paper, 0, Math.max(0, band.top) * crop.width);
  data.fill(paper, Math.min(crop.height, band.bottom) * crop.width);
  return withoutTopEdgeInk({ ...crop, data }, measures, measures.otsu(crop.data));
}

/** The crop with the ink its top edge cuts (8-connected to the top row) painted the paper's grey. */
export function withoutTopEdgeInk(crop: RawImage, { otsu }: Pick<BlobMeasures, 'otsu'>, threshold = otsu(crop.data)): RawImage {
  return paintedOver(crop, topEdgeInk(crop, threshold));
}

/** `crop` with the pixels `painted` marks (1) turned the paper's grey. */
function paintedOver(crop: RawImage, painted: Uint8Array): RawImage {
  const paper = paperOf(crop);
  const data = Buffer.from(crop.data);
  for (let p = 0; p < painted.length; p++) if (painted[p] === 1) data[p] = paper;
  return { ...crop, data };
}

/** The ink 8-connected to the crop's top row, as a mask (1). */
function topEdgeInk(crop: RawImage, threshold: number): Uint8Array {
  if (crop.channels !== 1) throw new Error('top-edge ink is measured on a grey image only');
  const { width, height } = crop;
  const mask = inkMask(crop, threshold);
  const reached = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let x = 0; x < width; x++) if (mask[x] === 1) stack.push(x);
  while (stack.length > 0) {
    const p = stack.pop()!;
    if (mask[p] !== 1) continue;
    mask[p] = 0;
    reached[p] = 1;
    const x = p % width;
    const y = (p - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx >= 0 && xx < width && yy >= 0 && yy < height && mask[yy * width + xx] === 1) stack.push(yy * width + xx);
      }
    }
  }
  return reached;
}

/**
 * The ink the top edge cuts, less what hangs from it through a neck into the name's capitals: a mark set so close
 * under the label that blur joins it to the label's feet (Ė's dot under `Prénoms`) leads the ink on into its letter
 * and the letters joined to that one. Below a row where the label's ink narrows to a mark's width, and stays so down
 * to the capitals, the ink is the name's: only the label above it is painted. Without such a neck (a stroke of the
 * background crossing label and name alike) the whole of it is, as before.
 */
function labelInkAbove(crop: RawImage, measures: Pick<BlobMeasures, 'otsu' | 'connectedComponents' | 'letterHeightOf'>): Uint8Array {
  const reached = topEdgeInk(crop, measures.otsu(crop.data));
  const name = nameCapitals(crop, measures);
  if (name === null) return reached;
  const { width } = crop;
  const { capTop, capHeight } = name;
  // The flooded pixels in each row of the crop.
  const counts = Array.from({ length: crop.height }, (_, y) => {
    let n = 0;
    for (let x = 0; x < width; x++) n += reached[y * width + x]!;
    return n;
  });
  const rows = counts.slice(0, capTop);
  const below = (from: number): boolean => counts.slice(Math.max(0, from)).some((n) => n > 0);
  // Ink that runs on past the capitals' feet is a stroke of the background crossing the name, not a mark on it.
  const feet = capTop + capHeight - 1 + Math.max(2, Math.round(capHeight * 0.2));
  if (!below(capTop) || below(feet + 1) || rows.length === 0) return reached;
  const widest = Math.max(...rows);
  const narrow = (n: number): boolean => n > 0 && n <= Math.max(2, widest * 0.25) && n <= capHeight * 0.6;
  // The stretch below the label's widest row whose every row down to the capitals is narrow, within a mark's
  // height of them; its thinnest row is where the mark meets the label's feet.
  let start = rows.length;
  while (start > 0 && narrow(rows[start - 1]!)) start--;
  if (start === rows.length || start <= rows.indexOf(widest) || capTop - start > capHeight * 0.6) return reached;
  let neck = start;
  for (let y = start; y < rows.length; y++) if (rows[y]! < rows[neck]!) neck = y;
  // And one mark's width across, not the label's feet along the line.
  let from = width;
  let to = -1;
  for (let y = neck; y < capTop; y++) {
    for (let x = 0; x < width; x++) {
      if (reached[y * width + x] === 1) {
        from = Math.min(from, x);
        to = Math.max(to, x);
      }
    }
  }
  if (to - from + 1 > capHeight) return reached;
  const label = new Uint8Array(reached.length);
  label.set(reached.subarray(0, neck * width));
  return label;
}

/**
 * The crop to read a name's marks on where its letters were read in `band`, the name's rows below the label's feet:
 * the whole crop with the ink its top edge cuts taken away, where nothing else then stands above the band (all the
 * room above the capitals, with only paper, marks and texture in it); null where other print does.
 */
export function roomAbove(crop: RawImage, band: RowBand, measures: BlobMeasures): RawImage | null {
  const cleared = paintedOver(crop, labelInkAbove(crop, measures));
  return printAbove(cleared, band.top, measures) ? null : cleared;
}

/**
 * Whether ink of a letter's stroke or more (ten pixels) stands wholly above row `top`: print other than a mark, whose
 * foot reaches down to the letters it sits on.
 */
function printAbove(crop: RawImage, top: number, { otsu, connectedComponents }: Pick<BlobMeasures, 'otsu' | 'connectedComponents'>): boolean {
  return connectedComponents(inkMask(crop, otsu(crop.data)), crop.width, crop.height, 10).some((b) => b.maxY < top);
}
