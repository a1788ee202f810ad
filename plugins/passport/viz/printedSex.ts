/**
 * The printed sex where nothing else gives it: glare washed the MRZ's sex cell (no check digit covers it) and the
 * sparse pass read the sex label but no value. A value one letter wide is a word Tesseract's sparse mode drops at
 * times, and read alone in its security background it is misread (`E rr.` for F). The place under the label, then
 * along its row, is read again in the personalised ink alone (personalisedInk.ts: print as dark as the MRZ's, the
 * label and the background gone); a lone M, F or X read there takes its place in the pass, where the label finds it
 * as it finds any value.
 */
import type { RawImage } from '../../../core/imaging/types.ts';
import type { BoundingBox, OcrResult, OcrWord } from '../../../core/ocr/types.ts';
import type { PluginContext } from '../../../core/plugins/types.ts';
import { td3Page } from '../mrz/td3Geometry.ts';
import { phrasesOf } from './vizLayout.ts';

/** The re-read's scale: a letter ~2.7 mm tall at ~40 px, with a margin of paper round it as Tesseract wants. */
const rereadPxPerMm = 15;
const marginPx = 16;

/** Where a label's value may stand, in the pass's pixels: under its start, then along its row. */
export function sexValuePlaces(label: BoundingBox): BoundingBox[] {
  const h = Math.max(8, label.y1 - label.y0);
  const below = { x0: label.x0 - h, y0: label.y1 + h * 0.2, x1: label.x0 + Math.max(label.x1 - label.x0, 6 * h), y1: label.y1 + 3 * h };
  const beside = { x0: label.x1 + h * 0.5, y0: label.y0 - h, x1: label.x1 + 8 * h, y1: label.y1 + h };
  return [below, beside];
}

/**
 * The sex a re-read of its place spells: one letter M, F or X standing alone (`F`, `F/F`), the same each time it is
 * written, and no other word of two letters or more (a neighbouring field's value read instead).
 */
export function sexOfReread(text: string): 'M' | 'F' | 'X' | null {
  const tokens = text.toUpperCase().split(/[^A-Z]+/).filter((t) => t !== '');
  const letters = new Set(tokens.filter((t) => /^[MFX]$/.test(t)));
  if (letters.size !== 1 || tokens.some((t) => t.length >= 2)) return null;
  return [...letters][0] as 'M' | 'F' | 'X';
}

/** `grey` in a frame of white `margin` pixels wide. */
function framed(grey: RawImage, margin: number): RawImage {
  const width = grey.width + 2 * margin;
  const height = grey.height + 2 * margin;
  const data = Buffer.alloc(width * height, 255);
  for (let y = 0; y < grey.height; y++) data.set(grey.data.subarray(y * grey.width, (y + 1) * grey.width), (y + margin) * width + margin);
  return { data, width, height, channels: 1 };
}

/**
 * `pass`, a sparse OCR of the rectified page, with the sex read again under its label in `inkOf()`, that page's
 * personalised ink at the same pixels (null where it could not be measured, and made only once a label is found);
 * itself when there is no label, no ink, or no lone sex letter there.
 */
export async function withSexReread(inkOf: () => RawImage | null, pass: OcrResult, ctx: PluginContext): Promise<OcrResult> {
  const label = phrasesOf(pass).find((p) => p.label === 'sex');
  if (label === undefined) return pass;
  const ink = inkOf();
  if (ink === null) return pass;
  const pxPerMm = ink.width / td3Page.widthMm;
  const factor = rereadPxPerMm / pxPerMm;
  for (const place of sexValuePlaces(label.bbox)) {
    const left = Math.max(0, Math.floor(place.x0));
    const top = Math.max(0, Math.floor(place.y0));
    const width = Math.min(ink.width, Math.ceil(place.x1)) - left;
    const height = Math.min(ink.height, Math.ceil(place.y1)) - top;
    if (width < 4 || height < 4) continue;
    const crop = await ctx.imaging.cropGrey(ink, { left, top, width, height }, factor);
    const ocr = await ctx.ocr.recognize({ image: framed(crop, marginPx), segmentation: 'single_line', darkTextOnly: true, signal: ctx.signal });
    const words = ocr.lines.flatMap((l) => l.words);
    const sex = sexOfReread(words.map((w) => w.text).join(' '));
    const word = sex === null ? undefined : words.find((w) => w.text.toUpperCase().includes(sex));
    if (sex === null || word === undefined) continue;
    const s = crop.width / width;
    const back = (v: number, from: number): number => from + (v - marginPx) / s;
    const bbox: BoundingBox = { x0: back(word.bbox.x0, left), y0: back(word.bbox.y0, top), x1: back(word.bbox.x1, left), y1: back(word.bbox.y1, top) };
    const found: OcrWord = { text: sex, confidence: word.confidence, bbox };
    const lines = [...pass.lines, { text: sex, confidence: word.confidence, bbox, words: [found] }];
    return { ...pass, text: lines.map((l) => l.text).join('\n'), lines };
  }
  return pass;
}
