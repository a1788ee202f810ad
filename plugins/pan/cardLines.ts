/**
 * The one shape both readers produce for the layout parser: lines of words with boxes, top to bottom. OCR output
 * and a PDF text layer are both turned into this, so labels and positions are found by the same code.
 */
import type { PdfTextItem } from '../../core/imaging/types.ts';
import type { OcrResult } from '../../core/ocr/types.ts';

export interface CardWord {
  readonly text: string;
  /** 0..1 */
  readonly confidence: number;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface CardLine {
  readonly text: string;
  /** 0..1 */
  readonly confidence: number;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly words: readonly CardWord[];
}

/** OCR lines as card lines, sorted top to bottom; empty lines dropped. */
export function linesFromOcr(result: OcrResult): CardLine[] {
  const lines: CardLine[] = [];
  for (const line of result.lines) {
    const words = line.words
      .filter((w) => w.text.trim().length > 0)
      .map((w) => ({ text: w.text.trim(), confidence: w.confidence / 100, ...w.bbox }));
    if (words.length === 0) continue;
    lines.push({ text: words.map((w) => w.text).join(' '), confidence: line.confidence / 100, ...line.bbox, words });
  }
  return mergeRowFragments(lines.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0));
}

/**
 * Tesseract sometimes splits one printed line into fragments side by side (a name broken at a guilloche
 * crossing). Fragments that share a row and nearly touch are joined, left to right.
 */
export function mergeRowFragments(lines: readonly CardLine[]): CardLine[] {
  const out: CardLine[] = [];
  for (const line of lines) {
    const h = line.y1 - line.y0;
    const partner = out.find((o) => {
      const overlap = Math.min(o.y1, line.y1) - Math.max(o.y0, line.y0);
      const oh = o.y1 - o.y0;
      const gap = line.x0 >= o.x1 ? line.x0 - o.x1 : o.x0 >= line.x1 ? o.x0 - line.x1 : -1;
      return overlap > 0.6 * Math.min(h, oh) && Math.abs(h - oh) < 0.5 * Math.max(h, oh) && gap >= 0 && gap < 1.2 * Math.max(h, oh);
    });
    if (!partner) {
      out.push(line);
      continue;
    }
    const [left, right] = partner.x0 <= line.x0 ? [partner, line] : [line, partner];
    const words = [...left.words, ...right.words];
    const merged: CardLine = {
      text: `${left.text} ${right.text}`,
      confidence: (left.confidence * left.words.length + right.confidence * right.words.length) / words.length,
      x0: Math.min(left.x0, right.x0),
      y0: Math.min(left.y0, right.y0),
      x1: Math.max(left.x1, right.x1),
      y1: Math.max(left.y1, right.y1),
      words,
    };
    out[out.indexOf(partner)] = merged;
  }
  return out;
}

/**
 * Groups text-layer runs into lines: runs whose vertical centres lie within half a run's height of each other
 * share a line; a wide horizontal gap starts a separate line (two columns side by side).
 */
export function linesFromTextLayer(items: readonly PdfTextItem[]): CardLine[] {
  const runs = items
    .filter((i) => i.text.trim().length > 0)
    .map((i) => ({ text: i.text.trim(), x0: i.x, y0: i.y, x1: i.x + i.width, y1: i.y + i.height }))
    .sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1) || a.x0 - b.x0);
  const rows: (typeof runs)[] = [];
  for (const run of runs) {
    const cy = (run.y0 + run.y1) / 2;
    const h = Math.max(1, run.y1 - run.y0);
    const row = rows.find((r) => {
      const first = r[0];
      if (first === undefined) return false;
      const rcy = (first.y0 + first.y1) / 2;
      return Math.abs(rcy - cy) < Math.max(h, first.y1 - first.y0) / 2;
    });
    if (row) row.push(run);
    else rows.push([run]);
  }
  const lines: CardLine[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x0 - b.x0);
    let current: typeof row = [];
    const flush = (): void => {
      if (current.length === 0) return;
      const words = current.flatMap((r) => splitRun(r));
      lines.push({
        text: words.map((w) => w.text).join(' '),
        confidence: 1,
        x0: Math.min(...current.map((r) => r.x0)),
        y0: Math.min(...current.map((r) => r.y0)),
        x1: Math.max(...current.map((r) => r.x1)),
        y1: Math.max(...current.map((r) => r.y1)),
        words,
      });
      current = [];
    };
    for (const run of row) {
      const prev = current[current.length - 1];
      const h = Math.max(1, run.y1 - run.y0);
      if (prev !== undefined && run.x0 - prev.x1 > 3 * h) flush();
      current.push(run);
    }
    flush();
  }
  return lines.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}

/** A text-layer run may hold several words; spread the run's box over them by character count. */
function splitRun(run: { text: string; x0: number; y0: number; x1: number; y1: number }): CardWord[] {
  const parts = run.text.split(/\s+/).filter((p) => p.length > 0);
  const total = run.text.length || 1;
  const perChar = (run.x1 - run.x0) / total;
  const words: CardWord[] = [];
  let offset = 0;
  for (const p of parts) {
    const at = run.text.indexOf(p, offset);
    words.push({ text: p, confidence: 1, x0: run.x0 + at * perChar, y0: run.y0, x1: run.x0 + (at + p.length) * perChar, y1: run.y1 });
    offset = at + p.length;
  }
  return words;
}
