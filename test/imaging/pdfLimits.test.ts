/**
 * Hostile PDFs are refused by the pre-scan before pdf.js parses them: Flate bombs of 1 and 4 GiB, an image
 * XObject declaring 20000² pixels, a 14400² page, ten of them, an object flood, and the same bombs encrypted.
 * The bombs are generated (test/support/hostilePdf.ts); how fast they are refused is measured by bench/hostile.ts.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ProblemError, type ProblemCode } from '../../core/errors.ts';
import { loadUpload } from '../../core/imaging/loadUpload.ts';
import { prescanPdf, type PdfScanLimits } from '../../core/imaging/pdfPrescan.ts';
import { DEFAULT_PDF_LIMITS, type ImagingLimits } from '../../core/imaging/types.ts';
import type { UploadPartSpec } from '../../core/plugins/types.ts';
import {
  buildPdf,
  contentBombPdf,
  encryptWithQpdf,
  flateZeros,
  hugePagesPdf,
  imageBombPdf,
  objectFloodPdf,
  pagesPdf,
} from '../support/hostilePdf.ts';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const limits: ImagingLimits = { maxImagePixels: 50_000_000, maxPdfPages: 10, pdfDpi: 200 };
const scanLimits: PdfScanLimits = {
  maxObjects: DEFAULT_PDF_LIMITS.maxPdfObjects,
  maxStreamBytes: DEFAULT_PDF_LIMITS.maxPdfStreamBytes,
  maxInflatedBytes: DEFAULT_PDF_LIMITS.maxPdfInflatedBytes,
  maxContentBytes: DEFAULT_PDF_LIMITS.maxPdfContentBytes,
  maxImagePixels: 50_000_000,
};
const parts: UploadPartSpec[] = [{ name: 'file', required: true, description: 'a document', pdfPages: 'all' }];

async function refusal(pdf: Buffer, options: { password?: string; limits?: ImagingLimits } = {}): Promise<ProblemError> {
  try {
    await loadUpload([{ field: 'file', buffer: pdf }], parts, options.limits ?? limits, { pdfPassword: options.password });
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const codeOf = async (pdf: Buffer, options: { password?: string; limits?: ImagingLimits } = {}): Promise<ProblemCode> =>
  (await refusal(pdf, options)).code;

describe('hostile PDFs are refused before pdf.js reads them', () => {
  it('the generated bomb is what it claims: a valid zlib stream of that many zeros, ~1/1000 its size', async () => {
    const bomb = flateZeros(32 * MiB);
    expect(bomb.length).toBeLessThan(40_000);
    const { inflateSync } = await import('node:zlib');
    const inflated = inflateSync(bomb);
    expect(inflated.length).toBe(32 * MiB);
    expect(inflated.every((byte) => byte === 0)).toBe(true);
  });

  it.each([
    ['1 GiB', 1 * GiB],
    ['4 GiB', 4 * GiB],
  ])('a %s Flate bomb, as page content or as image data: 413 pdf_too_complex at its cap', async (_, size) => {
    const pdf = contentBombPdf(size);
    expect(pdf.length).toBeLessThan(size / 900);
    const error = await refusal(pdf);
    expect([error.code, error.status, error.extensions]).toEqual(['pdf_too_complex', 413, { limit: DEFAULT_PDF_LIMITS.maxPdfContentBytes }]);
    const image = await refusal(imageBombPdf(2000, size));
    expect([image.code, image.extensions]).toEqual(['pdf_too_complex', { limit: DEFAULT_PDF_LIMITS.maxPdfStreamBytes }]);
  });

  it('content under the stream cap but over the content cap: pdf_too_complex (pdf.js tokenises it slowly)', async () => {
    const error = await refusal(contentBombPdf(16 * MiB));
    expect([error.code, error.extensions]).toEqual(['pdf_too_complex', { limit: DEFAULT_PDF_LIMITS.maxPdfContentBytes }]);
  });

  it('streams each under the cap but together over the document cap: pdf_too_complex', async () => {
    const images = Array.from({ length: 3 }, () => ({
      dict: '/Type/XObject/Subtype/Image/Width 4096/Height 4096/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/FlateDecode',
      stream: flateZeros(48 * MiB),
    }));
    const pdf = pagesPdf([{ width: 595, height: 842, content: { dict: '', stream: Buffer.from('\n') } }], images);
    const error = await refusal(pdf);
    expect([error.code, error.extensions]).toEqual(['pdf_too_complex', { limit: DEFAULT_PDF_LIMITS.maxPdfInflatedBytes }]);
  });

  it('a bomb behind two Flate filters, or ASCIIHex then Flate, is followed through the chain', async () => {
    const { deflateSync } = await import('node:zlib');
    const twice = deflateSync(flateZeros(1 * GiB));
    const hex = Buffer.from(`${flateZeros(1 * GiB).toString('hex')}>`, 'latin1');
    for (const [filter, stream] of [['[/FlateDecode/FlateDecode]', twice], ['[/AHx/Fl]', hex]] as const) {
      const pdf = pagesPdf([{ width: 595, height: 842, content: { dict: `/Filter${filter}`, stream } }]);
      expect(await codeOf(pdf)).toBe('pdf_too_complex');
    }
  });

  it('an image XObject declaring 20000x20000 pixels: 413 image_too_large, its stream never inflated', async () => {
    const error = await refusal(imageBombPdf(20_000, 1 * GiB));
    expect([error.code, error.status, error.extensions]).toEqual(['image_too_large', 413, { limit: 50_000_000 }]);
  });

  it('an image declaring a modest size over a 1 GiB stream: pdf_too_complex', async () => {
    expect(await codeOf(imageBombPdf(2000, 1 * GiB))).toBe('pdf_too_complex');
  });

  it('a JPEG whose own header says 20000x20000, whatever its dictionary says: image_too_large', async () => {
    const sof = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x4e, 0x20, 0x4e, 0x20, 0x03]);
    const image = { dict: '/Type/XObject/Subtype/Image/Width 10/Height 10/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/DCTDecode', stream: sof };
    const pdf = pagesPdf([{ width: 595, height: 842, content: { dict: '', stream: Buffer.from('\n') } }], [image]);
    expect(await codeOf(pdf)).toBe('image_too_large');
  });

  it.each([1, 10])('%i page(s) of 14400x14400 points: 413 image_too_large from the page size, never rendered', async (count) => {
    const pdf = hugePagesPdf(14_400, count);
    expect(pdf.length).toBeLessThan(3000);
    const error = await refusal(pdf);
    expect([error.code, error.extensions]).toEqual(['image_too_large', { limit: DEFAULT_PDF_LIMITS.maxPdfPagePixels, page: 1 }]);
  });

  it('the page size counts /UserUnit: an A4-sized box at UserUnit 20 is a huge page', async () => {
    const pdf = buildPdf([
      '<</Type/Catalog/Pages 2 0 R>>',
      '<</Type/Pages/Kids[3 0 R]/Count 1>>',
      '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/UserUnit 20/Resources<<>>>>',
    ]);
    expect(await codeOf(pdf)).toBe('image_too_large');
    const plain = buildPdf(['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[3 0 R]/Count 1>>', '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Resources<<>>>>']);
    const upload = await loadUpload([{ field: 'file', buffer: plain }], parts, limits, {});
    expect(upload.parts.file!.pages[0]!.width).toBe(Math.ceil((595 * 200) / 72));
  });

  it('more objects than the cap, loose or packed in an object stream, or a larger declared xref: pdf_too_complex', async () => {
    expect(await codeOf(objectFloodPdf(DEFAULT_PDF_LIMITS.maxPdfObjects + 1))).toBe('pdf_too_complex');
    const packed = pagesPdf([{ width: 595, height: 842, content: { dict: '', stream: Buffer.from('\n') } }], [
      { dict: '/Type/ObjStm/N 50000/First 0', stream: Buffer.from(' ') },
    ]);
    expect(await codeOf(packed)).toBe('pdf_too_complex');
    const declared = Buffer.from(
      buildPdf(['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[]/Count 0>>'])
        .toString('latin1')
        .replace('/Size 3', '/Size 9999999'),
      'latin1',
    );
    expect(await codeOf(declared)).toBe('pdf_too_complex');
  });

  it('the caps come from the limits: a smaller stream cap refuses what the default accepts', async () => {
    const pdf = imageBombPdf(2000, 16 * MiB);
    await expect(prescanPdf(pdf, scanLimits, { partName: 'file' })).resolves.toMatchObject({ inflatedBytes: 16 * MiB + 33 });
    expect(await codeOf(pdf, { limits: { ...limits, maxPdfStreamBytes: 8 * MiB } })).toBe('pdf_too_complex');
  });

  it('an ordinary PDF passes the pre-scan and opens', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]).drawText('HELLO', { x: 72, y: 700, size: 24, font: await doc.embedFont(StandardFonts.Helvetica) });
    const pdf = Buffer.from(await doc.save());
    const report = await prescanPdf(pdf, scanLimits, { partName: 'file' });
    expect(report.encrypted).toBe(false);
    expect(report.contentBytes).toBeGreaterThan(0);
    const upload = await loadUpload([{ field: 'file', buffer: pdf }], parts, limits, {});
    expect(upload.parts.file!.pages).toHaveLength(1);
  });
});

describe('encrypted PDFs: streams are decrypted with the password before they are bounded', () => {
  it.each([
    ['AES-256 (R6)', 256, []],
    ['AES-128 (R4)', 128, []],
    ['RC4-128 (R3)', 128, ['--use-aes=n']],
    ['RC4-40 (R2)', 40, []],
  ] as const)('%s: a 1 GiB bomb is refused with the user or the owner password', async (_, bits, extra) => {
    const pdf = encryptWithQpdf(contentBombPdf(1 * GiB), 'secret', bits, extra);
    expect(await codeOf(pdf, { password: 'secret' })).toBe('pdf_too_complex');
    expect(await codeOf(pdf, { password: 'owner-secret' })).toBe('pdf_too_complex');
    // No or a wrong password: pdf.js refuses before any stream is read, so there is nothing to bound.
    expect(await codeOf(pdf)).toBe('pdf_encrypted');
    expect(await codeOf(pdf, { password: 'nope' })).toBe('pdf_password_incorrect');
  });

  it.each([256, 128, 40] as const)('%i-bit: decryption is right, the inflated size equals the plain document\'s', async (bits) => {
    const plain = imageBombPdf(2000, 16 * MiB);
    const plainReport = await prescanPdf(plain, scanLimits, { partName: 'file' });
    const encrypted = await prescanPdf(encryptWithQpdf(plain, 'secret', bits), scanLimits, { partName: 'file', password: 'secret' });
    expect(encrypted).toMatchObject({ encrypted: true, inflatedBytes: plainReport.inflatedBytes });
    // An empty user password opens without one being sent, in pdf.js and here.
    const open = await prescanPdf(encryptWithQpdf(plain, '', bits), scanLimits, { partName: 'file' });
    expect(open.inflatedBytes).toBe(plainReport.inflatedBytes);
  });
});
