/** Maps a pdf.js text layer from PDF user space into the rendered page's pixels (top-left origin). */
import type { PdfTextItem } from './types.ts';

/** What pdf.js's getTextContent returns per run that we use. */
export interface PdfJsTextRun {
  readonly str: string;
  /** [a, b, c, d, e, f] from text space to PDF user space; (e, f) is the baseline origin. */
  readonly transform: readonly number[];
  /** Advance width in user space units. */
  readonly width: number;
}

/** Share of the font size above the baseline; a typical Latin em box is ~0.8 ascent, ~0.2 descent. */
const ASCENT = 0.8;

const multiply = (m: readonly number[], n: readonly number[]): number[] => {
  const [a1 = 0, b1 = 0, c1 = 0, d1 = 0, e1 = 0, f1 = 0] = m;
  const [a2 = 0, b2 = 0, c2 = 0, d2 = 0, e2 = 0, f2 = 0] = n;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
};

/**
 * @param viewportTransform the pdf.js viewport transform (user space -> pixels, y down, page rotation included)
 * @param scale pixels per user-space unit
 * Returns null when no run carries visible text.
 */
export function pdfTextLayerToPixels(
  runs: readonly PdfJsTextRun[],
  viewportTransform: readonly number[],
  scale: number,
): PdfTextItem[] | null {
  const items: PdfTextItem[] = [];
  for (const run of runs) {
    if (run.str.trim() === '') continue;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = multiply(viewportTransform, run.transform);
    const fontSize = Math.hypot(c, d);
    const angle = Math.atan2(b, a);
    const along = [Math.cos(angle), Math.sin(angle)] as const;
    // "Up" from the baseline in pixel space (y grows downwards).
    const up = [Math.sin(angle), -Math.cos(angle)] as const;
    const advance = run.width * scale;
    const corners = [
      [0, ASCENT],
      [advance, ASCENT],
      [0, ASCENT - 1],
      [advance, ASCENT - 1],
    ].map(([s = 0, u = 0]) => {
      const rise = u * fontSize;
      return [e + along[0] * s + up[0] * rise, f + along[1] * s + up[1] * rise] as const;
    });
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    items.push({ text: run.str, x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y });
  }
  return items.length > 0 ? items : null;
}
