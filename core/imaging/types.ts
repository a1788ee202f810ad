/** What the imaging layer hands to the extraction pipeline: decoded, upright-by-EXIF pages. */

export type DetectedMediaType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/tiff' | 'application/pdf';

/** Raw interleaved pixels, row-major, no padding. */
export interface RawImage {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
  readonly channels: 1 | 3 | 4;
}

/** One run of text from a PDF text layer, in the rendered page's pixel coordinates (origin top-left). */
export interface PdfTextItem {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface Page {
  /** 0-based index of the page within its upload part. */
  readonly index: number;
  readonly source: 'image' | 'pdf';
  /** Pixel size of `image()`; known before rendering. */
  readonly width: number;
  readonly height: number;
  /** Decoded RGB pixels (EXIF orientation applied for images; PDFs rendered at `dpi`). Lazy and memoised. */
  image(): Promise<RawImage>;
  /** The PDF text layer, or null for images and for PDF pages without text. */
  readonly textLayer: readonly PdfTextItem[] | null;
  /** Rendering resolution of PDF pages; null for images. */
  readonly dpi: number | null;
}

export interface LoadedPart {
  /** Form part name, e.g. `first_page` or `file`. */
  readonly name: string;
  readonly mediaType: DetectedMediaType;
  readonly byteLength: number;
  /** Hex sha256 of the uploaded bytes. */
  readonly sha256: string;
  readonly pages: readonly Page[];
}

/** Everything a request uploaded, decoded. Plain form fields (e.g. a PDF `password`) are not kept here. */
export interface LoadedUpload {
  readonly parts: Readonly<Record<string, LoadedPart>>;
}

export interface ImagingLimits {
  readonly maxImagePixels: number;
  readonly maxPdfPages: number;
  /** Resolution PDF pages are rendered at. */
  readonly pdfDpi: number;
  /** A PDF page larger than this at `pdfDpi` (MediaBox, /Rotate and /UserUnit applied) is refused, never rendered. */
  readonly maxPdfPagePixels?: number;
  /** Indirect objects a PDF may hold, those in object streams included. */
  readonly maxPdfObjects?: number;
  /** Decompressed bytes of one PDF stream, and of all of a PDF's streams together. */
  readonly maxPdfStreamBytes?: number;
  readonly maxPdfInflatedBytes?: number;
  /** Decompressed bytes of a PDF's content streams (what pdf.js tokenises, slowly). */
  readonly maxPdfContentBytes?: number;
}

/** The PDF limits' defaults, the same as the configuration's (core/config.ts). */
export const DEFAULT_PDF_LIMITS = {
  maxPdfPagePixels: 25_000_000,
  maxPdfObjects: 10_000,
  maxPdfStreamBytes: 64 * 1024 * 1024,
  maxPdfInflatedBytes: 128 * 1024 * 1024,
  maxPdfContentBytes: 4 * 1024 * 1024,
} as const;

/**
 * Implemented by `loadUpload` in core/imaging/loadUpload.ts:
 *   loadUpload(files, parts, limits, { pdfPassword }) -> LoadedUpload
 * Decides each file's type by its bytes, decodes images (EXIF orientation applied, pixel limit), opens PDFs
 * (page limit, password, object/stream/page-size limits) and throws ProblemError: unsupported_media_type,
 * image_too_large, too_many_pages, pdf_too_complex,
 * pdf_encrypted, pdf_password_incorrect, unreadable_document, missing_file, unexpected_file.
 */
export type LoadUpload = (
  files: readonly import('../extraction/types.ts').UploadedFile[],
  parts: readonly import('../plugins/types.ts').UploadPartSpec[],
  limits: ImagingLimits,
  options: { readonly pdfPassword?: string | undefined },
) => Promise<LoadedUpload>;
