/** Turns a request's uploaded files into decoded pages, checking parts, types and limits before any OCR. */
import { createHash } from 'node:crypto';
import { ProblemError } from '../errors.ts';
import type { UploadedFile } from '../extraction/types.ts';
import type { UploadPartSpec } from '../plugins/types.ts';
import { detectMediaType } from './detectMediaType.ts';
import { openImagePage } from './imagePage.ts';
import { openPdfPages } from './pdfPages.ts';
import { DEFAULT_PDF_LIMITS, type ImagingLimits, type LoadedPart, type LoadedUpload, type LoadUpload } from './types.ts';

/** Checks the set of file parts against the plugin's spec: no strangers, no duplicates, nothing required missing. */
export function matchParts(files: readonly UploadedFile[], parts: readonly UploadPartSpec[]): Map<UploadPartSpec, UploadedFile> {
  const specs = new Map(parts.map((part) => [part.name, part]));
  const matched = new Map<UploadPartSpec, UploadedFile>();
  for (const file of files) {
    const spec = specs.get(file.field);
    if (spec === undefined) {
      throw new ProblemError('unexpected_file', `Unexpected file part "${file.field}".`, {
        extensions: { part: file.field, accepted: parts.map((part) => part.name) },
      });
    }
    if (matched.has(spec)) {
      throw new ProblemError('invalid_request', `Part "${file.field}" carries more than one file; send one file per part.`, {
        extensions: { part: file.field },
      });
    }
    matched.set(spec, file);
  }
  const missing = parts.filter((part) => part.required && !matched.has(part)).map((part) => part.name);
  if (missing.length > 0) {
    throw new ProblemError('missing_file', `Missing required file part${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`, {
      extensions: { missing },
    });
  }
  return matched;
}

async function loadPart(
  file: UploadedFile,
  spec: UploadPartSpec,
  limits: ImagingLimits,
  pdfPassword: string | undefined,
): Promise<LoadedPart> {
  const mediaType = detectMediaType(file.buffer);
  if (mediaType === null) {
    throw new ProblemError(
      'unsupported_media_type',
      file.buffer.length === 0
        ? `The file in part "${file.field}" is empty.`
        : `The file in part "${file.field}" is not a JPEG, PNG, WebP, TIFF or PDF.`,
      { extensions: { part: file.field, accepted: ['image/jpeg', 'image/png', 'image/webp', 'image/tiff', 'application/pdf'] } },
    );
  }
  const pages =
    mediaType === 'application/pdf'
      ? await openPdfPages(file.buffer, {
          partName: file.field,
          maxPdfPages: limits.maxPdfPages,
          maxImagePixels: limits.maxImagePixels,
          dpi: limits.pdfDpi,
          maxPagePixels: limits.maxPdfPagePixels ?? DEFAULT_PDF_LIMITS.maxPdfPagePixels,
          scan: {
            maxObjects: limits.maxPdfObjects ?? DEFAULT_PDF_LIMITS.maxPdfObjects,
            maxStreamBytes: limits.maxPdfStreamBytes ?? DEFAULT_PDF_LIMITS.maxPdfStreamBytes,
            maxInflatedBytes: limits.maxPdfInflatedBytes ?? DEFAULT_PDF_LIMITS.maxPdfInflatedBytes,
            maxImagePixels: limits.maxImagePixels,
            maxContentBytes: limits.maxPdfContentBytes ?? DEFAULT_PDF_LIMITS.maxPdfContentBytes,
          },
          pdfPages: spec.pdfPages,
          password: pdfPassword,
        })
      : [await openImagePage(file.buffer, file.field, limits.maxImagePixels)];
  return {
    name: file.field,
    mediaType,
    byteLength: file.buffer.length,
    sha256: createHash('sha256').update(file.buffer).digest('hex'),
    pages,
  };
}

export const loadUpload: LoadUpload = async (files, parts, limits, options) => {
  const matched = matchParts(files, parts);
  const loaded: Record<string, LoadedPart> = {};
  // One part after another: bounded memory, and the first refusal stops the rest.
  for (const spec of parts) {
    const file = matched.get(spec);
    if (file !== undefined) loaded[spec.name] = await loadPart(file, spec, limits, options.pdfPassword);
  }
  return { parts: loaded };
};
