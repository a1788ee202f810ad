/**
 * The personalised ink's lines of print, found by their letters and read one line at a time. In a dim, soft zone
 * Tesseract's sparse mode may find no text at all where a name is printed plainly (a hard photo's PARK, read at 88
 * once cut out as one line): its page segmentation failed, not its recognition. A line here is letter-sized ink
 * standing in a row, whatever the layout; nothing is assumed of where a renderer puts its values.
 */
import type { Blob } from '../../../core/imaging/connectedComponents.ts';
import type { RawImage } from '../../../core/imaging/types.ts';
import type { BoundingBox, OcrLine, OcrResult } from '../../../core/ocr/types.ts';
import type { PluginContext } from '../../../core/plugins/types.ts';

/** A value's capitals stand some 2-4 mm tall; a label's 1-1.5 mm print is not read here, nor a portrait's shapes. */
const letterMm = { min: 1.6, max: 5 };
/** Lines read at the most: a data page prints about ten values, and only the names are looked for among them. */
const maxLines = 12;
/** Tesseract's single-line mode reads capitals some 30 px tall best (~11 px per mm). */
const readPxPerMm = 11;

const height = (b: { minY: number; maxY: number }): number => b.maxY - b.minY + 1;

/**
 * The rows of letter-sized ink in `ink` (black print on white, `pxPerMm`) between rows `zone.top` and `zone.bottom`:
 * blobs of a letter's height (or a word's, where blur joined its letters) chained along a row by gaps under a
 * letter's height, each chain a line at least two letters wide. Top to bottom.
 */
export function inkLineBoxes(
  ink: RawImage,
  zone: { readonly top: number; readonly bottom: number },
  pxPerMm: number,
  level: number,
  connectedComponents: (mask: Uint8Array, width: number, height: number) => Blob[],
): BoundingBox[] {
  const mask = new Uint8Array(ink.width * ink.height);
  for (let y = Math.max(0, zone.top); y < Math.min(ink.height, zone.bottom); y++) {
    for (let x = 0; x < ink.width; x++) mask[y * ink.width + x] = ink.data[(y * ink.width + x) * ink.channels]! < level ? 1 : 0;
  }
  const letters = connectedComponents(mask, ink.width, ink.height).filter((b) => {
    const h = height(b);
    return h >= letterMm.min * pxPerMm && h <= letterMm.max * pxPerMm && b.maxX - b.minX + 1 <= h * 12;
  });
  // Two blobs are of one line where they share most of their height, are alike in it, and stand a letter apart at most.
  const parent = letters.map((_, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r]!;
    return r;
  };
  for (let i = 0; i < letters.length; i++) {
    for (let j = i + 1; j < letters.length; j++) {
      const [a, b] = [letters[i]!, letters[j]!];
      const overlap = Math.min(a.maxY, b.maxY) - Math.max(a.minY, b.minY) + 1;
      const gap = Math.max(a.minX, b.minX) - Math.min(a.maxX, b.maxX) - 1;
      const [low, high] = [Math.min(height(a), height(b)), Math.max(height(a), height(b))];
      if (overlap >= low * 0.6 && high <= low * 1.5 && gap <= high) parent[root(i)] = root(j);
    }
  }
  const groups = new Map<number, Blob[]>();
  letters.forEach((b, i) => {
    const r = root(i);
    const group = groups.get(r);
    if (group === undefined) groups.set(r, [b]);
    else group.push(b);
  });
  return [...groups.values()]
    .map((bs) => {
      const box = { x0: Math.min(...bs.map((b) => b.minX)), y0: Math.min(...bs.map((b) => b.minY)), x1: Math.max(...bs.map((b) => b.maxX)), y1: Math.max(...bs.map((b) => b.maxY)) };
      return { box, letterHeight: Math.max(...bs.map(height)) };
    })
    .filter(({ box, letterHeight }) => box.x1 - box.x0 + 1 >= letterHeight * 2)
    .sort((a, b) => b.box.x1 - b.box.x0 - (a.box.x1 - a.box.x0))
    .slice(0, maxLines)
    .map(({ box }) => box)
    .sort((a, b) => a.y0 - b.y0);
}

/**
 * Each of `ink`'s lines (inkLineBoxes) read as one line, cut from `readFrom` (a page of `ink`'s size: the grey page
 * reads better than the ink page's thresholded strokes): an OCR result in `ink`'s pixels, as a pass over it gives.
 * `grey` where `ink` is a grey page (its shading flattened), not print alone: its ink is then what Otsu's threshold
 * over the zone parts from the paper.
 */
export async function readInkLines(
  ink: RawImage,
  zone: { readonly top: number; readonly bottom: number },
  pxPerMm: number,
  grey: boolean,
  ctx: PluginContext,
  readFrom: RawImage,
): Promise<OcrResult> {
  const rows = ink.data.subarray(Math.max(0, zone.top) * ink.width * ink.channels, Math.min(ink.height, zone.bottom) * ink.width * ink.channels);
  const level = grey && ink.channels === 1 ? ctx.imaging.otsu(rows) : 128;
  const boxes = inkLineBoxes(ink, zone, pxPerMm, level, ctx.imaging.connectedComponents);
  const factor = readPxPerMm / pxPerMm;
  const lines = await Promise.all(
    boxes.map(async (box): Promise<OcrLine | null> => {
      // Room around the line as Tesseract wants it: half a letter above and below, a letter at each end.
      const h = box.y1 - box.y0 + 1;
      const left = Math.max(0, box.x0 - h);
      const top = Math.max(0, box.y0 - Math.round(h / 2));
      const right = Math.min(ink.width, box.x1 + 1 + h);
      const bottom = Math.min(ink.height, box.y1 + 1 + Math.round(h / 2));
      const cut = await ctx.imaging.cropGrey(readFrom, { left, top, width: right - left, height: bottom - top }, factor);
      // The margin is paper: other print in it (the label above a value) makes Tesseract read the line as noise.
      const s = cut.width / (right - left);
      const crop = onPaper(cut, Math.floor((box.y0 - top) * s) - 1, Math.ceil((box.y1 + 1 - top) * s) + 1);
      const ocr = await ctx.ocr.recognize({ image: crop, segmentation: 'single_line', signal: ctx.signal });
      const words = ocr.lines
        .flatMap((l) => l.words)
        .filter((w) => w.text.trim() !== '')
        .map((w) => ({ ...w, bbox: { x0: left + w.bbox.x0 / s, y0: top + w.bbox.y0 / s, x1: left + w.bbox.x1 / s, y1: top + w.bbox.y1 / s } }));
      if (words.length === 0) return null;
      const text = words.map((w) => w.text).join(' ');
      const confidence = words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
      const bbox = { x0: Math.min(...words.map((w) => w.bbox.x0)), y0: Math.min(...words.map((w) => w.bbox.y0)), x1: Math.max(...words.map((w) => w.bbox.x1)), y1: Math.max(...words.map((w) => w.bbox.y1)) };
      return { text, confidence, bbox, words };
    }),
  );
  const read = lines.filter((l): l is OcrLine => l !== null);
  const confidence = read.length === 0 ? 0 : read.reduce((sum, l) => sum + l.confidence, 0) / read.length;
  return { text: read.map((l) => l.text).join('\n'), confidence, lines: read };
}

/** `image` with its rows above `from` and from `to` on painted its paper's grey (its 90th percentile). */
function onPaper(image: RawImage, from: number, to: number): RawImage {
  const sorted = Uint8Array.from(image.data).sort();
  const paper = sorted[Math.floor(sorted.length * 0.9)] ?? 255;
  const data = Buffer.from(image.data);
  const rowBytes = image.width * image.channels;
  if (from > 0) data.fill(paper, 0, Math.min(data.length, from * rowBytes));
  if (to < image.height) data.fill(paper, Math.max(0, to * rowBytes));
  return { ...image, data };
}
