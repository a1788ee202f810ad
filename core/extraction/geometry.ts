/**
 * Where on the upload each field was read: the shared shape every plugin's result uses for its `geometry` member.
 *
 * `page` is the 0-based page index across the upload's parts in the plugin's part order: each image is one page,
 * a PDF adds its pages in order (a passport's first_page is page 0 and its last_page image page 1). `polygon` is
 * a closed outline, clockwise from the top-left corner, in pixels of the page as uploaded after EXIF rotation; for
 * a PDF, of the page as rendered (at DOCEX_PDF_DPI). A field that was not read from the image (absent, or taken
 * from a PDF text layer without positions) maps to null.
 */
import { z } from 'zod';

export const pointSchema = z
  .tuple([z.number(), z.number()])
  .describe('[x, y] in pixels, origin top-left of the page as uploaded (after EXIF rotation)');

export const fieldGeometrySchema = z
  .object({
    page: z.number().int().min(0).describe('0-based page index across the upload parts in order (each image one page, a PDF its pages)'),
    polygon: z
      .array(pointSchema)
      .min(3)
      .describe('Outline of the field, clockwise from its top-left corner, in page pixels'),
  })
  .describe('Where one field was read');

export const geometrySchema = z
  .record(z.string(), fieldGeometrySchema.nullable())
  .describe(
    'Where each field was read, keyed by field name (e.g. `passport_number`, `mrz.line1`); null when the field was not read from the image',
  );

export type Point = z.infer<typeof pointSchema>;
export type FieldGeometry = z.infer<typeof fieldGeometrySchema>;
export type Geometry = z.infer<typeof geometrySchema>;

/** Pure: an axis-aligned box as a polygon (clockwise from top-left), rounded to whole pixels. */
export function boxPolygon(box: { left: number; top: number; width: number; height: number }): Point[] {
  const x0 = Math.round(box.left);
  const y0 = Math.round(box.top);
  const x1 = Math.round(box.left + box.width);
  const y1 = Math.round(box.top + box.height);
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
}

/** Pure: the count of fields that carry a polygon, e.g. to check a drawing of them. */
export function locatedFieldCount(geometry: Geometry | undefined | null): number {
  return geometry === undefined || geometry === null ? 0 : Object.values(geometry).filter((entry) => entry !== null).length;
}
