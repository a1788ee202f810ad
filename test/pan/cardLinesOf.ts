/** Card lines as a reader would produce them, from printed rows: words get boxes spread by character count. */
import type { CardLine, CardWord } from '../../plugins/pan/cardLines.ts';

export interface PrintedRow {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  /** Text height in pixels (default 24). */
  readonly h?: number;
  /** 0..1 (default 0.95). */
  readonly confidence?: number;
}

export function cardLinesOf(rows: readonly PrintedRow[]): CardLine[] {
  return rows.map(({ text, x, y, h = 24, confidence = 0.95 }) => {
    const perChar = h * 0.7;
    const words: CardWord[] = [];
    let at = 0;
    for (const part of text.split(' ')) {
      if (part.length > 0) words.push({ text: part, confidence, x0: x + at * perChar, y0: y, x1: x + (at + part.length) * perChar, y1: y + h });
      at += part.length + 1;
    }
    return { text, confidence, x0: x, y0: y, x1: x + text.length * perChar, y1: y + h, words };
  });
}
