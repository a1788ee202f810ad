/**
 * The passport plugin's intermediate types, one per hook boundary. Exported so that a stage can be tested on a
 * recorded input (decode on recorded readings, with no OCR).
 */
import type { RawImage } from '../../core/imaging/types.ts';
import type { OcrResult } from '../../core/ocr/types.ts';
import type { PrintedBox } from './fieldGeometry.ts';
import type { LastPageReading } from './lastPage/lastPageReader.ts';
import type { MrzReading, Td3Parse } from './mrz/index.ts';
import type { RefinedNames } from './viz/vizFields.ts';

/** What preprocess hands on: the pages as raw pixels. */
export interface Prepared {
  readonly first: RawImage;
  readonly last: RawImage | null;
}

/** What locate hands on: the MRZ read and parsed, and the data page it rectified. */
export interface Located {
  readonly reading: MrzReading;
  readonly parse: Td3Parse;
  /** The data page upright and rectified (the MRZ reader's), or the upright photo when it gave none. */
  readonly page: { readonly image: RawImage; readonly pxPerMm: number | null };
  readonly last: RawImage | null;
}

/** What read hands on: the printed page's OCR passes and the last page; decode needs no OCR after this. */
export interface Readings {
  readonly located: Located;
  readonly viz: OcrResult;
  /** A second, sharper pass over the field zone, made only when the first found no date of issue. */
  readonly vizSharper: OcrResult | null;
  /** The field zone's print as dark as the MRZ's ink alone, read only when neither pass found a date of issue. */
  readonly vizInk?: OcrResult | null;
  /**
   * The same ink page where it was read for a name only (vizInk null): not a date's source, but a reading of the
   * print whose 5/10-year rule dates are rivals all the same (rivalRuleDates).
   */
  readonly vizInkForNames?: OcrResult | null;
  readonly refined: RefinedNames;
  /** Where each name line re-read into `refined` was found (the words of the pass it was found in). */
  readonly nameLines: { readonly surname: PrintedBox | null; readonly givenNames: PrintedBox | null };
  /** True when the input was too small for its printed page to be read (legiblePrintPxPerMm): nothing was read. */
  readonly printTooSmall?: boolean;
  /** Undefined when no last page was sent; null when it was sent but not read. */
  readonly lastPage: LastPageReading | null | undefined;
}
