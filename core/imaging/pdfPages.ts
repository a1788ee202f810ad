/**
 * An uploaded PDF as Pages: opened once to learn page count, sizes and text layers; each page is rendered on first
 * use by reopening the document, so no pdf.js document outlives the work that needs it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderParameters } from 'pdfjs-dist/types/src/display/api.d.ts';
import { ProblemError } from '../errors.ts';
import { withDeadline } from './deadline.ts';
import { prescanPdf, type PdfScanLimits } from './pdfPrescan.ts';
import { pdfTextLayerToPixels, type PdfJsTextRun } from './pdfTextLayer.ts';
import { DEFAULT_PDF_LIMITS, type Page, type RawImage } from './types.ts';

const OPEN_TIMEOUT_MS = 20_000;
const RENDER_TIMEOUT_MS = 30_000;
const POINTS_PER_INCH = 72;

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const localAsset = (dir: string): string => path.join(pdfjsRoot, dir) + path.sep;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsModule: Promise<PdfJs> | undefined;
// Loaded on first PDF: the module is large and most uploads are images.
const loadPdfJs = (): Promise<PdfJs> => (pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** A one-page PDF with a broken xref on purpose: pdf.js repairs it, which exercises the whole open path. */
const TINY_PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
  '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/**
 * Loads pdf.js and its in-process worker and renders a tiny page, so the first uploaded PDF does not pay for it
 * (about two seconds). Call once at start-up.
 */
export async function warmUpPdfRendering(): Promise<void> {
  const [page] = await openPdfPages(Buffer.from(TINY_PDF, 'latin1'), {
    partName: 'warm-up',
    maxPdfPages: 1,
    maxImagePixels: 10_000,
    dpi: 72,
    pdfPages: 'first',
  });
  await page?.image();
}

export interface PdfOpenOptions {
  readonly partName: string;
  readonly maxPdfPages: number;
  readonly maxImagePixels: number;
  readonly dpi: number;
  /** `first`: a PDF with more than one page is refused. */
  readonly pdfPages: 'first' | 'all';
  readonly password?: string | undefined;
  /** Pixels a page may have at `dpi`, before any rendering; default DEFAULT_PDF_LIMITS.maxPdfPagePixels. */
  readonly maxPagePixels?: number;
  /** Limits of the pre-scan of the bytes; defaults from DEFAULT_PDF_LIMITS. */
  readonly scan?: PdfScanLimits;
}

/** Pixels per PDF point: the requested dpi, reduced when the page would exceed the pixel limit. */
export function pdfRenderScale(widthPt: number, heightPt: number, dpi: number, maxImagePixels: number): number {
  const pixelsAt = (scale: number): number => Math.ceil(widthPt * scale) * Math.ceil(heightPt * scale);
  const wanted = dpi / POINTS_PER_INCH;
  if (pixelsAt(wanted) <= maxImagePixels) return wanted;
  let scale = Math.sqrt(maxImagePixels / (widthPt * heightPt));
  // Rounding the canvas up can overshoot by a row or column: step down until it fits.
  while (pixelsAt(scale) > maxImagePixels) scale *= 0.999;
  return scale;
}

const encryptedHint = 'Send the PDF password in the `password` form field. e-PAN PDFs use the holder\'s date of birth as DDMMYYYY.';

function mapOpenError(partName: string, cause: unknown): ProblemError {
  if (cause instanceof ProblemError) return cause;
  const named = cause as { name?: string; code?: number } | null;
  if (named?.name === 'PasswordException') {
    // pdf.js PasswordResponses: 1 = NEED_PASSWORD, 2 = INCORRECT_PASSWORD.
    return named.code === 2
      ? new ProblemError('pdf_password_incorrect', `The password for the PDF in part "${partName}" is incorrect.`, {
          extensions: { hint: encryptedHint },
        })
      : new ProblemError('pdf_encrypted', `The PDF in part "${partName}" is password-protected.`, {
          extensions: { hint: encryptedHint },
        });
  }
  return new ProblemError('unreadable_document', `The PDF in part "${partName}" could not be read.`, { cause });
}

async function openDocument(bytes: Buffer, options: PdfOpenOptions): Promise<{ pdf: PDFDocumentProxy; task: PDFDocumentLoadingTask }> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdf.js transfers (detaches) the buffer it is given: hand it a copy.
    data: new Uint8Array(bytes),
    password: options.password,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    standardFontDataUrl: localAsset('standard_fonts'),
    cMapUrl: localAsset('cmaps'),
    cMapPacked: true,
    wasmUrl: localAsset('wasm'),
    iccUrl: localAsset('iccs'),
    // Never stream or range-request anything: all bytes are here.
    disableRange: true,
    disableStream: true,
    disableAutoFetch: true,
    verbosity: 0,
    // An image larger than the pixel limit is skipped before it is decoded (the pre-scan refuses the ones it sees;
    // this also covers inline images inside content streams).
    maxImageSize: options.maxImagePixels,
  });
  try {
    const pdf = await withDeadline(task.promise, OPEN_TIMEOUT_MS, 'Opening the PDF', () => void task.destroy());
    return { pdf, task };
  } catch (cause) {
    await task.destroy().catch(() => undefined);
    throw mapOpenError(options.partName, cause);
  }
}

/** RGBA from the canvas to RGB; pdf.js paints a white background, so alpha carries nothing. */
function rgbaToRgb(rgba: Uint8ClampedArray, width: number, height: number): RawImage {
  const data = Buffer.allocUnsafe(width * height * 3);
  for (let src = 0, dst = 0; src < rgba.length; src += 4, dst += 3) {
    data[dst] = rgba[src]!;
    data[dst + 1] = rgba[src + 1]!;
    data[dst + 2] = rgba[src + 2]!;
  }
  return { data, width, height, channels: 3 };
}

async function renderPage(bytes: Buffer, pageNumber: number, scale: number, options: PdfOpenOptions): Promise<RawImage> {
  const { pdf, task } = await openDocument(bytes, options);
  try {
    const page = await pdf.getPage(pageNumber);
    const viewport = page.getViewport({ scale });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    const canvas = createCanvas(width, height);
    // pdf.js's types name the DOM canvas; @napi-rs/canvas is its Node stand-in.
    const render = page.render({ canvas: canvas as unknown as RenderParameters['canvas'], viewport, background: '#ffffff' });
    await withDeadline(render.promise, RENDER_TIMEOUT_MS, 'Rendering the PDF page', () => render.cancel());
    const pixels = canvas.getContext('2d').getImageData(0, 0, width, height);
    return rgbaToRgb(pixels.data, width, height);
  } catch (cause) {
    throw mapOpenError(options.partName, cause);
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

export async function openPdfPages(bytes: Buffer, options: PdfOpenOptions): Promise<Page[]> {
  // Bounds every stream, object count and embedded image before pdf.js parses anything.
  const scan = options.scan ?? {
    maxObjects: DEFAULT_PDF_LIMITS.maxPdfObjects,
    maxStreamBytes: DEFAULT_PDF_LIMITS.maxPdfStreamBytes,
    maxInflatedBytes: DEFAULT_PDF_LIMITS.maxPdfInflatedBytes,
    maxImagePixels: options.maxImagePixels,
    maxContentBytes: DEFAULT_PDF_LIMITS.maxPdfContentBytes,
  };
  await prescanPdf(bytes, scan, { partName: options.partName, password: options.password });
  const maxPagePixels = options.maxPagePixels ?? DEFAULT_PDF_LIMITS.maxPdfPagePixels;
  const { pdf, task } = await openDocument(bytes, options);
  try {
    const pageCount = pdf.numPages;
    if (options.pdfPages === 'first' && pageCount > 1) {
      throw new ProblemError('too_many_pages', `Part "${options.partName}" takes a single page; the PDF has ${pageCount} pages.`, {
        extensions: { limit: 1, pages: pageCount },
      });
    }
    if (pageCount > options.maxPdfPages) {
      throw new ProblemError('too_many_pages', `The PDF in part "${options.partName}" has ${pageCount} pages; the limit is ${options.maxPdfPages}.`, {
        extensions: { limit: options.maxPdfPages, pages: pageCount },
      });
    }
    const pages: Page[] = [];
    for (let index = 0; index < pageCount; index += 1) {
      const page = await withDeadline(pdf.getPage(index + 1), OPEN_TIMEOUT_MS, 'Reading the PDF page');
      // At scale 1 the viewport holds the page's size in points with /Rotate and /UserUnit applied.
      const natural = page.getViewport({ scale: 1 });
      const wanted = options.dpi / POINTS_PER_INCH;
      const pagePixels = Math.ceil(natural.width * wanted) * Math.ceil(natural.height * wanted);
      if (!(pagePixels <= maxPagePixels)) {
        throw new ProblemError(
          'image_too_large',
          `Page ${index + 1} of the PDF in part "${options.partName}" would be ${Math.ceil(natural.width * wanted)}x${Math.ceil(natural.height * wanted)} pixels at ${options.dpi} dpi; the limit is ${maxPagePixels} pixels.`,
          { extensions: { limit: maxPagePixels, page: index + 1 } },
        );
      }
      const scale = pdfRenderScale(natural.width, natural.height, options.dpi, options.maxImagePixels);
      const viewport = page.getViewport({ scale });
      const content = await withDeadline(page.getTextContent(), OPEN_TIMEOUT_MS, 'Reading the PDF text layer');
      const runs = content.items.filter((item): item is PdfJsTextRun & typeof item => 'str' in item);
      const textLayer = pdfTextLayerToPixels(runs, viewport.transform, scale);
      let rendered: Promise<RawImage> | undefined;
      pages.push({
        index,
        source: 'pdf',
        width: Math.ceil(viewport.width),
        height: Math.ceil(viewport.height),
        image: () => (rendered ??= renderPage(bytes, index + 1, scale, options)),
        textLayer,
        // The effective resolution, lower than asked when the pixel cap applied.
        dpi: Math.round(scale * POINTS_PER_INCH),
      });
      page.cleanup();
    }
    return pages;
  } catch (cause) {
    throw mapOpenError(options.partName, cause);
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
