/**
 * The passport document plugin: the MRZ reader finds and reads the TD3 zone and rectifies the data page; the
 * printed page (VIZ) gives the names as printed and the date of issue; an optional last page gives the Indian
 * passport's family and address fields. One credit per page image sent.
 */
import { defineDocumentPlugin, PLUGIN_API_VERSION } from '../../core/plugins/types.ts';
import type { PluginContext } from '../../core/plugins/types.ts';
import type { RawImage } from '../../core/imaging/types.ts';
import type { OcrResult } from '../../core/ocr/types.ts';
import { mrzGuidesFromOcr, otherLayoutProven, parseTd3, readMrz, type MrzReading, type Td3Parse } from './mrz/index.ts';
import { withAccentMarks } from './accentMarks.ts';
import { decodePassport } from './decodePassport.ts';
import { mendFieldsFromPrint } from './printedFieldMend.ts';
import { mendNameFromPrint } from './printedNameMend.ts';
import { layoutWhereWashed, fillWashedFromPrint, unconfirmedWashedCells } from './washedCells.ts';
import { nameCharacters, printedMrzName } from './printedName.ts';
import { readLastPageFields } from './lastPageFields.ts';
import { readLastPage, type LastPageReading } from './lastPageReader.ts';
import { cropGrey, greyScaled, sharpened, type QuarterTurn } from './pageImage.ts';
import { nameLineBand, rowsOf } from './nameLineBand.ts';
import { td3HoldsTogether, td3Plausibility } from './mrzPlausibility.ts';
import { recogniseOtherDocument, refusalForFailure, refusalForLayout } from './refusal.ts';
import { passportResultSchema, type PassportResult } from './result.ts';
import { td3Page } from './td3Geometry.ts';
import { passportGeometry } from './fieldGeometry.ts';
import { td3Checks, td3Field } from './mrz/td3Fields.ts';
import { labelledNameTexts, locateNames, readVizFields, type RefinedNames } from './vizFields.ts';
import type { BoundingBox } from '../../core/ocr/types.ts';

interface Prepared {
  readonly first: RawImage;
  readonly last: RawImage | null;
}

interface Located {
  readonly reading: MrzReading;
  readonly parse: Td3Parse;
  /** The data page upright and rectified (the MRZ reader's), or the upright photo when it gave none. */
  readonly page: { readonly image: RawImage; readonly pxPerMm: number | null };
  readonly last: RawImage | null;
}

interface Readings {
  readonly located: Located;
  readonly viz: OcrResult;
  /** A second, sharper pass over the field zone, made only when the first found no date of issue. */
  readonly vizSharper: OcrResult | null;
  readonly refined: RefinedNames;
  /** Undefined when no last page was sent; null when it was sent but not read. */
  readonly lastPage: LastPageReading | null | undefined;
}

/**
 * The printed page is OCRed at this scale: values are ~2.7 mm tall, ~22 px. At 6 px/mm Tesseract dropped digits
 * and hyphens of the issue date and names on a third of the dev pages; 8 costs ~1.8× the pixels of 6.
 */
const vizPxPerMm = 8;
/** The printed fields lie between the header and the MRZ zone. */
const vizTopMm = 12;
/** The second pass, for a date of issue the first missed: ~1.9× the pixels of the first. */
const vizAgainPxPerMm = 11;
/** The first pass reads the zone through an unsharp mask of this radius (px at 8 px/mm): see sharpened(). */
const vizSharpenSigma = 1.5;

/** One reading of a printed name part as printed (letters, spaces, hyphens, apostrophes), or null when it is not one. */
function asPrintedName(read: string): string | null {
  const text = nameCharacters(read);
  return /^\p{Lu}[\p{Lu}'’\- ]*\p{Lu}$/u.test(text) ? text : null;
}

const turnOf = (rotation: number): QuarterTurn => ((((Math.round(rotation / 90) * 90) % 360) + 360) % 360) as QuarterTurn;

/** One quick look at the page's words: it tells another document (a PAN card) from an unreadable passport. */
async function lookAtWords(image: RawImage, ctx: PluginContext): Promise<{ small: RawImage; ocr: OcrResult }> {
  const small = await greyScaled(image, { maxWidth: 1200 });
  return { small, ocr: await ctx.ocr.recognize({ image: small, segmentation: 'sparse_text', signal: ctx.signal }) };
}

function refuseUnreadable(failure: Parameters<typeof refusalForFailure>[0], ocr: OcrResult, ctx: PluginContext): never {
  const refusal = refusalForFailure(failure, recogniseOtherDocument(ocr));
  return ctx.reject(refusal.code, refusal.detail, refusal.hint);
}

/**
 * The MRZ read where the general OCR saw its two lines (mrzGuidesFromOcr), when the blob chains found none: a second,
 * independent way to the zone before a page is refused. Its reading must hold as any other.
 */
async function readMrzFromOcrLines(image: RawImage, look: { small: RawImage; ocr: OcrResult }, ctx: PluginContext): Promise<MrzReading | null> {
  if (recogniseOtherDocument(look.ocr) !== null) return null;
  const toImage = image.width / look.small.width;
  let guides = mrzGuidesFromOcr(look.ocr, toImage);
  if (guides.length === 0) {
    // Sparse text breaks long lines apart at times; the block layout keeps them whole.
    const block = await ctx.ocr.recognize({ image: look.small, segmentation: 'auto', signal: ctx.signal });
    guides = mrzGuidesFromOcr(block, toImage);
  }
  if (guides.length === 0) return null;
  const reading = await readMrz(image, { now: ctx.now, signal: ctx.signal, guides });
  if ('failure' in reading || reading.format !== 'TD3') return null;
  return reading;
}

/** Re-reads one name line (a box in the sparse pass's pixels) from the rectified page at ~11 px/mm. */
async function readNameLine(page: RawImage, box: BoundingBox, sparseWidth: number, ctx: PluginContext): Promise<string | null> {
  const k = page.width / sparseWidth;
  const pxPerMm = page.width / td3Page.widthMm;
  const pad = 1.2 * pxPerMm;
  const left = Math.max(0, Math.floor(box.x0 * k - pad));
  const top = Math.max(0, Math.floor(box.y0 * k - pad));
  const right = Math.min(page.width, Math.ceil(box.x1 * k + pad * 3));
  const bottom = Math.min(page.height, Math.ceil(box.y1 * k + pad));
  if (right - left < 4 || bottom - top < 4) return null;
  const cut = await cropGrey(page, { left, top, width: right - left, height: bottom - top }, 11 / pxPerMm);
  const band = nameLineBand(cut);
  const crop = band === null ? cut : rowsOf(cut, band);
  const ocr = await ctx.ocr.recognize({ image: crop, segmentation: 'single_line', signal: ctx.signal });
  const text = withAccentMarks(crop, ocr).trim();
  return text === '' ? null : text;
}

export const passportPlugin = defineDocumentPlugin<Prepared, Located, Readings, PassportResult>({
  meta: {
    name: 'passport',
    version: '1.0.0',
    apiVersion: PLUGIN_API_VERSION,
    documentType: 'passport',
    summary: 'Passport data page (ICAO 9303 TD3 MRZ) to typed JSON, with check-digit verdicts and printed-page checks',
  },
  parts: [
    { name: 'first_page', required: true, pdfPages: 'first', description: 'The passport data page (photo and MRZ), image or one-page PDF' },
    { name: 'last_page', required: false, pdfPages: 'first', description: 'The last page (Indian passports: family names, address, file number)' },
  ],
  resultSchema: passportResultSchema,
  creditsFor: (upload) => ['first_page', 'last_page'].filter((name) => upload.parts[name] !== undefined).length,

  async preprocess(upload, ctx) {
    const firstPage = upload.parts.first_page?.pages[0];
    if (firstPage === undefined) return ctx.reject('unreadable_document', 'The first_page part holds no page.');
    const lastPage = upload.parts.last_page?.pages[0];
    return { first: await firstPage.image(), last: lastPage ? await lastPage.image() : null };
  },

  async locate(prepared, ctx) {
    const found = await readMrz(prepared.first, { now: ctx.now, signal: ctx.signal });
    // The page's words are read at most once: for the second way to the MRZ, then for a refusal's wording.
    let looked: { small: RawImage; ocr: OcrResult } | null = null;
    const words = async (): Promise<{ small: RawImage; ocr: OcrResult }> => (looked ??= await lookAtWords(prepared.first, ctx));
    let reading: MrzReading;
    if ('failure' in found) {
      const look = await words();
      const second = await readMrzFromOcrLines(prepared.first, look, ctx);
      if (second === null) return refuseUnreadable(found.failure, look.ocr, ctx);
      ctx.logger.info({}, 'the MRZ was found by the OCR lines');
      reading = second;
    } else reading = found;
    const refusal = refusalForLayout(reading.format);
    if (refusal !== null) {
      // Lines of another layout that its check digits do not prove are texture, not an ID card or a visa.
      if (reading.format === 'TD3' || !otherLayoutProven(reading.format, reading.lines)) return refuseUnreadable('no_mrz', (await words()).ocr, ctx);
      return ctx.reject(refusal.code, refusal.detail, refusal.hint);
    }
    const read = reading.parse ?? parseTd3([reading.lines[0] ?? '', reading.lines[1] ?? ''], { now: ctx.now });
    const parse = layoutWhereWashed(read, reading.washed, ctx.now);
    const plausibility = td3Plausibility(parse.lines);
    if (!plausibility.plausible) {
      ctx.logger.info({ reasons: plausibility.reasons }, 'the lines found do not form a passport MRZ');
      return refuseUnreadable('no_mrz', (await words()).ocr, ctx);
    }
    const page = reading.page
      ? { image: reading.page.image, pxPerMm: reading.page.pxPerMm }
      : { image: await greyScaled(prepared.first, { maxWidth: 1400, turn: turnOf(reading.rotation) }), pxPerMm: null };
    return { reading, parse, page, last: prepared.last };
  },

  async read(located, ctx) {
    const { page } = located;
    let viz: OcrResult;
    let vizSharper: OcrResult | null = null;
    let refined: RefinedNames = {};
    if (page.pxPerMm !== null) {
      // Only the field zone: below the header, above the MRZ; scaled down so one sparse pass stays fast.
      const fieldZone = async (pxPerMm: number, sharpen: boolean): Promise<{ ocr: OcrResult; width: number }> => {
        const scaled = await greyScaled(page.image, { maxWidth: Number.POSITIVE_INFINITY, exactWidth: Math.round(td3Page.widthMm * pxPerMm) });
        const image = sharpen ? await sharpened(scaled, vizSharpenSigma) : scaled;
        const scale = image.width / td3Page.widthMm;
        const top = Math.round(vizTopMm * scale);
        const bottom = Math.min(image.height, Math.round(td3Page.mrzZoneTopMm * scale));
        const ocr = await ctx.ocr.recognize({ image, segmentation: 'sparse_text', rectangle: { left: 0, top, width: image.width, height: bottom - top }, signal: ctx.signal });
        return { ocr, width: image.width };
      };
      const first = await fieldZone(vizPxPerMm, true);
      viz = first.ocr;
      const firstRead = readVizFields(viz, located.parse, {}, ctx.now);
      // A name the first pass read as nothing like the MRZ's (or not at all) is looked for in the sharper pass.
      // Given names glare washed out of the MRZ have no MRZ text to be found by: they are looked for under their label.
      const nameWashed = located.reading.washed[0]?.slice(5).some(Boolean) === true;
      const missed = {
        surname: firstRead.surname === null,
        givenNames: (located.parse.fields.name.givenNames !== '' || nameWashed) && firstRead.givenNames === null,
      };
      // The date of issue is in no MRZ: when the first pass found none, the zone is read once more, sharper.
      // It is not sharpened: what the first, sharpened pass missed is at times read plain (dev 306, 381).
      // A check digit glare washed out cannot prove its field's printed copy: a second reading of the print must.
      const checkWashed = td3Checks.some(({ digit }) => located.reading.washed[1]?.[td3Field(digit).start] === true);
      const again = firstRead.issueDate === null || missed.surname || missed.givenNames || checkWashed ? fieldZone(vizAgainPxPerMm, false) : null;
      // Awaited below, after the name re-reads it runs beside; a failure must not go unhandled meanwhile.
      again?.catch(() => undefined);
      // Accents (É, Ñ, Ü) are lost at the sparse pass's scale: the two name lines are read again, sharper.
      const reread = (box: BoundingBox | null, width: number): Promise<string | null> =>
        box === null ? Promise.resolve(null) : readNameLine(page.image, box, width, ctx);
      const boxes = locateNames(viz, located.parse);
      const [surname, givenNames] = await Promise.all([
        missed.surname ? null : reread(boxes.surname, first.width),
        missed.givenNames ? null : reread(boxes.givenNames, first.width),
      ]);
      refined = { surname, givenNames };
      if (again !== null) {
        const sharper = await again;
        vizSharper = sharper.ocr;
        if (missed.surname || missed.givenNames) {
          const found = locateNames(vizSharper, located.parse);
          const [s, g] = await Promise.all([
            missed.surname ? reread(found.surname, sharper.width) : surname,
            missed.givenNames ? reread(found.givenNames, sharper.width) : givenNames,
          ]);
          refined = { surname: s, givenNames: g };
        }
      }
    } else {
      viz = await ctx.ocr.recognize({ image: page.image, segmentation: 'sparse_text', signal: ctx.signal });
    }
    const lastPage = located.last === null ? undefined : await readLastPage(located.last, turnOf(located.reading.rotation), ctx);
    return { located, viz, vizSharper, refined, lastPage };
  },

  decode(readings, ctx) {
    const { reading } = readings.located;
    const { viz, vizSharper, refined } = readings;
    const firstTexts = labelledNameTexts(viz);
    const sharperTexts = vizSharper === null ? { surname: [], givenNames: [] } : labelledNameTexts(vizSharper);
    const named = mendNameFromPrint(readings.located.parse, reading.charConfidence[0] ?? [], refined, {
      now: ctx.now,
      otherReadings: { surname: [...firstTexts.surname, ...sharperTexts.surname], givenNames: [...firstTexts.givenNames, ...sharperTexts.givenNames] },
    });
    const printedFirst = readVizFields(viz, named, refined, ctx.now);
    const sharperFirst = vizSharper === null ? null : readVizFields(vizSharper, named, refined, ctx.now);
    const mended = mendFieldsFromPrint(named, printedFirst.printed, {
      now: ctx.now,
      washed: reading.washed[1],
      corroborating: sharperFirst?.printed ?? null,
      confidence: reading.charConfidence[1] ?? [],
    });
    // Names as printed, for MRZ name cells glare washed out. The names as reconciled with the MRZ take the MRZ's
    // letter wherever the print differs, the classifier's guesses in washed cells too, which would then confirm
    // themselves (BRG for a washed BRAM): where glare washed name cells, the print as read comes first, each reading
    // of it in turn (the re-read line, then the sparse passes: one lost the space in DE JONG). A reading fills washed
    // cells only if it spells every readable cell of the name (fillWashedFromPrint); a name part the MRZ lost to glare
    // has no MRZ text to be reconciled with, so it is taken as read under its label.
    const lineOneWashed = reading.washed[0]?.some(Boolean) === true;
    const nameCellsWashed = reading.washed[0]?.slice(5).some(Boolean) === true;
    const readingsOf = (sharp: string | null | undefined, labelled: readonly string[]): string[] => {
      const all = [sharp, ...labelled].map((t) => (t == null ? null : asPrintedName(t))).filter((t): t is string => t !== null);
      return [...new Set(all)];
    };
    const asRead = {
      surname: lineOneWashed ? readingsOf(refined.surname, [...firstTexts.surname, ...sharperTexts.surname]) : [],
      givenNames: lineOneWashed ? readingsOf(refined.givenNames, [...firstTexts.givenNames, ...sharperTexts.givenNames]) : [],
    };
    const reconciled = { surname: printedFirst.surname?.value ?? null, givenNames: printedFirst.givenNames?.value ?? null };
    const choices = (part: 'surname' | 'givenNames'): (string | null)[] => {
      const list = nameCellsWashed ? [...asRead[part], reconciled[part]] : [reconciled[part] ?? asRead[part][0] ?? null];
      const present = list.filter((t) => t !== null);
      return present.length === 0 ? [null] : [...new Set(present)];
    };
    const filled = choices('surname').flatMap((surname) =>
      choices('givenNames').map((given) => {
        const mrzName = printedMrzName(surname, given);
        return { mrzName, parse: fillWashedFromPrint(mended, reading.washed, { ...printedFirst.printed, mrzName }, ctx.now) };
      }),
    );
    const nameFills = (p: typeof mended): number => p.repairs.filter((r) => r.field === 'name' && r.reason === 'washed_out').length;
    const chosen = filled.find((f) => nameFills(f.parse) > 0) ?? filled[0]!;
    const washedName = chosen.mrzName;
    const parse = chosen.parse;
    const printed = parse === named ? printedFirst : readVizFields(viz, parse, refined, ctx.now);
    // The sharper pass, made when the first missed the date of issue or a name, fills what the first left empty.
    const again = vizSharper === null ? null : parse === named ? sharperFirst : readVizFields(vizSharper, parse, refined, ctx.now);
    const surname = printed.surname ?? again?.surname ?? null;
    const givenNames = printed.givenNames ?? again?.givenNames ?? null;
    const printedName = nameCellsWashed
      ? washedName
      : givenNames === null && parse.fields.name.givenNames !== ''
        ? null
        : printedMrzName(surname?.value ?? null, givenNames?.value ?? null);
    const washedUnconfirmed = unconfirmedWashedCells(parse, reading.washed, { ...printed.printed, mrzName: printedName });
    const together = td3HoldsTogether(parse, washedUnconfirmed);
    if (!together.plausible) {
      ctx.logger.info({ reasons: together.reasons }, 'the MRZ reading does not hold together');
      return ctx.reject(
        'unreadable_document',
        'The passport machine-readable zone was found but could not be read reliably: its check digits or country codes do not hold together.',
        'Send a sharper, evenly lit image of the whole data page, flat, with both MRZ lines in focus.',
      );
    }
    const result = decodePassport({
      parse,
      charConfidence: reading.charConfidence,
      viz: { ...printed, surname, givenNames, issueDate: printed.issueDate ?? again?.issueDate ?? null },
      lastPage: readings.lastPage === undefined ? undefined : readings.lastPage === null ? null : readLastPageFields(readings.lastPage.ocr, readings.lastPage.rereads),
      now: ctx.now,
      washedUnconfirmed,
    });
    // A name's box is in the pixels of the pass it was read in: the first at vizPxPerMm, the sharper one at vizAgainPxPerMm.
    const nameBox = (first: { bbox: BoundingBox | null } | null, second: { bbox: BoundingBox | null } | null | undefined) =>
      first?.bbox ? { bbox: first.bbox, pxPerMm: vizPxPerMm } : second?.bbox ? { bbox: second.bbox, pxPerMm: vizAgainPxPerMm } : null;
    const rectified = readings.located.page.pxPerMm !== null;
    const geometry = passportGeometry({
      frame: reading.frame,
      surname: rectified ? nameBox(printed.surname, again?.surname) : null,
      givenNames: rectified ? nameBox(printed.givenNames, again?.givenNames) : null,
    });
    return { ...result, geometry };
  },
});

export default passportPlugin;
