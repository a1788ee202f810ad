/**
 * The locate stage: the MRZ found by its blob chains, or else by the general OCR's text lines, read, parsed and
 * judged plausible; the data page rectified from it. A page with no readable TD3 zone is refused here.
 */
import type { RawImage } from '../../../core/imaging/types.ts';
import type { OcrResult } from '../../../core/ocr/types.ts';
import type { PluginContext } from '../../../core/plugins/types.ts';
import { layoutWhereWashed } from '../reconcile/washedCells.ts';
import { recogniseOtherDocument, refusalForFailure, refusalForLayout } from '../refusal.ts';
import type { Located, Prepared } from '../stages.ts';
import { mrzGuidesFromOcr, otherLayoutProven, parseTd3, readMrz, type MrzFailure, type MrzReading, type Td3Parse } from './index.ts';
import { lineTwoCellSure, td3HoldsTogether, td3Plausibility } from './mrzPlausibility.ts';

/** One quick look at the page's words: a second way to the MRZ, and what a refusal names (a driving licence). */
async function lookAtWords(image: RawImage, ctx: PluginContext): Promise<{ small: RawImage; ocr: OcrResult }> {
  const small = await ctx.imaging.greyScaled(image, { maxWidth: 1200 });
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
  const reading = await readMrz(image, { now: ctx.now, signal: ctx.signal, guides, imaging: ctx.imaging });
  if ('failure' in reading || reading.format !== 'TD3') return null;
  return reading;
}

/** The lines parsed, with the cells glare washed out laid where they belong. */
function parsed(reading: MrzReading, now: Date): Td3Parse {
  const read = reading.parse ?? parseTd3([reading.lines[0] ?? '', reading.lines[1] ?? ''], { now });
  return layoutWhereWashed(read, reading.washed, now);
}

/** Whether the reading would be refused as no zone: another layout no check digit proves, or lines no passport's. */
export function noZone(reading: MrzReading, now: Date): boolean {
  if (refusalForLayout(reading.format) !== null) return reading.format === 'TD3' || !otherLayoutProven(reading.format, reading.lines);
  return !td3Plausibility(parsed(reading, now).lines).plausible;
}

/**
 * Whether a zone's reading holds together as read, before any mend from the print: its check digits, codes and
 * document code (td3HoldsTogether), the cells glare washed out left out of the count.
 */
export function holdsTogether(reading: MrzReading, now: Date): boolean {
  const washed = (line: number): number[] => (reading.washed[line] ?? []).flatMap((w, i) => (w ? [i] : []));
  return td3HoldsTogether(parsed(reading, now), [washed(0), washed(1)], (i) => lineTwoCellSure(reading, i), [], (i) => reading.second?.[1]?.[i]).plausible;
}

/**
 * The reading to go on with: the blob chains' (`found`), or where they found no zone, the OCR lines' (`second`).
 * Lines the chains took for the zone that form none (a row of print or texture read as cells) are no zone found too;
 * a zone whose reading does not hold together (a grid laid off the glyphs) asks the OCR lines too, and takes theirs
 * only where it holds. Null where neither way found one; a reading no way bettered is kept for its refusal.
 */
export async function zoneReading(found: MrzReading | MrzFailure, second: () => Promise<MrzReading | null>, now: Date): Promise<MrzReading | null> {
  if ('failure' in found) return second();
  const zone = !noZone(found, now);
  if (zone && holdsTogether(found, now)) return found;
  const other = await second();
  // A zone that does not hold together gives way only to one that does.
  return other !== null && !noZone(other, now) && (!zone || holdsTogether(other, now)) ? other : found;
}

export async function locatePassport(prepared: Prepared, ctx: PluginContext): Promise<Located> {
  const found = await readMrz(prepared.first, { now: ctx.now, signal: ctx.signal, imaging: ctx.imaging });
  // The page's words are read at most once: for the second way to the MRZ, then for a refusal's wording.
  let looked: { small: RawImage; ocr: OcrResult } | null = null;
  const words = async (): Promise<{ small: RawImage; ocr: OcrResult }> => (looked ??= await lookAtWords(prepared.first, ctx));
  const reading = await zoneReading(found, async () => readMrzFromOcrLines(prepared.first, await words(), ctx), ctx.now);
  if (reading === null) return refuseUnreadable('failure' in found ? found.failure : 'no_mrz', (await words()).ocr, ctx);
  if (reading !== found) ctx.logger.info({}, 'the MRZ was found by the OCR lines');
  const refusal = refusalForLayout(reading.format);
  if (refusal !== null) {
    // Lines of another layout that its check digits do not prove are texture, not an ID card or a visa.
    if (noZone(reading, ctx.now)) return refuseUnreadable('no_mrz', (await words()).ocr, ctx);
    return ctx.reject(refusal.code, refusal.detail, refusal.hint);
  }
  const parse = parsed(reading, ctx.now);
  const plausibility = td3Plausibility(parse.lines);
  if (!plausibility.plausible) {
    ctx.logger.info({ reasons: plausibility.reasons }, 'the lines found do not form a passport MRZ');
    return refuseUnreadable('no_mrz', (await words()).ocr, ctx);
  }
  const page = reading.page
    ? { image: reading.page.image, pxPerMm: reading.page.pxPerMm }
    : { image: await ctx.imaging.greyScaled(prepared.first, { maxWidth: 1400, turn: ctx.imaging.turnOf(reading.rotation) }), pxPerMm: null };
  return { reading, parse, page, last: prepared.last };
}
