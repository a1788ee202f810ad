/**
 * Where the passport plugin says it read the printed fields, against where the generator drew them: generated data
 * pages, flat and uploaded turned a quarter at another scale, read with real OCR. The date of issue's polygon must
 * lie on the page around the printed date, and the names' polygons on the printed names, not the MRZ.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { passportPxPerMm, passportValueBoxMm, renderPassportDataPage, type PassportLayout } from '../../fixtures/passportPage.ts';
import { inventPassport } from '../../fixtures/passportRecord.ts';
import { createRandom } from '../../fixtures/random.ts';
import { td3Page } from '../../plugins/passport/mrz/td3Geometry.ts';
import { pagesOnDisk } from './pagesOnDisk.ts';
import { runPassportPlugin } from './runPassportPlugin.ts';

type Point = [number, number];
interface Upload {
  readonly name: string;
  readonly seed: number;
  readonly layout: PassportLayout;
  /** Uploaded pixels per page millimetre. */
  readonly pxPerMm: number;
  /** Turned a quarter clockwise before upload. */
  readonly turned: boolean;
}

const uploads: readonly Upload[] = [
  { name: 'modern, flat', seed: 1, layout: 'modern', pxPerMm: passportPxPerMm, turned: false },
  { name: 'compact, flat', seed: 2, layout: 'compact', pxPerMm: passportPxPerMm, turned: false },
  { name: 'classic, turned a quarter clockwise at 9 px/mm', seed: 3, layout: 'classic', pxPerMm: 9, turned: true },
];

const pageOf = (upload: Upload) => {
  const random = createRandom(upload.seed);
  const record = inventPassport(random.fork('record'));
  return { record, image: renderPassportDataPage(record, upload.layout, random.fork('page')) };
};

/** A page point in millimetres to the uploaded image's pixels. */
const toUpload = (upload: Upload, [x, y]: Point): Point =>
  upload.turned ? [(td3Page.heightMm - y) * upload.pxPerMm, x * upload.pxPerMm] : [x * upload.pxPerMm, y * upload.pxPerMm];

const centre = (polygon: readonly Point[]): Point => [
  (Math.min(...polygon.map((p) => p[0])) + Math.max(...polygon.map((p) => p[0]))) / 2,
  (Math.min(...polygon.map((p) => p[1])) + Math.max(...polygon.map((p) => p[1]))) / 2,
];

const onDisk = pagesOnDisk(
  'geometry',
  uploads,
  async (upload) => {
    const { image } = pageOf(upload);
    const width = Math.round(td3Page.widthMm * upload.pxPerMm);
    const height = Math.round(td3Page.heightMm * upload.pxPerMm);
    let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } }).resize(width, height);
    if (upload.turned) pipeline = sharp(await pipeline.png().toBuffer()).rotate(90);
    return { name: `page-${upload.seed}.png`, bytes: await pipeline.png().toBuffer(), keep: undefined };
  },
  { workers: 1 },
);

describe('passport geometry on generated pages', () => {
  it.each(uploads)('$name', async (upload) => {
    const { record } = pageOf(upload);
    const outcome = await runPassportPlugin(onDisk.ocr, { first_page: onDisk.file(upload).path });
    expect(outcome.ok, outcome.ok ? '' : outcome.detail).toBe(true);
    if (!outcome.ok) return;
    const { issue_date: issued, geometry } = outcome.result;
    const iso = (d: { y: number; m: number; d: number }) => `${d.y}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;
    expect(issued).toBe(iso(record.issue));

    const width = upload.turned ? td3Page.heightMm * upload.pxPerMm : td3Page.widthMm * upload.pxPerMm;
    const height = upload.turned ? td3Page.widthMm * upload.pxPerMm : td3Page.heightMm * upload.pxPerMm;
    const date = geometry?.['issue_date'];
    expect(date?.page).toBe(0);
    for (const [x, y] of date!.polygon) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(width);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(height);
    }
    // Around the printed date: the centres within 1.5 mm of each other.
    const drawn = passportValueBoxMm(record, upload.layout, 'issue');
    const [ex, ey] = toUpload(upload, [(drawn.x0 + drawn.x1) / 2, (drawn.y0 + drawn.y1) / 2]);
    const [cx, cy] = centre(date!.polygon);
    expect(Math.hypot(cx - ex, cy - ey) / upload.pxPerMm).toBeLessThan(1.5);

    // The names were read from the print: their outlines are around the printed names, above the MRZ.
    for (const [key, field] of [['surname', 'surname'], ['given_name', 'given']] as const) {
      const printed = passportValueBoxMm(record, upload.layout, field);
      const [px, py] = toUpload(upload, [(printed.x0 + printed.x1) / 2, (printed.y0 + printed.y1) / 2]);
      const [nx, ny] = centre(geometry![key]!.polygon);
      expect(Math.hypot(nx - px, ny - py) / upload.pxPerMm, key).toBeLessThan(1.5);
    }
    const full = geometry!['full_name']!.polygon;
    for (const key of ['surname', 'given_name'] as const) {
      const [nx, ny] = centre(geometry![key]!.polygon);
      expect(nx).toBeGreaterThan(Math.min(...full.map((p) => p[0])));
      expect(nx).toBeLessThan(Math.max(...full.map((p) => p[0])));
      expect(ny).toBeGreaterThan(Math.min(...full.map((p) => p[1])));
      expect(ny).toBeLessThan(Math.max(...full.map((p) => p[1])));
    }
  }, 60_000);
});
