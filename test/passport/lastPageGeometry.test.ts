/**
 * Where the passport plugin says it read the last page's fields, against where the generator drew them: an Indian
 * passport's data page and last page, the last page uploaded flat, and turned a quarter and tilted, read with real
 * OCR. Each field's polygon is on page 1 around its printed value.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { passportPxPerMm, renderPassportDataPage, renderPassportLastPage } from '../../fixtures/passportPage.ts';
import { inventPassport } from '../../fixtures/passportRecord.ts';
import { createRandom } from '../../fixtures/random.ts';
import { td3Page } from '../../plugins/passport/mrz/td3Geometry.ts';
import { boxOnUpload, type LastPageFrame, toUpload } from '../../plugins/passport/lastPage/lastPageFrame.ts';
import { pagesOnDisk } from './pagesOnDisk.ts';
import { runPassportPlugin } from './runPassportPlugin.ts';

type Point = [number, number];

const random = createRandom(9);
const record = inventPassport(random.fork('record'), { issuerCode: 'IND', withLastPage: true });
const widthPx = Math.round(td3Page.widthMm * passportPxPerMm);
const heightPx = Math.round(td3Page.heightMm * passportPxPerMm);

/** Where the generator draws each value (renderPassportLastPage): x from 8 mm, the value's cap band. */
const drawnMm: Record<string, { x0: number; y0: number; y1: number }> = {
  'last_page.father_name': { x0: 8, y0: 11, y1: 13.6 },
  'last_page.mother_name': { x0: 8, y0: 22, y1: 24.6 },
  'last_page.file_number': { x0: 84, y0: 73.2, y1: 75.6 },
};

const pngOf = (image: { data: Buffer | Uint8Array | Uint8ClampedArray; width: number; height: number }) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } }).png().toBuffer();

const onDisk = pagesOnDisk('last-geometry', ['first', 'last-flat', 'last-turned'] as const, async (name) => {
  if (name === 'first') return { name: 'first.png', bytes: await pngOf(renderPassportDataPage(record, 'classic', random.fork('page'))), keep: undefined };
  const png = await pngOf(renderPassportLastPage(record, 'classic', random.fork('last')));
  // Turned: a quarter turn clockwise, then 4 degrees more on a white canvas grown to hold it.
  const bytes = name === 'last-flat' ? png : await sharp(await sharp(png).rotate(90).png().toBuffer()).rotate(4, { background: '#ffffff' }).png().toBuffer();
  return { name: `${name}.png`, bytes, keep: undefined };
});

/** A point of the flat last page (mm) on the upload: flat, or turned 90° clockwise then 4° about the grown canvas. */
function onUpload(turned: boolean, [xMm, yMm]: Point): Point {
  const x = xMm * passportPxPerMm;
  const y = yMm * passportPxPerMm;
  if (!turned) return [x, y];
  const [qx, qy] = [heightPx - y, x];
  const a = (4 * Math.PI) / 180;
  const w = heightPx * Math.cos(a) + widthPx * Math.sin(a);
  const h = heightPx * Math.sin(a) + widthPx * Math.cos(a);
  const dx = qx - heightPx / 2;
  const dy = qy - widthPx / 2;
  return [w / 2 + dx * Math.cos(a) - dy * Math.sin(a), h / 2 + dx * Math.sin(a) + dy * Math.cos(a)];
}

/** How far `p` lies outside a convex outline (0 inside). */
function outside(polygon: readonly Point[], p: Point): number {
  const edges = polygon.map((a, i) => [a, polygon[(i + 1) % polygon.length]!] as const);
  const cross = edges.map(([a, b]) => (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]));
  if (cross.every((c) => c >= 0) || cross.every((c) => c <= 0)) return 0;
  return Math.min(
    ...edges.map(([a, b]) => {
      const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
      const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
      return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
    }),
  );
}

describe('toUpload', () => {
  it('undoes a level turn, a scale and a quarter turn of a cut page', () => {
    // A 400 × 200 cut at (10, 20), turned a quarter (200 × 400), scaled to 100 × 200, levelled by 0 degrees.
    const frame: LastPageFrame = { crop: { left: 10, top: 20, width: 400, height: 200 }, turn: 90, scaled: { width: 100, height: 200 }, level: { degrees: 0, width: 100, height: 200 } };
    // The turned page's top-left corner is the cut's bottom-left one.
    expect(toUpload(frame, [0, 0])).toEqual([10, 220]);
    expect(toUpload(frame, [100, 0])).toEqual([10, 20]);
    expect(boxOnUpload(frame, { x0: 0, y0: 0, x1: 100, y1: 200 })).toEqual([
      [10, 20],
      [410, 20],
      [410, 220],
      [10, 220],
    ]);
  });
});

describe('last page geometry on a generated Indian passport', () => {
  it.each([false, true])('turned a quarter and tilted: %s', async (turned) => {
    const outcome = await runPassportPlugin(onDisk.ocr, { first_page: onDisk.file('first').path, last_page: onDisk.file(turned ? 'last-turned' : 'last-flat').path });
    expect(outcome.ok, outcome.ok ? '' : outcome.detail).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.result.last_page?.father_name).toBe(record.lastPage!.father_name);
    const geometry = outcome.result.geometry!;
    for (const [key, drawn] of Object.entries(drawnMm)) {
      const polygon = geometry[key]?.polygon;
      expect(polygon, key).toBeDefined();
      expect(geometry[key]!.page, key).toBe(1);
      // The value's left end and its middle row lie inside the outline (within 1.5 mm).
      const [lx, ly] = onUpload(turned, [drawn.x0 + 1, (drawn.y0 + drawn.y1) / 2]);
      expect(outside(polygon!, [lx, ly]) / passportPxPerMm, key).toBeLessThan(1.5);
      // And the outline is a value's row, not the page: its shorter side (it may lie tilted) a few millimetres.
      const side = (i: number) => Math.hypot(polygon![(i + 1) % 4]![0] - polygon![i]![0], polygon![(i + 1) % 4]![1] - polygon![i]![1]);
      expect(Math.min(side(0), side(1)) / passportPxPerMm, key).toBeLessThan(8);
    }
    expect(geometry['last_page.address']?.page).toBe(1);
  }, 90_000);
});
