/**
 * Reading a card image with few OCR calls: one pass over the upright card; a half-turn retry only when the
 * first pass finds no PAN-card text; the other quarter turns only when both fail; then targeted, whitelisted
 * re-reads of the PAN and date lines only when the first reading of them is doubtful.
 */
import type { RawImage } from '../../core/imaging/types.ts';
import type { OcrPort } from '../../core/ocr/types.ts';
import type { PluginContext } from '../../core/plugins/types.ts';
import { cleanName, parseCardLines, startsRightOfColumn, type CardReading, type FieldReading, type PanReading } from './cardLayout.ts';
import { linesFromOcr, type CardLine } from './cardLines.ts';
import { halfTurn, uprightForOcr, type MappedImage, type ToPage } from './cardImage.ts';
import { parseCardDate } from './cardDate.ts';
import { type GlyphRun, glyphRuns } from './panGlyphs.ts';
import { normalisePanText } from './panNumber.ts';
import type { FractionBox } from './textAngle.ts';

/** Where the card's text sits in the page levelled by the measured angle, and turned a further quarter. */
export interface Crops {
  readonly level: FractionBox | null;
  readonly quarter: FractionBox | null;
}

export interface PanGlyphs {
  readonly line: CardLine;
  /** The glyphs' ink, left to right. */
  readonly runs: readonly GlyphRun[];
}

export interface OcrCardReading {
  readonly card: CardReading;
  readonly panReread: FieldReading | null;
  readonly dateReread: FieldReading | null;
  /** The glyphs of the first reading's PAN, measured in the image, with the line they were measured on. */
  readonly panGlyphs: PanGlyphs | null;
  readonly ocrCalls: number;
  /** From the read image's pixels (where every box of `card` lies) to the page's. */
  readonly toPage: ToPage;
}

/** How much of a PAN card a reading found: a clean PAN counts most, then labels and the header. */
export function readingScore(card: CardReading): number {
  const o = card.pan?.candidate.outcome;
  const pan = o === undefined ? 0 : o.ok ? 10 - o.repairs.length : o.reason === 'unrepairable' ? 1 : 4;
  return pan + Math.min(card.panCardMarkers, 6) + (card.name ? 2 : 0) + (card.date ? 2 : 0);
}

/** A reading good enough to stop turning the image. */
function settled(card: CardReading): boolean {
  const o = card.pan?.candidate.outcome;
  return o !== undefined && (o.ok || o.reason !== 'unrepairable') && card.panCardMarkers > 0;
}

export async function readCardImage(
  page: RawImage,
  textDegrees: number,
  crops: Crops,
  ctx: Pick<PluginContext, 'ocr' | 'signal' | 'imaging'>,
): Promise<OcrCardReading> {
  const { ocr, signal, imaging } = ctx;
  let calls = 0;
  const pass = async (image: MappedImage): Promise<{ image: MappedImage; card: CardReading }> => {
    calls += 1;
    const result = await ocr.recognize({ image, segmentation: 'sparse_text', signal });
    return { image, card: parseCardLines(linesFromOcr(result)) };
  };

  // The text lines run at textDegrees: turning the page by -textDegrees (clockwise positive) levels them.
  const level = await uprightForOcr(page, -textDegrees, imaging, crops.level);
  let best = await pass(level);
  if (!settled(best.card)) {
    const flipped = await pass(halfTurn(level));
    if (readingScore(flipped.card) > readingScore(best.card)) best = flipped;
  }
  if (!settled(best.card)) {
    // The text direction was misjudged by a quarter turn (square-ish crops, busy backgrounds).
    const quarter = await uprightForOcr(page, -textDegrees + 90, imaging, crops.quarter);
    for (const image of [quarter, halfTurn(quarter)]) {
      const tried = await pass(image);
      if (readingScore(tried.card) > readingScore(best.card)) best = tried;
      if (settled(best.card)) break;
    }
  }

  const { image } = best;
  let card = best.card;
  // A name's extent is where its ink ends on the line, not where OCR's words stop: a name whose ink runs on past its
  // last word (into the photo or the QR code, or a word OCR dropped) is read again up to where the ink ends, and the
  // longer reading kept when it begins as the first did and holds its words.
  // Leftwards only as far as the card's field column: a name that starts right of it lost its first words (OCR
  // dropped them), while left of the column sit the photo and the hologram, whose ink reads as letters.
  const column = card.valueColumnX0;
  for (const key of ['name', 'fatherName'] as const) {
    const field = card[key];
    if (!field?.box) continue;
    const h = field.box.y1 - field.box.y0;
    const extent = inkExtent(image, field.box);
    const right = extent !== null && extent.x1 - field.box.x1 >= 0.8 * h ? extent.x1 : null;
    const left = startsRightOfColumn(field.box, column) ? column : null;
    if (right === null && left === null) continue;
    calls += 1;
    const reread = await rereadName(ocr, image, { ...field.box, x0: left ?? field.box.x0, x1: right ?? field.box.x1 }, key === 'name', signal);
    if (reread === null || reread.text.length <= field.text.length) continue;
    const at = wordsInsideAt(reread.text, field.text);
    if (right === null && at > 0) {
      // Only words were added at the start: those, then the first reading's own words, read with the whole card.
      card = { ...card, [key]: withWordsBefore(field, reread, at) };
    } else if (at >= 0 || (left === null && holdsWords(reread.text, field.text))) {
      card = { ...card, [key]: reread };
    }
  }
  let panReread: FieldReading | null = null;
  const pan = card.pan;
  // A character dropped from an 11-character run is doubtful too: a second reading may find the ten.
  const panDoubtful = !pan || !pan.candidate.outcome.ok || pan.candidate.outcome.repairs.length > 0 || pan.candidate.dropped !== null || pan.confidence < 0.8;
  const panLine = pan?.line ?? card.panLine;
  if (panDoubtful && panLine) {
    calls += 1;
    panReread = await rereadLine(ocr, image, panLine, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', signal);
  }
  let dateReread: FieldReading | null = null;
  const dateDoubtful = !card.date || parseCardDate(card.date.text)?.repaired === true || card.date.confidence < 0.75;
  if (dateDoubtful && card.dateLine) {
    calls += 1;
    dateReread = await rereadLine(ocr, image, card.dateLine, '0123456789/-', signal);
  }
  return { card, panReread, dateReread, panGlyphs: pan ? measurePanGlyphs(image, pan) : null, ocrCalls: calls, toPage: image.toPage };
}

/**
 * Where in `longer`'s words `first`'s words begin one after another, or -1: its first word perhaps cut at its start
 * and its last at its end (OCR stopped short inside a word), what a reading that ran further on either side must
 * hold. A word of four letters or more may differ in one letter, as two OCR readings of one word do (MIDDLE, MIDOLE).
 */
export function wordsInsideAt(longer: string, first: string): number {
  const words = first.split(' ');
  const read = longer.split(' ');
  const last = words.length - 1;
  const alike = (r: string, w: string): boolean =>
    r === w || (r.length === w.length && w.length >= 4 && [...w].filter((c, k) => c !== r[k]).length === 1);
  const fits = (r: string | undefined, w: string, j: number): boolean => {
    if (r === undefined) return false;
    if (last === 0) return r.includes(w);
    if (j === 0) return r.endsWith(w) || alike(r, w);
    if (j === last) return r.startsWith(w.slice(0, Math.max(1, w.length - 1))) || alike(r, w);
    return alike(r, w);
  };
  for (let i = 0; i + last < read.length; i++) if (words.every((w, j) => fits(read[i + j], w, j))) return i;
  return -1;
}

/** `first` with the words `wider` read before it (its first `count` words) put in front. */
function withWordsBefore(first: FieldReading, wider: FieldReading, count: number): FieldReading {
  const prefix = wider.text.split(' ').slice(0, count).join(' ');
  const shift = prefix.length + 1;
  const box = first.box && wider.box ? { x0: Math.min(first.box.x0, wider.box.x0), y0: Math.min(first.box.y0, wider.box.y0), x1: first.box.x1, y1: Math.max(first.box.y1, wider.box.y1) } : (first.box ?? wider.box);
  return {
    text: `${prefix} ${first.text}`,
    confidence: Math.min(first.confidence, wider.confidence),
    ...(box === undefined ? {} : { box }),
    ...(first.repairs === undefined ? {} : { repairs: first.repairs.map((r) => ({ ...r, position: r.position + shift })) }),
  };
}

/** `longer` begins with `first`'s first word and holds its other words but a partial last one, in order. */
export function holdsWords(longer: string, first: string): boolean {
  const words = first.split(' ');
  const read = longer.split(' ');
  if (read[0] !== words[0]) return false;
  let at = 1;
  for (const w of words.slice(1, -1)) {
    while (at < read.length && read[at] !== w) at++;
    if (at >= read.length) return false;
    at++;
  }
  const last = words[words.length - 1] ?? '';
  return words.length === 1 || read.slice(at).some((r) => r.startsWith(last.slice(0, Math.max(1, last.length - 1))));
}

/**
 * Where the ink of the line through `box` runs, left and right: columns of the line's middle band holding ink,
 * followed outwards from the box until a gap wider than a letter's height (a word space is a third of it).
 */
export function inkExtent(image: RawImage, box: { x0: number; y0: number; x1: number; y1: number }): { x0: number; x1: number } | null {
  if (image.channels !== 1) return null;
  const h = box.y1 - box.y0;
  if (h < 6) return null;
  const y0 = Math.max(0, Math.round(box.y0 + h * 0.2));
  const y1 = Math.min(image.height, Math.round(box.y1 - h * 0.2));
  const bx0 = Math.max(0, Math.round(box.x0));
  const bx1 = Math.min(image.width, Math.round(box.x1));
  if (y1 <= y0 || bx1 <= bx0) return null;
  // Ink level from the words themselves: between their darkest strokes and the paper around them.
  const values: number[] = [];
  for (let y = y0; y < y1; y++) for (let x = bx0; x < bx1; x++) values.push(image.data[y * image.width + x] ?? 255);
  values.sort((a, b) => a - b);
  const dark = values[Math.floor(values.length * 0.05)] ?? 0;
  const paper = values[Math.floor(values.length * 0.7)] ?? 255;
  if (paper - dark < 40) return null;
  const threshold = (dark + paper) / 2;
  const inked = (x: number): boolean => {
    let n = 0;
    for (let y = y0; y < y1; y++) if ((image.data[y * image.width + x] ?? 255) < threshold && ++n >= 2) return true;
    return false;
  };
  const follow = (from: number, step: 1 | -1): number => {
    let last = from;
    for (let x = from; x >= 0 && x < image.width; x += step) {
      if (inked(x)) last = x;
      else if (Math.abs(x - last) > h) break;
    }
    return last;
  };
  return { x0: follow(bx0, -1), x1: follow(bx1 - 1, 1) };
}

async function rereadName(
  ocr: OcrPort,
  image: RawImage,
  box: { x0: number; y0: number; x1: number; y1: number },
  holder: boolean,
  signal: AbortSignal,
): Promise<FieldReading | null> {
  const h = box.y1 - box.y0;
  const left = Math.max(0, Math.round(box.x0 - h * 0.4));
  const top = Math.max(0, Math.round(box.y0 - h * 0.35));
  const rectangle = { left, top, width: Math.min(image.width - left, Math.round(box.x1 - box.x0 + h * 0.8)), height: Math.min(image.height - top, Math.round(h * 1.7)) };
  if (rectangle.width <= 0 || rectangle.height <= 0) return null;
  const result = await ocr.recognize({ image, segmentation: 'single_line', rectangle, signal });
  const words = result.lines.flatMap((l) => l.words).filter((w) => w.text.trim().length > 0).map((w) => ({ text: w.text.trim(), confidence: w.confidence / 100, ...w.bbox }));
  return words.length === 0 ? null : cleanName(words, holder);
}

/** The widths of the glyphs of the words that make up `pan` on its line. */
function measurePanGlyphs(image: RawImage, pan: PanReading): PanGlyphs | null {
  const words = pan.line.words.filter((w) => {
    const text = normalisePanText(w.text);
    return text.length > 0 && pan.candidate.raw.includes(text);
  });
  if (words.length === 0) return null;
  const box = {
    x0: Math.min(...words.map((w) => w.x0)),
    y0: Math.min(...words.map((w) => w.y0)),
    x1: Math.max(...words.map((w) => w.x1)),
    y1: Math.max(...words.map((w) => w.y1)),
  };
  const runs = glyphRuns(image, box);
  return runs === null ? null : { line: pan.line, runs };
}

async function rereadLine(
  ocr: OcrPort,
  image: RawImage,
  line: CardLine,
  whitelist: string,
  signal: AbortSignal,
): Promise<FieldReading | null> {
  const h = line.y1 - line.y0;
  const left = Math.max(0, line.x0 - h);
  const top = Math.max(0, line.y0 - h * 0.4);
  const rectangle = {
    left,
    top,
    width: Math.min(image.width - left, line.x1 - line.x0 + 2 * h),
    height: Math.min(image.height - top, h * 1.8),
  };
  if (rectangle.width <= 0 || rectangle.height <= 0) return null;
  const result = await ocr.recognize({ image, segmentation: 'single_line', charWhitelist: whitelist, rectangle, signal });
  const text = result.lines.map((l) => l.text).join(' ').trim();
  if (text.length === 0) return null;
  return { text, confidence: result.confidence / 100 };
}
