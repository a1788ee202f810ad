/**
 * Whether a line of print ends where glare begins: the paper right after its last word is washed to white while the
 * paper among its letters is not, or, on white paper, which hides the washing, the ink of its last letters is faded.
 * Past a cut MRZ nothing else says where a name ends, and glare takes a name's last letters with the paper
 * (MARTINA read `MARTIN`): such a line's end is not where the name ends.
 */
import type { RawImage } from '../../../core/imaging/types.ts';
import type { BoundingBox } from '../../../core/ocr/types.ts';

/** A pixel glare washed out: every channel at or above this. */
const washedLevel = 248;
/** The strip looked at: from this far past the words (in their heights), this wide, on their rows. */
const strip = { gap: 0.3, width: 2 };
/** Washed: at least this share of the strip's pixels. */
const washedShare = 0.7;
/** Paper among the letters lighter than this at its 75th percentile is white paper, where glare cannot be told apart. */
const whitePaper = 240;
/** Ink this much lighter (of 255) in the words' last fifth than in their first, on white paper: glare fading the line's end. */
const fadedBy = 80;

/** The lightness of one pixel: its darkest channel, so that a tint is not taken for white. */
function lightness(image: RawImage, x: number, y: number): number {
  const at = (y * image.width + x) * image.channels;
  if (image.channels === 1) return image.data[at]!;
  return Math.min(image.data[at]!, image.data[at + 1]!, image.data[at + 2]!);
}

function levels(image: RawImage, x0: number, x1: number, y0: number, y1: number): number[] {
  const out: number[] = [];
  for (let y = Math.max(0, y0); y < Math.min(image.height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(image.width, x1); x++) out.push(lightness(image, x, y));
  }
  return out;
}

/**
 * The darkest ink (2nd percentile of lightness) of the MRZ's lines on `page`, rows a millimetre either side of each
 * line's centre (`lineCentresMm` on a page `widthMm` wide): how dark the page's personalised print is, where glare
 * spared the zone.
 */
export function mrzInkLevel(page: RawImage, lineCentresMm: readonly number[], widthMm: number): number | null {
  const pxPerMm = page.width / widthMm;
  const ink = lineCentresMm.flatMap((c) => levels(page, 0, page.width, Math.round((c - 1) * pxPerMm), Math.round((c + 1) * pxPerMm)));
  if (ink.length === 0) return null;
  ink.sort((a, b) => a - b);
  return ink[Math.floor(ink.length * 0.02)]!;
}

/**
 * Whether the words `words` (a box in the pixels of a pass over the whole page, `passWidth` wide) end at glare on
 * `page`. Never where the strip runs off the page; on white paper only where their ink is faded, at their end or,
 * given the MRZ's ink (`mrzInk`, mrzInkLevel), all along.
 */
export function endsInGlare(page: RawImage, words: BoundingBox, passWidth: number, mrzInk: number | null = null): boolean {
  const k = page.width / passWidth;
  const box = { x0: Math.round(words.x0 * k), x1: Math.round(words.x1 * k), y0: Math.round(words.y0 * k), y1: Math.round(words.y1 * k) };
  const h = box.y1 - box.y0;
  if (h < 4) return false;
  const from = box.x1 + Math.round(h * strip.gap);
  const to = from + Math.round(h * strip.width);
  if (to > page.width) return false;
  const inset = Math.round(h * 0.15);
  const washed = levels(page, from, to, box.y0 + inset, box.y1 - inset);
  const paper = levels(page, box.x0, box.x1, box.y0, box.y1).sort((a, b) => a - b);
  if (washed.length === 0 || paper.length === 0) return false;
  const paperLevel = paper[Math.floor(paper.length * 0.75)]!;
  // On white paper, where the paper past the words tells nothing, glare shows in the ink it fades (one line is printed
  // in one ink): the darkest pixels of the words' last fifth far lighter than those of their first. Not on tinted
  // paper, where the words' box may run on past their ink over texture and noise, and the washed strip tells.
  if (paperLevel >= whitePaper) {
    const fifth = Math.max(1, Math.round((box.x1 - box.x0) / 5));
    const darkest = (x0: number, x1: number): number => {
      const ink = levels(page, x0, x1, box.y0, box.y1).sort((a, b) => a - b);
      return ink.length === 0 ? 0 : ink[Math.floor(ink.length * 0.02)]!;
    };
    // Glare over the whole line fades all of it alike: its ink then stands as far lighter than the MRZ's, which the
    // page prints as dark as its other personalised data. The words' box is `paper`'s pixels, sorted already.
    if (mrzInk !== null && paper[Math.floor(paper.length * 0.02)]! - mrzInk >= fadedBy) return true;
    return darkest(box.x1 - fifth, box.x1) - darkest(box.x0, box.x0 + fifth) >= fadedBy;
  }
  return washed.filter((v) => v >= washedLevel).length >= washed.length * washedShare;
}
