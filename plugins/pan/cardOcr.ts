/**
 * Reading a card image with few OCR calls: one pass over the upright card; a half-turn retry only when the
 * first pass finds no PAN-card text; the other quarter turns only when both fail; then targeted, whitelisted
 * re-reads of the PAN and date lines only when the first reading of them is doubtful.
 */
import type { RawImage } from '../../core/imaging/types.ts';
import type { OcrPort } from '../../core/ocr/types.ts';
import { parseCardLines, type CardReading, type FieldReading, type PanReading } from './cardLayout.ts';
import { linesFromOcr, type CardLine } from './cardLines.ts';
import { halfTurn, uprightForOcr } from './cardImage.ts';
import { parseCardDate } from './cardDate.ts';
import { glyphWidths } from './panGlyphs.ts';
import { normalisePanText } from './panNumber.ts';
import type { FractionBox } from './textAngle.ts';

/** Where the card's text sits in the page levelled by the measured angle, and turned a further quarter. */
export interface Crops {
  readonly level: FractionBox | null;
  readonly quarter: FractionBox | null;
}

export interface PanGlyphs {
  readonly line: CardLine;
  /** Ink widths of the glyphs, left to right. */
  readonly widths: readonly number[];
}

export interface OcrCardReading {
  readonly card: CardReading;
  readonly panReread: FieldReading | null;
  readonly dateReread: FieldReading | null;
  /** The glyph widths of the first reading's PAN, measured in the image, with the line they were measured on. */
  readonly panGlyphs: PanGlyphs | null;
  readonly ocrCalls: number;
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
  ocr: OcrPort,
  signal: AbortSignal,
): Promise<OcrCardReading> {
  let calls = 0;
  const pass = async (image: RawImage): Promise<{ image: RawImage; card: CardReading }> => {
    calls += 1;
    const result = await ocr.recognize({ image, segmentation: 'sparse_text', signal });
    return { image, card: parseCardLines(linesFromOcr(result)) };
  };

  // The text lines run at textDegrees: turning the page by -textDegrees (clockwise positive) levels them.
  const level = await uprightForOcr(page, -textDegrees, crops.level);
  let best = await pass(level);
  if (!settled(best.card)) {
    const flipped = await pass(halfTurn(level));
    if (readingScore(flipped.card) > readingScore(best.card)) best = flipped;
  }
  if (!settled(best.card)) {
    // The text direction was misjudged by a quarter turn (square-ish crops, busy backgrounds).
    const quarter = await uprightForOcr(page, -textDegrees + 90, crops.quarter);
    for (const image of [quarter, halfTurn(quarter)]) {
      const tried = await pass(image);
      if (readingScore(tried.card) > readingScore(best.card)) best = tried;
      if (settled(best.card)) break;
    }
  }

  const { image, card } = best;
  let panReread: FieldReading | null = null;
  const pan = card.pan;
  const panDoubtful = !pan || !pan.candidate.outcome.ok || pan.candidate.outcome.repairs.length > 0 || pan.confidence < 0.8;
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
  return { card, panReread, dateReread, panGlyphs: pan ? measurePanGlyphs(image, pan) : null, ocrCalls: calls };
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
  const widths = glyphWidths(image, box);
  return widths === null ? null : { line: pan.line, widths };
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
