import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ProblemError, type ProblemCode } from '../../core/errors.ts';
import type { UploadedFile } from '../../core/extraction/types.ts';
import { loadUpload } from '../../core/imaging/loadUpload.ts';
import type { ImagingLimits } from '../../core/imaging/types.ts';
import type { UploadPartSpec } from '../../core/plugins/types.ts';

const limits: ImagingLimits = { maxImagePixels: 50_000_000, maxPdfPages: 2, pdfDpi: 144 };
const filePart: UploadPartSpec[] = [{ name: 'file', required: true, description: 'the card', pdfPages: 'all' }];
const passportParts: UploadPartSpec[] = [
  { name: 'first_page', required: true, description: 'data page', pdfPages: 'first' },
  { name: 'last_page', required: false, description: 'last page', pdfPages: 'first' },
];
const tmp = mkdtempSync(path.join(tmpdir(), 'docex-imaging-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const file = (buffer: Buffer, field = 'file'): UploadedFile => ({ field, buffer });
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0c0c0' } }).png().toBuffer();

async function problemOf(promise: Promise<unknown>): Promise<{ code: ProblemCode; error: ProblemError }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProblemError) return { code: error.code, error };
    throw error;
  }
  throw new Error('expected a ProblemError');
}

async function pdfWithPages(count: number, text?: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < count; i += 1) {
    const page = doc.addPage([595, 842]);
    if (text !== undefined) page.drawText(text, { x: 72, y: 700, size: 24, font });
  }
  return Buffer.from(await doc.save());
}

/** Rows of the raw image whose left third has dark pixels: where drawn text landed. */
function darkRows(data: Buffer, width: number, height: number): number[] {
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (data[(y * width + x) * 3]! < 100) {
        rows.push(y);
        break;
      }
    }
  }
  return rows;
}

describe('loadUpload: images', () => {
  it('decodes a PNG lazily to RGB with its size known up front and a sha256', async () => {
    const bytes = await png(40, 30);
    const upload = await loadUpload([file(bytes)], filePart, limits, {});
    const part = upload.parts.file!;
    expect(part.mediaType).toBe('image/png');
    expect(part.byteLength).toBe(bytes.length);
    expect(part.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [page] = part.pages;
    expect([page?.width, page?.height, page?.source, page?.dpi, page?.textLayer]).toEqual([40, 30, 'image', null, null]);
    const image = await page!.image();
    expect([image.width, image.height, image.channels, image.data.length]).toEqual([40, 30, 3, 40 * 30 * 3]);
    expect(await page!.image()).toBe(image);
  });

  it.each([
    ['jpeg', (s: sharp.Sharp) => s.jpeg()],
    ['webp', (s: sharp.Sharp) => s.webp()],
    ['tiff', (s: sharp.Sharp) => s.tiff()],
    ['greyscale png with alpha', (s: sharp.Sharp) => s.greyscale().ensureAlpha().png()],
  ])('decodes %s to 3-channel RGB', async (_name, encode) => {
    const bytes = await encode(sharp({ create: { width: 24, height: 16, channels: 3, background: '#404040' } })).toBuffer();
    const image = await (await loadUpload([file(bytes)], filePart, limits, {})).parts.file!.pages[0]!.image();
    expect([image.width, image.height, image.channels]).toEqual([24, 16, 3]);
  });

  it('applies EXIF orientation 6: dimensions swapped before and after decoding', async () => {
    // A dark stripe along the stored top edge must end up on the right edge after a quarter turn clockwise.
    const stored = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#ffffff' } })
      .composite([{ input: { create: { width: 60, height: 4, channels: 3, background: '#000000' } }, top: 0, left: 0 }])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const page = (await loadUpload([file(stored)], filePart, limits, {})).parts.file!.pages[0]!;
    expect([page.width, page.height]).toEqual([20, 60]);
    const image = await page.image();
    expect([image.width, image.height]).toEqual([20, 60]);
    const at = (x: number, y: number) => image.data[(y * image.width + x) * 3]!;
    expect(at(19, 30)).toBeLessThan(80);
    expect(at(0, 30)).toBeGreaterThan(200);
  });

  it('refuses an image over the pixel limit', async () => {
    const { code } = await problemOf(loadUpload([file(await png(200, 100))], filePart, { ...limits, maxImagePixels: 19_999 }, {}));
    expect(code).toBe('image_too_large');
  });

  it.each([
    ['corrupt png body', async () => Buffer.concat([(await png(50, 50)).subarray(0, 60), Buffer.alloc(200, 7)])],
    ['truncated jpeg', async () => (await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } }).jpeg().toBuffer()).subarray(0, 120)],
  ])('maps a %s to unreadable_document', async (_name, make) => {
    const bytes = await make();
    const result = loadUpload([file(bytes)], filePart, limits, {}).then((u) => u.parts.file!.pages[0]!.image());
    expect((await problemOf(result)).code).toBe('unreadable_document');
  });

  it('refuses bytes that are no supported type, whatever the part is called', async () => {
    expect((await problemOf(loadUpload([file(Buffer.from('GIF89a....'))], filePart, limits, {}))).code).toBe('unsupported_media_type');
    expect((await problemOf(loadUpload([file(Buffer.alloc(0))], filePart, limits, {}))).code).toBe('unsupported_media_type');
  });
});

describe('loadUpload: parts', () => {
  it.each<[string, () => Promise<UploadedFile[]>, ProblemCode]>([
    ['a required part missing', async () => [file(await png(10, 10), 'last_page')], 'missing_file'],
    ['nothing sent', async () => [], 'missing_file'],
    ['an unknown part', async () => [file(await png(10, 10), 'first_page'), file(await png(10, 10), 'selfie')], 'unexpected_file'],
    ['two files in one part', async () => [file(await png(10, 10), 'first_page'), file(await png(10, 10), 'first_page')], 'invalid_request'],
  ])('%s', async (_name, make, code) => {
    expect((await problemOf(loadUpload(await make(), passportParts, limits, {}))).code).toBe(code);
  });

  it('loads an optional part when present and leaves it out when not', async () => {
    const both = await loadUpload([file(await png(10, 10), 'first_page'), file(await png(12, 12), 'last_page')], passportParts, limits, {});
    expect(Object.keys(both.parts).sort()).toEqual(['first_page', 'last_page']);
    const one = await loadUpload([file(await png(10, 10), 'first_page')], passportParts, limits, {});
    expect(Object.keys(one.parts)).toEqual(['first_page']);
  });
});

describe('loadUpload: PDFs', () => {
  it('reads the text layer in rendered-pixel coordinates and renders the page', async () => {
    const upload = await loadUpload([file(await pdfWithPages(1, 'INCOME TAX DEPARTMENT'))], filePart, limits, {});
    const part = upload.parts.file!;
    expect(part.mediaType).toBe('application/pdf');
    const page = part.pages[0]!;
    const k = 144 / 72;
    expect([page.source, page.dpi, page.width, page.height]).toEqual(['pdf', 144, Math.ceil(595 * k), Math.ceil(842 * k)]);
    const [item] = page.textLayer ?? [];
    expect(item?.text).toBe('INCOME TAX DEPARTMENT');
    expect(item?.x).toBeCloseTo(72 * k, 3);
    const baseline = (842 - 700) * k;
    expect(item!.y).toBeLessThan(baseline);
    expect(item!.y + item!.height).toBeGreaterThan(baseline);

    const image = await page.image();
    expect([image.width, image.height, image.channels]).toEqual([page.width, page.height, 3]);
    // The rendered glyphs sit inside the text item's box.
    const rows = darkRows(image.data, image.width, image.height);
    expect(rows.length).toBeGreaterThan(10);
    expect(Math.min(...rows)).toBeGreaterThanOrEqual(Math.floor(item!.y));
    expect(Math.max(...rows)).toBeLessThanOrEqual(Math.ceil(item!.y + item!.height));
  });

  it('gives a null text layer for a page without text', async () => {
    const upload = await loadUpload([file(await pdfWithPages(1))], filePart, limits, {});
    expect(upload.parts.file!.pages[0]!.textLayer).toBeNull();
  });

  it('caps the render at the pixel limit', async () => {
    const page = (await loadUpload([file(await pdfWithPages(1))], filePart, { ...limits, maxImagePixels: 100_000 }, {})).parts.file!.pages[0]!;
    expect(page.width * page.height).toBeLessThanOrEqual(100_000);
    const image = await page.image();
    expect([image.width, image.height]).toEqual([page.width, page.height]);
  });

  it('refuses 3 pages against a limit of 2, and 2 pages where one is expected', async () => {
    const three = await problemOf(loadUpload([file(await pdfWithPages(3))], filePart, limits, {}));
    expect(three.code).toBe('too_many_pages');
    const two = await problemOf(loadUpload([file(await pdfWithPages(2), 'first_page')], passportParts, limits, {}));
    expect(two.code).toBe('too_many_pages');
    expect(two.error.message).toMatch(/single page/);
    const ok = await loadUpload([file(await pdfWithPages(2))], filePart, limits, {});
    expect(ok.parts.file!.pages.map((p) => p.index)).toEqual([0, 1]);
  });

  it('maps an encrypted PDF: no password, wrong password, right password', async () => {
    const plain = path.join(tmp, 'plain.pdf');
    const locked = path.join(tmp, 'locked.pdf');
    writeFileSync(plain, await pdfWithPages(1, 'SECRET CARD'));
    execFileSync('qpdf', ['--encrypt', '01021990', 'owner-pass', '256', '--', plain, locked]);
    const bytes = readFileSync(locked);

    const none = await problemOf(loadUpload([file(bytes)], filePart, limits, {}));
    expect(none.code).toBe('pdf_encrypted');
    expect(String(none.error.extensions.hint)).toMatch(/password/);
    expect((await problemOf(loadUpload([file(bytes)], filePart, limits, { pdfPassword: '31121999' }))).code).toBe('pdf_password_incorrect');

    const page = (await loadUpload([file(bytes)], filePart, limits, { pdfPassword: '01021990' })).parts.file!.pages[0]!;
    expect(page.textLayer?.[0]?.text).toBe('SECRET CARD');
    expect(darkRows((await page.image()).data, page.width, page.height).length).toBeGreaterThan(10);
  });

  it('maps a broken PDF to unreadable_document', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 0x41)]);
    expect((await problemOf(loadUpload([file(broken)], filePart, limits, {}))).code).toBe('unreadable_document');
  });
});
