/**
 * How the last page's OCR pixels relate to the page as uploaded: the page cut from a photo of it on a table, turned
 * upright by a quarter turn, scaled to the reading width, and turned level by a few degrees. Pure: the steps are
 * recorded as the reader takes them and undone point by point, so a field's box lands on the upload.
 */
import type { BoundingBox, OcrResult } from '../../../core/ocr/types.ts';
import type { Point } from '../../../core/extraction/geometry.ts';
import type { QuarterTurn } from '../../../core/imaging/pageImage.ts';
import type { LastPageFields } from '../result.ts';
import { lastPageFieldBoxes } from './lastPageFields.ts';

export interface LastPageFrame {
  /** Where the page was cut from the upload (its whole when it was not cut). */
  readonly crop: { readonly left: number; readonly top: number; readonly width: number; readonly height: number };
  /** Clockwise quarter turn applied to the cut page. */
  readonly turn: QuarterTurn;
  /** The turned page scaled to this size. */
  readonly scaled: { readonly width: number; readonly height: number };
  /** Degrees the scaled page was turned by to level it (sharp's clockwise sense), and the canvas that made; 0: none. */
  readonly level: { readonly degrees: number; readonly width: number; readonly height: number };
}

/** A point of the levelled, scaled page (the OCR's pixels) on the upload. */
export function toUpload(frame: LastPageFrame, [x, y]: Point): Point {
  let px = x;
  let py = y;
  const { scaled, level, crop, turn } = frame;
  if (level.degrees !== 0) {
    // Turned about the centre onto a canvas grown to hold it: turn back about the centres.
    const a = (-level.degrees * Math.PI) / 180;
    const dx = px - level.width / 2;
    const dy = py - level.height / 2;
    px = scaled.width / 2 + dx * Math.cos(a) - dy * Math.sin(a);
    py = scaled.height / 2 + dx * Math.sin(a) + dy * Math.cos(a);
  }
  const quarter = turn === 90 || turn === 270;
  const turnedWidth = quarter ? crop.height : crop.width;
  const turnedHeight = quarter ? crop.width : crop.height;
  const tx = (px * turnedWidth) / scaled.width;
  const ty = (py * turnedHeight) / scaled.height;
  // Undo the clockwise quarter turn of a crop.width × crop.height page.
  const [ux, uy] = turn === 90 ? [ty, crop.height - tx] : turn === 180 ? [crop.width - tx, crop.height - ty] : turn === 270 ? [crop.width - ty, tx] : [tx, ty];
  return [crop.left + ux, crop.top + uy];
}

/** A box of the OCR's pixels as an outline on the upload, clockwise from its top-left corner there. */
export function boxOnUpload(frame: LastPageFrame, box: BoundingBox): Point[] {
  const corners: Point[] = [
    [box.x0, box.y0],
    [box.x1, box.y0],
    [box.x1, box.y1],
    [box.x0, box.y1],
  ].map((p) => toUpload(frame, p as Point));
  // After a quarter turn another corner is the top-left one: start there, keep the order (turns keep it clockwise).
  const start = corners.reduce((best, p, i) => (p[0] + p[1] < corners[best]![0] + corners[best]![1] ? i : best), 0);
  return [...corners.slice(start), ...corners.slice(0, start)].map(([x, y]) => [Math.round(x), Math.round(y)]);
}

/** The last page is the upload's second page: the first_page part gives one page (a PDF its first). */
const lastPageIndex = 1;

/** `last_page.<field>` -> where it was read on the uploaded last page; null for a field not read. */
export function lastPageGeometry(
  reading: { readonly ocr: OcrResult; readonly frame: LastPageFrame; readonly size: { readonly width: number; readonly height: number } },
  fields: LastPageFields,
): Record<string, { page: number; polygon: Point[] } | null> {
  const boxes = lastPageFieldBoxes(reading.ocr, reading.size, fields);
  return Object.fromEntries(
    (Object.keys(fields) as (keyof LastPageFields)[]).map((field) => {
      const box = boxes[field];
      return [`last_page.${field}`, box === undefined ? null : { page: lastPageIndex, polygon: boxOnUpload(reading.frame, box) }];
    }),
  );
}
