/**
 * The read stage: the printed fields zone of the rectified data page (between the header and the MRZ) read by
 * sparse OCR, once more sharper where the first pass missed a field, the name lines re-read for their accents;
 * and the last page when one was sent.
 */
import type { BoundingBox, OcrResult } from '../../../core/ocr/types.ts';
import { emptyOcrResult } from '../../../core/ocr/ocrResult.ts';
import type { RawImage } from '../../../core/imaging/types.ts';
import { recognizeInBands, type BandImage } from '../../../core/ocr/bandedOcr.ts';
import type { PluginContext } from '../../../core/plugins/types.ts';
import { readLastPage } from '../lastPage/lastPageReader.ts';
import { td3Checks, td3Field } from '../mrz/td3Fields.ts';
import { td3Page } from '../mrz/td3Geometry.ts';
import { rectifiedNeutralPage, rectifiedNeutralRegion, rectifiedRegion } from '../mrz/readMrz.ts';
import { lineCrop, reachesRightEdge, type PastEdge } from './pastEdge.ts';
import { endsInGlare, mrzInkLevel } from './glareEnd.ts';
import type { Located, Readings } from '../stages.ts';
import { readAccentMarks } from './accentMarks.ts';
import { readInkLines } from './inkLines.ts';
import { orthographyOf, type NameOrthography } from './nameOrthography.ts';
import { belowCloseLabel, nameLineBand, nameRows, onlyRows, roomAbove, type RowBand, rowsOf, twoRowBaselines } from './nameLineBand.ts';
import { paperRadiusMm, personalisedInkPage } from './personalisedInk.ts';
import { provenFieldsLeft } from './provenFieldsLeft.ts';
import { withPartialDatesReread } from './partialDates.ts';
import { withSexReread } from './printedSex.ts';
import { givenNamesPastMrz, locateNames, mrzCutPart, readVizFields, type NameBoxes, type RefinedNames } from './vizFields.ts';
import { nameCharacters, reconcileName } from './printedName.ts';
import { inkDateTaken, offRule, weakIssueDate } from './issueDateChoice.ts';
import { stripAccents } from './printedDate.ts';
import { phrasesOf, type TwoRows } from './vizLayout.ts';

/**
 * The printed page is OCRed at this scale: values are ~2.7 mm tall, ~22 px. At 6 px/mm Tesseract dropped digits
 * and hyphens of the issue date and names on a third of the dev pages; 8 costs ~1.8× the pixels of 6.
 */
export const vizPxPerMm = 8;
/** The printed fields lie between the header and the MRZ zone. */
const vizTopMm = 12;
/** The second pass, for a date of issue the first missed: ~1.9× the pixels of the first. */
export const vizAgainPxPerMm = 11;
/** The first pass reads the zone through an unsharp mask of this radius (px at 8 px/mm): see sharpened(). */
export const vizSharpenSigma = 1.5;
/** Rows beyond a band sharpened with it: more than the unsharp mask's reach (libvips's Gaussian ends under 3σ). */
const sharpenMarginPx = Math.ceil(5 * vizSharpenSigma);
/** The second pass starts this far left of the fields the first found: a first letter it dropped, a label's mark. */
const againMarginMm = 4;
/** The sharper pass read for the date of issue starts this far below the names' rows (their descenders, a mark). */
const againBelowNamesMm = 1;
/** Two rows of label and value with their gaps: no line is cut in both bands of a banded read. */
const bandOverlapMm = 12;
/**
 * Below this input resolution the printed values (capitals 2–3 mm tall) are at most 6 px tall: what Tesseract makes
 * of them is a guess, and a guess must not settle an MRZ letter or give a date. The page is then not read at all.
 */
export const legiblePrintPxPerMm = 2;
/**
 * Below this input resolution the printed capitals are at most 12 px tall: readable as words, but Tesseract then reads
 * a soft O as D where the MRZ's recogniser, as soft, has D for its runner-up. Such a reading changes no MRZ letter.
 */
export const letterWitnessPxPerMm = 4;

/**
 * The printed fields end above the MRZ's first line, not at ICAO's nominal zone top: many pages print their last row
 * (date of issue, authority) inside that zone, a few millimetres over the MRZ. The clearance keeps line 1's glyphs out.
 */
const mrzClearanceMm = 2.2;
export function fieldZoneBottomMm(line1CentreMm: number | undefined): number {
  return Math.max(td3Page.mrzZoneTopMm, (line1CentreMm ?? td3Page.mrzLine1CentreMm) - mrzClearanceMm);
}

/**
 * Where a read of the field zone for the date of issue may start (mm from the page's top): below the names' rows
 * (boxes in a pass `passWidth` px wide). ICAO 9303 prints the date of issue after the names, and the rows above them,
 * a third of the zone, need not be read twice. 0 (the whole zone) where no name was placed, or where the names end
 * past the zone's middle: rows that low are no names' rows to trust that far.
 */
export function belowNamesMm(nameBoxes: readonly (BoundingBox | null)[], passWidth: number, line1CentreMm: number | undefined): number {
  const bottoms = nameBoxes.flatMap((b) => (b === null ? [] : [b.y1]));
  if (bottoms.length === 0) return 0;
  const namesEndMm = (Math.max(...bottoms) * td3Page.widthMm) / passWidth + againBelowNamesMm;
  const zoneMiddleMm = (vizTopMm + fieldZoneBottomMm(line1CentreMm)) / 2;
  return namesEndMm <= zoneMiddleMm ? namesEndMm : 0;
}

/** The field zone's rows [top, bottom) in an image of the rectified page scaled to any width. */
export function fieldZoneRows(image: { readonly width: number; readonly height: number }, line1CentreMm: number | undefined): { top: number; bottom: number } {
  const scale = image.width / td3Page.widthMm;
  return { top: Math.round(vizTopMm * scale), bottom: Math.min(image.height, Math.round(fieldZoneBottomMm(line1CentreMm) * scale)) };
}

/**
 * Re-reads one name line (a box in the sparse pass's pixels) from the rectified page at ~11 px/mm; on past the page's
 * right edge, given `past`, where the crop runs there (pastEdge.ts). `mrz` is the name part as the MRZ writes it
 * (`<` between words), and whether the MRZ may have cut it.
 */
async function readNameLine(
  page: RawImage,
  box: BoundingBox,
  sparseWidth: number,
  orthography: NameOrthography,
  ctx: PluginContext,
  past: PastEdge | undefined,
  mrz: { readonly name: string; readonly cut: boolean },
  neutral: PastEdge,
): Promise<string | null> {
  const k = page.width / sparseWidth;
  const pxPerMm = page.width / td3Page.widthMm;
  const pad = 1.2 * pxPerMm;
  const left = Math.max(0, Math.floor(box.x0 * k - pad));
  const top = Math.max(0, Math.floor(box.y0 * k - pad));
  const bottom = Math.min(page.height, Math.ceil(box.y1 * k + pad));
  const wanted = Math.ceil(box.x1 * k + pad * 3);
  const crop = await lineCrop(page, { left, top, wanted, bottom }, pxPerMm, 11 / pxPerMm, ctx, past);
  if (crop === null) return null;
  // Past a cut MRZ only the print has the name's end, and a box from a sparse pass that lost the line's last words
  // ends the crop inside them (`YUKI JI-WC`): the line is read again wider, up to the first gap wider than a word's.
  // Never further past the page's edge than the first crop may go (pastEdge.ts): beyond it lies the desk.
  const widerWanted = Math.min(wanted + Math.round(widerNameMm * pxPerMm), page.width + 1);
  const wider = async (): Promise<RawImage | null> => {
    if (widerWanted <= wanted) return null;
    const found = await lineCrop(page, { left, top, wanted: widerWanted, bottom }, pxPerMm, 11 / pxPerMm, ctx, past);
    return found !== null && found.image.width > crop.image.width ? found.image : null;
  };
  // The same crop from the page's colours, where it has them, for the marks alone: a coloured guilloche line across
  // a letter is as dark as ink in grey (a bar read on a D), and in the colours it is not. Drawn only where a
  // reading of the grey crop shows a stroke, and then once.
  let twin: Promise<RawImage | null> | undefined;
  const marksCut = (): Promise<RawImage | null> =>
    (twin ??= (async () => {
      const region = neutral({ left, top, width: crop.right - left, height: bottom - top });
      if (region === null) return null;
      const drawn = await ctx.imaging.cropGrey(region, { left: 0, top: 0, width: region.width, height: region.height }, 11 / pxPerMm);
      return drawn.width === crop.image.width && drawn.height === crop.image.height ? drawn : null;
    })());
  return readNameCrop(crop.image, orthography, ctx, mrz, wider, marksCut);
}

/** Letters a stroke through them marks, each with its letter unstroked. */
const unstroked: Readonly<Record<string, string>> = { Ð: 'D', Ł: 'L', Ø: 'O' };
const strokedLetter = new RegExp(`[${Object.keys(unstroked).join('')}]`, 'u');

/**
 * `grey`'s reading with a stroke through a letter kept only where `colours`, the same words' marks read on the page's
 * colours, has it at the same place too; where the two do not go letter for letter, no stroke is kept.
 */
export function strokesBoth(grey: string, colours: string): string {
  const g = [...grey];
  const c = [...colours];
  return g.map((ch, i) => (unstroked[ch] !== undefined && (g.length !== c.length || c[i] !== ch) ? unstroked[ch] : ch)).join('');
}

/**
 * Reads a name line's crop (at ~11 px/mm) with its marks: the name's rows where the crop holds other print, the
 * MRZ's letters put back where OCR dropped them, and (`wider`, for a name the MRZ cut) the line read wider where its
 * words reach the crop's end.
 */
export async function readNameCrop(
  cut: RawImage,
  orthography: NameOrthography,
  ctx: PluginContext,
  mrz: { readonly name: string; readonly cut: boolean },
  wider: () => Promise<RawImage | null> = async () => null,
  marksCut: () => Promise<RawImage | null> = async () => null,
): Promise<string | null> {
  /**
   * One reading of `image` (its rows `band`), with whether its words run on to the image's right end, where the crop
   * may have cut the line's last word. With `marksOn` (the whole of `image`, as tall), the marks are read there, over
   * the words OCR read in the band. `colours` gives the same from the page's colours, null where it has none.
   */
  const readLine = async (
    image: RawImage,
    band: RowBand | null,
    onePhrase = false,
    marksOn: RawImage | null = null,
    colours: () => Promise<{ readonly image: RawImage; readonly marksOn: RawImage | null } | null> = async () => null,
  ): Promise<{ text: string; reachedEnd: boolean; sure: boolean }> => {
    const crop = band === null ? image : rowsOf(image, band);
    const whole = await ctx.ocr.recognize({ image: crop, segmentation: 'single_line', signal: ctx.signal });
    const ocr = onePhrase ? firstPhrase(whole) : whole;
    const reachedEnd = ocr.lines.some((line) => line.words.some((w) => w.text.trim() !== '' && reachesRightEdge(w.bbox, crop.width)));
    const marksOf = (full: RawImage, above: RawImage | null, words: OcrResult) =>
      above === null || band === null
        ? readAccentMarks(band === null ? full : rowsOf(full, band), words, ctx.imaging, orthography)
        : readAccentMarks(above, shiftedDown(words, band.top), ctx.imaging, orthography);
    const marked = async (words: OcrResult): Promise<{ text: string; onInk: boolean }> => {
      const read = marksOf(image, marksOn, words);
      // A stroke through a letter (Ð's bar, Ł's, Ø's) stands where the colours show it too: a coloured guilloche line
      // crossing a D's stem is as dark as ink in grey. Marks above and below are the grey page's, as read.
      const seen = strokedLetter.test(read.text) ? await colours() : null;
      if (seen === null) return { text: read.text.trim(), onInk: read.onInk };
      const inColours = marksOf(seen.image, seen.marksOn, words);
      return { text: strokesBoth(read.text, inColours.text).trim(), onInk: read.onInk };
    };
    const asRead = await marked(ocr);
    const text = asRead.text;
    // OCR drops a letter it has no class for (ANAÏS read `ANAS`), or reads a mark as a letter of its own (MUÑOZ read
    // `MURNOZ`), and marks then sit over letters the ink does not have: with the MRZ's letters put back where OCR
    // dropped them, and taken out where it added one, the marks are read over the letters the ink shows.
    const reconciled = mrz.name === '' ? null : reconcileName(nameCharacters(text), mrz.name, mrz.cut);
    const refilled = reconciled?.agrees === true ? withMrzLetters(ocr, stripAccents(reconciled.value)) : null;
    // Every word with letters read at 60 or more: what a line read again from nothing must be, where no MRZ name
    // checks it (`EEE CC`, texture on a soft small copy, read at 34 and 49).
    const sure = ocr.lines.every((line) => line.words.every((w) => !/\p{L}/u.test(w.text) || w.confidence >= 60));
    if (refilled === null || reconciled === null) return { text, reachedEnd, sure };
    // Letters that now stand one to one on the ink, where OCR's did not, are placed by the ink: every mark is read
    // anew (Ę's ogonek beside a C, which estimated centres could not give to either, BRZĘCZ read `BRZECZYSZCZYKIEWI(`).
    const afresh = await marked(refilled);
    return { text: afresh.onInk && !asRead.onInk ? afresh.text : marksBesideRefill(reconciled.value, afresh.text, ocr.text), reachedEnd, sure };
  };
  const read = async (band: RowBand | null): Promise<string> => (await readLine(cut, band)).text;
  /**
   * The name's rows `band` read again, their marks on the whole crop where only the ink its top edge cut stood above
   * them (roomAbove), else marks below the baseline only: `kept` is what to answer, `text` what to check.
   */
  const readRows = async (band: RowBand): Promise<{ text: string; sure: boolean; kept: string }> => {
    const marksOn = roomAbove(cut, band, ctx.imaging);
    // The room above is judged on the grey crop, as the words were read; on the colours' crop it is measured once,
    // though both readings of the line (as read, and refilled) may ask for it.
    let seen: Promise<{ readonly image: RawImage; readonly marksOn: RawImage | null } | null> | undefined;
    const colours = () =>
      (seen ??= (async () => {
        const image = await marksCut();
        return image === null ? null : { image, marksOn: marksOn === null ? null : (roomAbove(image, band, ctx.imaging) ?? marksOn) };
      })());
    // The name's rows are read where the label's feet are painted out too: OCR reads them as junk beside the name
    // (`'BIRUTE`), which costs the word its confidence.
    const again = await readLine(marksOn ?? cut, band, false, marksOn, colours);
    return { text: again.text, sure: again.sure, kept: marksOn === null ? withoutMarksAbove(again.text) : again.text };
  };
  const fits = (t: string): boolean => mrz.name === '' || wholeName(t, mrz);
  const first = await readLine(cut, nameLineBand(cut, ctx.imaging), false, null, async () => {
    const image = await marksCut();
    return image === null ? null : { image, marksOn: null };
  });
  let text = first.text;
  if (mrz.cut && first.reachedEnd && fits(text)) {
    const widerCrop = await wider();
    if (widerCrop !== null) {
      const again = (await readLine(widerCrop, nameLineBand(widerCrop, ctx.imaging), true)).text;
      const letterCount = (t: string): number => nameCharacters(t).replace(/[^\p{L}]/gu, '').length;
      if (fits(again) && letterCount(again) > letterCount(text)) text = again;
    }
  }
  const lettersRead = /\p{L}/u.test(text);
  if (lettersRead && fits(text)) return text;
  // A label's tail beside the name, read before it (`PRÉNOMS ~~ SEBASTIÁN JOSÉ`): where the words after it are the
  // MRZ's name, they are the reading. The MRZ never cuts a name's start, so the words left out are not the name's.
  const after = lettersRead ? afterLeadingWords(text, (t) => mrz.name !== '' && fits(t)) : null;
  if (after !== null) return after;
  // Nothing read, or letters that are not the MRZ's name (`TE` for KOÇ): a label close above the name may have made
  // two rows of print of the line; it is read below the label's feet.
  const below = belowCloseLabel(cut, ctx.imaging);
  if (!lettersRead) {
    if (below !== null) {
      const again = await read(below);
      return again === '' ? null : again;
    }
    // Or the label's feet the crop's top edge cut, too small to count as other print, took OCR's line (a light face's
    // name under them read as nothing at all): the name's own rows, their marks as for a second reading below.
    const rows = nameRows(cut, ctx.imaging);
    const again = rows === null ? null : await readRows(rows);
    if (again === null || !/\p{L}/u.test(again.text) || !again.sure || !fits(again.text)) return text === '' ? null : text;
    return again.kept;
  }
  // Else (or the name's own rows, where a label's feet at the crop's top, too small to count as other print, took
  // OCR's line), and that reading taken only where it is the name. Either keeps less room above the capitals than
  // the marks reader looks at for texture, and with it less of the texture that puts a mark above in doubt: from a
  // second reading only marks below the baseline (Ç, Ş, Ę) are kept. But where the print above the name's rows was
  // only the label's feet the crop's top edge cut, the marks are read on the whole crop with those feet taken away:
  // all the room above the capitals is there again, and nothing but paper, marks and texture in it.
  const band = below ?? nameRows(cut, ctx.imaging);
  if (band === null) return text;
  const again = await readRows(band);
  return fits(again.text) ? again.kept : text;
}

/** `ocr` with every box moved `dy` rows down: words read in a band of a crop, placed on the whole crop. */
function shiftedDown(ocr: OcrResult, dy: number): OcrResult {
  const down = <B extends { readonly bbox: BoundingBox }>(b: B): B => ({ ...b, bbox: { ...b.bbox, y0: b.bbox.y0 + dy, y1: b.bbox.y1 + dy } });
  return { ...ocr, lines: ocr.lines.map((line) => ({ ...down(line), words: line.words.map(down) })) };
}

/** Whether a reading of a name line is the MRZ's whole name part (`name`, `<` between words), letter for letter. */
function wholeName(text: string, mrz: { readonly name: string; readonly cut: boolean }): boolean {
  return reconcileName(nameCharacters(text), mrz.name, mrz.cut).agrees;
}

/**
 * Whether a name part's two rows are read one by one (readTwoRows): a name of several words, printed on two rows, of
 * which the one line read (`line`) gave no whole reading. Never past a cut MRZ: nothing checks the print there, and
 * the row under the name's may be the next field's (the given names under a long surname).
 */
export function readsTwoRows(mrz: { readonly name: string; readonly cut: boolean }, line: string | null): boolean {
  return !mrz.cut && mrz.name.includes('<') && (line === null || !wholeName(line, mrz));
}

/**
 * A name printed on two rows (two surnames one under the other), each row read on its own: one crop of both, each
 * row's read with the other's print painted out, cut at the upper row's baseline, so that neither row's ink joins the
 * other's marks. Marks below the rows are not read (under the upper one stand the lower one's marks above), nor
 * strokes through letters (withoutStrokes). Null where the crop does not show two rows of letters.
 */
async function readTwoRows(
  page: RawImage,
  rows: TwoRows,
  sparseWidth: number,
  orthography: NameOrthography,
  ctx: PluginContext,
): Promise<[string, string] | null> {
  const k = page.width / sparseWidth;
  const pxPerMm = page.width / td3Page.widthMm;
  const pad = 1.2 * pxPerMm;
  const left = Math.max(0, Math.floor(Math.min(rows.first.x0, rows.next.x0) * k - pad));
  const top = Math.max(0, Math.floor(rows.first.y0 * k - pad));
  const bottom = Math.min(page.height, Math.ceil(rows.next.y1 * k + pad));
  const wanted = Math.ceil(Math.max(rows.first.x1, rows.next.x1) * k + pad * 3);
  const crop = await lineCrop(page, { left, top, wanted, bottom }, pxPerMm, 11 / pxPerMm, ctx, undefined);
  if (crop === null) return null;
  const baselines = twoRowBaselines(crop.image, ctx.imaging);
  if (baselines === null) return null;
  const anyName = { name: '', cut: false };
  const [upper, lower] = await Promise.all([
    readNameCrop(onlyRows(crop.image, { top: 0, bottom: baselines.upper + 2 }, ctx.imaging), orthography, ctx, anyName),
    readNameCrop(onlyRows(crop.image, { top: baselines.upper + 2, bottom: baselines.lower + 2 }, ctx.imaging), orthography, ctx, anyName),
  ]);
  const kept = (text: string): string => withoutStrokes(withoutMarksBelow(text));
  return upper == null || lower == null ? null : [kept(upper), kept(lower)];
}

/**
 * `text` with the letters a stroke marks (Ø, Ł, Ð) read plain: in a row cut from a name on two rows, what the marks
 * reader takes for a stroke may be the other row's ink, its letters' feet left at the cut (ESPAÑOLA's L read Ł in a
 * small soft copy).
 */
export function withoutStrokes(text: string): string {
  return text.replace(/Ø/g, 'O').replace(/Ł/g, 'L').replace(/Ð/g, 'D');
}

/** `text` without the marks below its letters (cedillas, ogoneks, commas). */
function withoutMarksBelow(text: string): string {
  return [...text.normalize('NFD')].filter((c) => !marksBelow.test(c)).join('').normalize('NFC');
}

/** A label's tail before a name is a word or two (`PRÉNOMS`, `NOMBRES ~~`). */
const mostLeadingWords = 2;

/** `text` without its first word or two, the fewest that leave a reading `fits` takes; null where none does. */
export function afterLeadingWords(text: string, fits: (t: string) => boolean): string | null {
  const words = text.split(/\s+/).filter((w) => w !== '');
  for (let k = 1; k <= mostLeadingWords && k < words.length; k++) {
    const rest = words.slice(k).join(' ');
    if (/\p{L}/u.test(rest) && fits(rest)) return rest;
  }
  return null;
}

/** How much further right a name line past a cut MRZ is read when its first reading ran to the crop's end. */
const widerNameMm = 30;

/**
 * A line's first phrase (phrasesOf: words up to the first gap wider than 1.5 of their height): a name's words stand a
 * space apart, another field on the row further. The first with a letter: a rule or a portrait's edge left of the
 * name reads as a lone `]`, no name's start.
 */
export function firstPhrase(ocr: OcrResult): OcrResult {
  const first = phrasesOf(ocr).find((p) => /\p{L}/u.test(p.text));
  if (first === undefined) return emptyOcrResult;
  const words = ocr.lines.flatMap((l) => l.words).filter((w) => w.text.trim() !== '');
  if (first.words.length === words.length && ocr.lines.length <= 1) return ocr;
  return { ...ocr, text: first.text, lines: [{ text: first.text, confidence: first.confidence * 100, bbox: first.bbox, words: first.words }] };
}

/** A word's letters without their marks, upper case (not vizFields' plainLetters: Æ and Ø stay one letter each). */
const letterBases = (word: string): string => stripAccents(word).toUpperCase();
/** A word's letters without their marks, and the hyphens and apostrophes names are printed with; no other glyph. */
const nameGlyphs = (word: string): string => letterBases(word).replace(/[^\p{L}'-]/gu, '');

/**
 * A refilled name's marks: read afresh (`afresh`) on the letters OCR dropped or added and those beside them, where
 * the first reading placed its marks along fewer or more letters than the ink has (MAJA read `MAA`: the J's tail under
 * the A taken for an ogonek); elsewhere as the first reading (`first`) has them, whose letters stood where it read them
 * (`ÇELIK` cut by the page's edge, its K put back, the cedillas the shifted letters lost). `read`: OCR's text.
 */
export function marksBesideRefill(first: string, afresh: string, read: string): string {
  const a = [...first.normalize('NFC')];
  const b = [...afresh.normalize('NFC')];
  if (a.length !== b.length || a.some((c, i) => letterBases(c) !== letterBases(b[i]!))) return afresh;
  const readLetters = letterBases(read).replace(/[^A-Z]/g, '');
  const mended = new Set<number>();
  let k = 0;
  let j = 0;
  const letterAt: number[] = [];
  for (const c of a) {
    letterAt.push(/\p{L}/u.test(c) ? k : -1);
    if (!/\p{L}/u.test(c)) continue;
    if (letterBases(c) === readLetters[j]) j++;
    else if (letterBases(c) === readLetters[j + 1]) {
      // A letter OCR added before this one: its marks were placed along more letters than the ink has.
      j += 2;
      mended.add(k);
    } else mended.add(k);
    k++;
  }
  const nearMended = (at: number): boolean => at >= 0 && (mended.has(at - 1) || mended.has(at) || mended.has(at + 1));
  return a.map((c, i) => (nearMended(letterAt[i]!) ? b[i]! : c)).join('');
}

/**
 * Whether `read` is `whole` with a letter or two added inside it, its first and last letters `whole`'s own: a mark
 * read as a letter stands beside its letter, while a letter past the MRZ word's end may be one the MRZ read as its
 * filler (`JOAO` against an MRZ read JOA, whose last cell was in doubt), which the print is there to settle.
 */
function lettersAddedWithin(read: string, whole: string): boolean {
  const r = letterBases(read);
  const w = letterBases(whole);
  return lettersLeftOut(whole, read) && r[0] === w[0] && r.at(-1) === w.at(-1);
}

/** OCR drops a glyph or two it has no class for; a word read with more of its letters missing was cut short. */
const mostDropped = 2;

/**
 * Whether `part` is `whole` with a letter or two left out (at most a third of them), letters compared without their
 * marks. A glyph no name is written with stands for no letter of it: OCR's reading of letters it could not class
 * (KIEWICZ read `KIEWI(`), so it counts as letters left out, not as a letter.
 */
function lettersLeftOut(part: string, whole: string): boolean {
  const p = nameGlyphs(part);
  const w = nameGlyphs(whole);
  const dropped = w.length - p.length;
  if (p.length === 0 || dropped < 1 || dropped > Math.min(mostDropped, w.length / 3)) return false;
  let i = 0;
  for (const c of w) if (c === p[i]) i++;
  return i === p.length;
}

/**
 * `ocr` (one line's words) with each word that is the reconciled name's word with letters left out, or with a letter
 * or two added inside it (Ñ read `RN`, its tilde taken for a letter: lettersAddedWithin), replaced by it; null unless
 * the words pair up one to one, some word was so mended, and every other word is the name's as read.
 */
export function withMrzLetters(ocr: OcrResult, name: string): OcrResult | null {
  const words = ocr.lines.flatMap((line) => line.words).filter((w) => w.text.trim() !== '');
  const named = name.split(/\s+/).filter((w) => w !== '');
  if (ocr.lines.length !== 1 || words.length !== named.length) return null;
  let mended = false;
  const texts = words.map((w, i) => {
    const whole = named[i]!;
    if (letterBases(w.text) === letterBases(whole)) return w.text;
    if (!lettersLeftOut(w.text, whole) && !lettersAddedWithin(w.text, whole)) return null;
    mended = true;
    return whole;
  });
  if (!mended || texts.some((t) => t === null)) return null;
  const line = ocr.lines[0]!;
  const replaced = words.map((w, i) => ({ ...w, text: texts[i]! }));
  return { ...ocr, text: texts.join(' '), lines: [{ ...line, text: texts.join(' '), words: replaced }] };
}

/** Combining marks that hang below a letter: cedilla, ogonek, comma below. */
const marksBelow = /[\u0326\u0327\u0328]/u;

/** `text` without the marks above its letters (acutes, carons, dots, …); strokes (Ł, Ø) and marks below stay. */
export function withoutMarksAbove(text: string): string {
  return [...text.normalize('NFD')].filter((c) => !/\p{M}/u.test(c) || marksBelow.test(c)).join('').normalize('NFC');
}

/**
 * The field zone of `ink`, the personalised print alone (personalisedInk.ts) of the page as the first pass scaled it
 * (before its sharpening), read; null where that was unmeasurable.
 */
async function readPersonalisedInk(
  located: Located,
  ink: RawImage | null,
  ctx: PluginContext,
  withdraw?: AbortSignal,
): Promise<{ ocr: OcrResult; image: RawImage } | null> {
  if (ink === null) return null;
  const { top, bottom } = fieldZoneRows(ink, located.reading.frame.lineCentresMm[0]);
  const rectangle = { left: 0, top, width: ink.width, height: bottom - top };
  const ocr = await ctx.ocr.recognize({ image: ink, segmentation: 'sparse_text', rectangle, darkTextOnly: true, signal: ctx.signal, ...(withdraw ? { withdraw } : {}) });
  return { ocr, image: ink };
}

export async function readPrintedPage(located: Located, ctx: PluginContext): Promise<Readings> {
  const { page } = located;
  // The last page depends on nothing read here: read beside the data page, its jobs take the workers' idle turns.
  const lastRead = located.last === null ? null : readLastPage(located.last, ctx.imaging.turnOf(located.reading.rotation), ctx);
  lastRead?.catch(() => undefined);
  const past: PastEdge = (region) => rectifiedRegion(located.reading, region);
  const neutral: PastEdge = (region) => rectifiedNeutralRegion(located.reading, region);
  let viz: OcrResult;
  let vizSharper: OcrResult | null = null;
  let vizInk: OcrResult | null = null;
  let vizInkForNames: OcrResult | null = null;
  let refined: RefinedNames = {};
  let nameLines: Readings['nameLines'] = { surname: null, givenNames: null };
  const sourcePxPerMm = located.reading.page?.sourcePxPerMm;
  const printTooSmall = page.pxPerMm !== null && sourcePxPerMm !== undefined && sourcePxPerMm < legiblePrintPxPerMm;
  if (printTooSmall) {
    viz = emptyOcrResult;
  } else if (page.pxPerMm !== null) {
    // Only the field zone: below the header, above the MRZ; scaled down so one sparse pass stays fast.
    const scaledTo = (pxPerMm: number): Promise<RawImage> =>
      ctx.imaging.greyScaled(page.image, { maxWidth: Number.POSITIVE_INFINITY, exactWidth: Math.round(td3Page.widthMm * pxPerMm) });
    const fieldZone = async (
      pxPerMm: number,
      sharpen: boolean,
      from: { leftMm?: number; topMm?: number } = {},
      scaledAlready?: Promise<RawImage>,
    ): Promise<{ ocr: OcrResult; width: number; scaled: RawImage }> => {
      const scaled = await (scaledAlready ?? scaledTo(pxPerMm));
      const scale = scaled.width / td3Page.widthMm;
      const zone = fieldZoneRows(scaled, located.reading.frame.lineCentresMm[0]);
      const top = Math.max(zone.top, Math.round((from.topMm ?? 0) * scale));
      const left = Math.round((from.leftMm ?? 0) * scale);
      const rectangle = { left, top, width: scaled.width - left, height: zone.bottom - top };
      // Each band sharpened alone, the two side by side, and read as soon as it is: the whole page's sharpening took
      // ~100 ms with the OCR workers idle. The margin keeps every band pixel as the whole page's sharpening made it.
      const bandImage = async (band: typeof rectangle): Promise<BandImage> => {
        const from = Math.max(0, band.top - sharpenMarginPx);
        const to = Math.min(scaled.height, band.top + band.height + sharpenMarginPx);
        const rows = { data: scaled.data.subarray(from * scaled.width, to * scaled.width), width: scaled.width, height: to - from, channels: 1 as const };
        return { image: await ctx.imaging.sharpened(rows, vizSharpenSigma), top: from };
      };
      // Two bands on two OCR workers: the page waits for half the zone (p50 -11% on the dev splits, same reading).
      const ocr = await recognizeInBands(ctx.ocr, {
        image: scaled,
        segmentation: 'sparse_text',
        rectangle,
        overlap: Math.round(bandOverlapMm * scale),
        darkTextOnly: true,
        signal: ctx.signal,
        ...(sharpen ? { bandImage } : {}),
      });
      return { ocr, width: scaled.width, scaled };
    };
    const first = await fieldZone(vizPxPerMm, true);
    // The sharper pass's page, scaled while this thread weighs the first pass (the OCR workers idle meanwhile); about
    // half the pages read it.
    const againScaled = scaledTo(vizAgainPxPerMm);
    againScaled.catch(() => undefined);
    viz = first.ocr;
    const firstRead = readVizFields(viz, located.parse, {}, ctx.now);
    // The first pass's page in its personalised ink alone, made once for whichever reading below wants it.
    let inkPage: { readonly image: RawImage | null } | undefined;
    const inkOfFirst = (): RawImage | null => {
      inkPage ??= { image: personalisedInkPage(first.scaled, first.scaled.width / td3Page.widthMm, located.reading.frame.lineCentresMm, ctx.imaging) };
      return inkPage.image;
    };
    // The same from the page's colours, where it has them: a coloured overprint across a value (SPECIMEN in red) is
    // as dark as black ink in grey and stays in inkOfFirst's page; here it goes. Null for a grey input.
    const neutralInkOfFirst = async (): Promise<RawImage | null> => {
      const neutral = rectifiedNeutralPage(located.reading);
      if (neutral === null) return null;
      const scaled = await ctx.imaging.greyScaled(neutral, { maxWidth: Number.POSITIVE_INFINITY, exactWidth: first.scaled.width });
      return personalisedInkPage(scaled, scaled.width / td3Page.widthMm, located.reading.frame.lineCentresMm, ctx.imaging);
    };
    // No check digit covers the sex: a cell glare washed is the print's to give, read again under its label if need be.
    if (located.reading.washed[1]?.[td3Field('sex').start] === true && firstRead.printed.sex === null) {
      viz = await withSexReread(inkOfFirst, viz, ctx);
    }
    // A name the first pass read as nothing like the MRZ's (or not at all) is looked for in the sharper pass.
    // Given names glare washed out of the MRZ have no MRZ text to be found by: they are looked for under their label.
    const nameWashed = located.reading.washed[0]?.slice(5).some(Boolean) === true;
    // Nor have given names a surname filling line 1 left no room for: they too are looked for under their label.
    const givenPastMrz = givenNamesPastMrz(located.parse);
    const missed: Record<keyof NameBoxes, boolean> = {
      surname: firstRead.surname === null,
      givenNames: (located.parse.fields.name.givenNames !== '' || nameWashed || givenPastMrz) && firstRead.givenNames === null,
    };
    // The date of issue is in no MRZ: when the first pass found none (or only the page's one other date, unlabelled,
    // or a labelled date off the 5/10-year rule, as a misread often is: settleAtypical), the zone is read once more,
    // sharper.
    // It is not sharpened: what the first, sharpened pass missed is at times read plain (dev 306, 381).
    // A check digit glare washed out cannot prove its field's printed copy: a second reading of the print must.
    const checkWashed = td3Checks.some(({ digit }) => located.reading.washed[1]?.[td3Field(digit).start] === true);
    const issueDateWeak =
      firstRead.issueDate === null || weakIssueDate(firstRead.issueDate) || offRule(firstRead.issueDate, located.parse.fields.expiryDate.value);
    // It starts where the first pass proved the fields begin: the portrait left of them is not read again.
    const againLeftMm = (): number => {
      const fieldsLeft = provenFieldsLeft(viz, located.parse);
      return fieldsLeft === null ? 0 : Math.max(0, (fieldsLeft * td3Page.widthMm) / first.width - againMarginMm);
    };
    const boxes = locateNames(viz, located.parse);
    const wholeZoneWanted = missed.surname || missed.givenNames || checkWashed;
    // Read again for the date of issue alone, it starts below the names the first pass found.
    const againTopMm = (): number =>
      wholeZoneWanted ? 0 : belowNamesMm([boxes.words.surname, boxes.words.givenNames], first.width, located.reading.frame.lineCentresMm[0]);
    let again =
      issueDateWeak || wholeZoneWanted ? fieldZone(vizAgainPxPerMm, false, { leftMm: againLeftMm(), topMm: againTopMm() }, againScaled) : null;
    // Awaited below, after the name re-reads it runs beside; a failure must not go unhandled meanwhile.
    again?.catch(() => undefined);
    // Accents (É, Ñ, Ü) are lost at the sparse pass's scale: the two name lines are read again, sharper.
    const orthography = orthographyOf([located.parse.fields.issuingState.value, located.parse.fields.nationality.value], located.parse.fields.name.raw);
    // A name line is read past the page's edge only where its words reach it and the MRZ cut that part of the name:
    // elsewhere the MRZ has the letters the edge cut, and what lies past a page's edge may be the desk (`ÇELIK JOO`).
    const cutPart = mrzCutPart(located.parse.lines[0]);
    const cutKey: keyof NameBoxes | null = cutPart === null ? null : cutPart === 'surname' ? 'surname' : 'givenNames';
    // The cut part's line whose words a pass read up to the page's right edge: that pass ends it there, not where
    // its ink ends (a page rectified narrower than printed loses a long name's last letters to its edge).
    const atEdge: { surname?: boolean; givenNames?: boolean } = {};
    // The cut part's line whose words end where glare begins: its readings do not say where the name ends.
    const inGlare: { surname?: boolean; givenNames?: boolean } = {};
    const withLineEnds = (names: RefinedNames): RefinedNames => ({
      ...names,
      ...(Object.keys(atEdge).length === 0 ? {} : { atEdge: { ...atEdge } }),
      ...(Object.keys(inGlare).length === 0 ? {} : { inGlare: { ...inGlare } }),
    });
    // A name part as the MRZ writes it (`<` between words), and whether the MRZ cut it.
    const mrzPartOf = (part: keyof NameBoxes): { readonly name: string; readonly cut: boolean } => {
      const { name } = located.parse.fields;
      return { name: (part === 'surname' ? name.surname : name.givenNames).replace(/ /g, '<'), cut: part === cutKey };
    };
    let mrzInkFound: { readonly level: number | null } | undefined;
    const mrzInk = (): number | null => {
      mrzInkFound ??= { level: page.pxPerMm === null ? null : mrzInkLevel(page.image, located.reading.frame.lineCentresMm, td3Page.widthMm) };
      return mrzInkFound.level;
    };
    const reread = async (found: ReturnType<typeof locateNames>, part: keyof NameBoxes, width: number): Promise<string | null> => {
      const box = found[part];
      const words = found.words[part];
      const mrz = mrzPartOf(part);
      const reachesEdge = mrz.cut && words !== null && reachesRightEdge(words, width);
      if (reachesEdge) atEdge[part] = true;
      // Given names the MRZ had no room for at all are read from the print alone, as a cut part is past its cut.
      const printOnly = mrz.cut || (part === 'givenNames' && givenPastMrz);
      if (printOnly && words !== null && endsInGlare(page.image, words, width, mrzInk())) inGlare[part] = true;
      const edge = reachesEdge ? past : undefined;
      const line = box === null ? null : await readNameLine(page.image, box, width, orthography, ctx, edge, mrz, neutral);
      const rows = found.twoRows[part];
      if (rows === null || !readsTwoRows(mrz, line)) return line;
      const both = await readTwoRows(page.image, rows, width, orthography, ctx);
      const joined = both === null ? null : both.join(' ');
      return joined !== null && wholeName(joined, mrz) ? joined : line;
    };
    const [surname, givenNames] = await Promise.all([
      missed.surname ? null : reread(boxes, 'surname', first.width),
      missed.givenNames ? null : reread(boxes, 'givenNames', first.width),
    ]);
    refined = withLineEnds({ surname, givenNames });
    const at = (box: BoundingBox | null, pxPerMm: number) => (box === null ? null : { bbox: box, pxPerMm });
    nameLines = { surname: at(boxes.words.surname, vizPxPerMm), givenNames: at(boxes.words.givenNames, vizPxPerMm) };
    // Past a cut MRZ nothing checks the print, and this pass's two readings of the cut part that disagree leave it
    // unread: the sharper pass reads it again, and its reading with the line's re-read there settles it.
    if (cutKey !== null && !missed[cutKey] && readVizFields(viz, located.parse, refined, ctx.now)[cutKey] === null) {
      missed[cutKey] = true;
      again ??= fieldZone(vizAgainPxPerMm, false, { leftMm: againLeftMm() }, againScaled);
      again.catch(() => undefined);
    }
    if (again !== null) {
      const sharper = await again;
      vizSharper = sharper.ocr;
      if (missed.surname || missed.givenNames) {
        const found = locateNames(vizSharper, located.parse);
        // A name this pass finds no place for is read again where the first pass found one (under its label).
        const where = (part: keyof NameBoxes) =>
          found[part] !== null || found.twoRows[part] !== null || boxes[part] === null
            ? { boxes: found, width: sharper.width, pxPerMm: vizAgainPxPerMm }
            : { boxes, width: first.width, pxPerMm: vizPxPerMm };
        const from = { surname: where('surname'), givenNames: where('givenNames') };
        const again = (part: keyof NameBoxes, kept: string | null): Promise<string | null> | string | null =>
          missed[part] ? reread(from[part].boxes, part, from[part].width) : kept;
        const [s, g] = await Promise.all([again('surname', surname), again('givenNames', givenNames)]);
        // The first pass's re-read of a line read again stays a reading of its print: it may dispute the cut's letters.
        const replaced = (part: keyof NameBoxes, kept: string | null) => (missed[part] ? kept : null);
        refined = withLineEnds({ surname: s, givenNames: g, earlier: { surname: replaced('surname', surname), givenNames: replaced('givenNames', givenNames) } });
        const line = (part: keyof NameBoxes) => at(from[part].boxes.words[part], from[part].pxPerMm);
        nameLines = {
          surname: missed.surname ? line('surname') : nameLines.surname,
          givenNames: missed.givenNames ? line('givenNames') : nameLines.givenNames,
        };
      }
    }
    let inkRead: ReturnType<typeof readPersonalisedInk> | null = null;
    // The colours' ink page is read ahead, beside the grey one: it is wanted only where the grey one reads no date,
    // and a worker would idle meanwhile. Withdrawn once not wanted, it costs a busy pool nothing (OcrRequest.withdraw).
    const neutralWithdraw = new AbortController();
    let neutralRead: ReturnType<typeof readPersonalisedInk> | undefined;
    const neutralInkRead = (): ReturnType<typeof readPersonalisedInk> =>
      (neutralRead ??= neutralInkOfFirst().then((image) => readPersonalisedInk(located, image, ctx, neutralWithdraw.signal)));
    // A name neither pass read, nor the re-read of a line either found (texture around the name broke up its words,
    // or the line's box came from other words): the zone with only the personalised ink, where the background and
    // labels are gone, finds the name's line by the MRZ's letters, and that line is re-read as any other.
    const notRead = (part: keyof NameBoxes): boolean => missed[part] && readVizFields(vizSharper ?? viz, located.parse, refined, ctx.now)[part] === null;
    const wanted = { surname: notRead('surname'), givenNames: notRead('givenNames') };
    // The zone's lines of print as read one by one for a name (readInkLines), kept for the date of issue: a line read
    // alone, the rows around it painted paper, can read a soft date that no pass over the whole zone read.
    let foundLines: OcrResult | null = null;
    if (again !== null && (wanted.surname || wanted.givenNames)) {
      inkRead = readPersonalisedInk(located, inkOfFirst(), ctx);
      const ink = await inkRead;
      vizInkForNames = ink?.ocr ?? null;
      // The ink page and the first pass's page are one size: the boxes of either are the same pixels.
      const width = first.scaled.width;
      const sparse = ink === null ? null : locateNames(ink.ocr, located.parse);
      const fromSparse = async (part: keyof NameBoxes): Promise<string | null> => (sparse !== null && wanted[part] ? reread(sparse, part, width) : null);
      let [s, g] = await Promise.all([fromSparse('surname'), fromSparse('givenNames')]);
      const where: Record<keyof NameBoxes, ReturnType<typeof locateNames> | null> = { surname: sparse, givenNames: sparse };
      // A name the sparse read found no place for, or whose line its re-read read as nothing, or no ink page to read (a
      // dim photo's print hardly darker than its paper): the lines of print are read one by one (inkLines.ts), the ink
      // page's, else the first pass's page with its shading flattened. A line found so whose re-read reads nothing (its
      // crop holds the label above, as the line's own does not) gives the name that line read.
      const still = { surname: wanted.surname && s === null, givenNames: wanted.givenNames && g === null };
      if (still.surname || still.givenNames) {
        const lined = ink?.image ?? ctx.imaging.backgroundFlattened(first.scaled, paperRadiusMm * vizPxPerMm);
        const zone = fieldZoneRows(lined, located.reading.frame.lineCentresMm[0]);
        const lines = await readInkLines(lined, zone, lined.width / td3Page.widthMm, ink === null, ctx, first.scaled);
        foundLines = lines;
        const byLines = locateNames(lines, located.parse);
        const linesRead = readVizFields(lines, located.parse, {}, ctx.now);
        // Found so, a line stands among other print the re-read's wider crop takes in (a small page's HAIR for MALE):
        // only a reading that is the MRZ's name part, letter for letter, is taken.
        const taken = (part: keyof NameBoxes, text: string | null | undefined): string | null =>
          text != null && wholeName(text, mrzPartOf(part)) ? text : null;
        const fromLines = async (part: keyof NameBoxes): Promise<string | null> =>
          still[part] ? (taken(part, await reread(byLines, part, width)) ?? taken(part, linesRead[part]?.value)) : null;
        const [s2, g2] = await Promise.all([fromLines('surname'), fromLines('givenNames')]);
        if (s2 !== null) [s, where.surname] = [s2, byLines];
        if (g2 !== null) [g, where.givenNames] = [g2, byLines];
      }
      if (ink !== null || s !== null || g !== null) {
        refined = withLineEnds({ ...refined, surname: s ?? refined.surname ?? null, givenNames: g ?? refined.givenNames ?? null });
        nameLines = {
          surname: s !== null ? at(where.surname?.words.surname ?? null, vizPxPerMm) : nameLines.surname,
          givenNames: g !== null ? at(where.givenNames?.words.givenNames ?? null, vizPxPerMm) : nameLines.givenNames,
        };
      }
    }
    // Neither pass read a date of issue by its label or the 5/10-year rule: values holding a date with a part
    // missing are read again, wider (the sharper pass's first, then the first pass's).
    const issueFound = (ocr: OcrResult | null): boolean => {
      const found = ocr === null ? null : readVizFields(ocr, located.parse, {}, ctx.now).issueDate;
      return found != null && !weakIssueDate(found);
    };
    if (again !== null && !issueFound(viz) && !issueFound(vizSharper)) {
      // The last resort below is started now, beside these short single-line reads that leave a worker idle: its
      // input is the first pass's page, so what it reads is the same whether it is used or not.
      inkRead ??= readPersonalisedInk(located, inkOfFirst(), ctx);
      inkRead.catch(() => undefined);
      neutralInkRead().catch(() => undefined);
      const sharper = await again;
      vizSharper = await withPartialDatesReread(page.image, sharper.ocr, sharper.width, ctx, past);
      if (!issueFound(vizSharper)) viz = await withPartialDatesReread(page.image, viz, first.width, ctx, past);
    }
    // Still none: the zone once more with only the print as dark as the MRZ's ink, the background and labels gone.
    if (inkRead !== null && !issueFound(viz) && !issueFound(vizSharper)) {
      const ink = await inkRead;
      // Sparse mode drops a short word at a value's edge here too (`14 JAN /JAN` without its `13`).
      const dated = (ocr: OcrResult): boolean => readVizFields(ocr, located.parse, {}, ctx.now).issueDate != null;
      const datedInk = async (read: { ocr: OcrResult; image: RawImage } | null): Promise<OcrResult | null> =>
        read === null ? null : dated(read.ocr) ? read.ocr : await withPartialDatesReread(read.image, read.ocr, read.image.width, ctx);
      const taken = (ocr: OcrResult | null): boolean => ocr !== null && inkDateTaken(readVizFields(ocr, located.parse, {}, ctx.now).issueDate);
      vizInk = await datedInk(ink);
      // The grey ink page read no date decode takes: the colours' one, where coloured print crossed the date, is a
      // reading of its own.
      if (!taken(vizInk)) {
        const neutral = await datedInk(await neutralInkRead());
        if (taken(neutral)) vizInk = neutral;
      }
      // Read already, the found lines cost nothing more; like the ink page's, their date is placed by the MRZ's alone.
      if (!taken(vizInk) && taken(foundLines)) vizInk = foundLines;
    }
    neutralWithdraw.abort();
  } else {
    viz = await ctx.ocr.recognize({ image: page.image, segmentation: 'sparse_text', signal: ctx.signal });
  }
  const lastPage = lastRead === null ? undefined : await lastRead;
  const inkForNames = vizInk === null && vizInkForNames !== null ? { vizInkForNames } : {};
  return { located, viz, vizSharper, vizInk, ...inkForNames, refined, nameLines, lastPage, ...(printTooSmall ? { printTooSmall } : {}) };
}
