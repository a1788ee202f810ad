/**
 * Dates the sparse pass read with a part missing (`JAN/JAN 2023` for `14 JAN/JAN 2023`, `05.05` for `05.05.2018`):
 * Tesseract's sparse mode drops a short word at a value's edge. Each such value is read again as one line, wider and
 * sharper, and where that reading holds a whole date it takes the value's place in the pass, so that labels and
 * the date-of-issue choice see it as if the sparse pass had read it.
 */
import type { BoundingBox, OcrLine, OcrResult, OcrWord } from '../../../core/ocr/types.ts';
import type { RawImage } from '../../../core/imaging/types.ts';
import type { PluginContext } from '../../../core/plugins/types.ts';
import { td3Page } from '../mrz/td3Geometry.ts';
import { holdsPartialDate, parsePrintedDates } from './printedDate.ts';
import { joinedRun, phrasesOf, rowRuns, type Phrase } from './vizLayout.ts';
import { lineCrop, reachesRightEdge, type PastEdge } from './pastEdge.ts';

/** A page prints three dates; more partial values than that are texture, not dates worth an OCR call each. */
const maxRereads = 3;
/** The re-read reaches this far beyond the value: a dropped day sits left of it, a dropped year right. */
const widenMm = { left: 6, right: 12, vertical: 1.2 };
/** Values ~2.7 mm tall: ~30 px at this scale, where Tesseract's single-line mode reads digits best. */
const rereadPxPerMm = 11;

/**
 * A day and a year on one row with room for a month between them (`16` … `2013`, its `MFO/SEP` lost): at least two
 * of the day's heights apart.
 */
function dayAndYearApart(joined: Phrase): boolean {
  const [day, year] = joined.words;
  if (joined.words.length !== 2 || day === undefined || year === undefined) return false;
  const room = year.bbox.x0 - day.bbox.x1;
  return /^[0-3]?[0-9]$/.test(day.text.trim()) && /^(?:19|20)[0-9]{2}$/.test(year.text.trim()) && room >= 2 * (day.bbox.y1 - day.bbox.y0);
}

/**
 * One line of the rectified page re-read (on past its right edge, given `past`: pastEdge.ts); its words' boxes in the
 * pixels of the pass `box` came from.
 */
async function rereadLine(page: RawImage, box: BoundingBox, passWidth: number, ctx: PluginContext, past: PastEdge | undefined): Promise<OcrWord[]> {
  const k = page.width / passWidth;
  const pxPerMm = page.width / td3Page.widthMm;
  const left = Math.max(0, Math.floor(box.x0 * k - widenMm.left * pxPerMm));
  const top = Math.max(0, Math.floor(box.y0 * k - widenMm.vertical * pxPerMm));
  const wanted = Math.ceil(box.x1 * k + widenMm.right * pxPerMm);
  const bottom = Math.min(page.height, Math.ceil(box.y1 * k + widenMm.vertical * pxPerMm));
  const cut = await lineCrop(page, { left, top, wanted, bottom }, pxPerMm, rereadPxPerMm / pxPerMm, ctx, past);
  if (cut === null) return [];
  const { image: crop, right } = cut;
  const ocr = await ctx.ocr.recognize({ image: crop, segmentation: 'single_line', signal: ctx.signal });
  const s = crop.width / (right - left);
  const back = (b: BoundingBox): BoundingBox => ({ x0: (left + b.x0 / s) / k, y0: (top + b.y0 / s) / k, x1: (left + b.x1 / s) / k, y1: (top + b.y1 / s) / k });
  return ocr.lines.flatMap((l) => l.words).map((w) => ({ ...w, bbox: back(w.bbox) }));
}

function lineOf(words: readonly OcrWord[]): OcrLine {
  return {
    text: words.map((w) => w.text).join(' '),
    confidence: words.reduce((s, w) => s + w.confidence, 0) / Math.max(1, words.length),
    bbox: {
      x0: Math.min(...words.map((w) => w.bbox.x0)),
      y0: Math.min(...words.map((w) => w.bbox.y0)),
      x1: Math.max(...words.map((w) => w.bbox.x1)),
      y1: Math.max(...words.map((w) => w.bbox.y1)),
    },
    words,
  };
}

/** `pass` (an OCR of the rectified page `passWidth` px wide) with its partial dates re-read; itself when none gained. */
export async function withPartialDatesReread(page: RawImage, pass: OcrResult, passWidth: number, ctx: PluginContext, past?: PastEdge): Promise<OcrResult> {
  const phrases = phrasesOf(pass);
  const alone = phrases.filter((p) => p.label === null && holdsPartialDate(p.text));
  // A date's parts OCR read as phrases apart along a row, none of them a partial date alone: read again as one.
  const apart = rowRuns(phrases)
    .filter((run) => run.every((p) => !alone.includes(p) && !parsePrintedDates(p.text).some((d) => d.valid)))
    .map(joinedRun)
    .filter((joined) => holdsPartialDate(joined.text) || dayAndYearApart(joined));
  const partial = [...alone, ...apart].slice(0, maxRereads);
  if (partial.length === 0) return pass;
  const reread = await Promise.all(partial.map((p) => rereadLine(page, p.bbox, passWidth, ctx, reachesRightEdge(p.bbox, passWidth) ? past : undefined)));
  const replaced = new Set<OcrWord>();
  const added: OcrLine[] = [];
  for (const [i, words] of reread.entries()) {
    const text = words.map((w) => w.text).join(' ');
    // A whole date that is no real one (`91.12.2023` for 01.12.2023) takes the place too: the date-of-issue choice
    // repairs a digit toward the 5/10-year rule's date, and takes no other invalid date.
    if (words.length === 0 || parsePrintedDates(text).length === 0) continue;
    for (const w of partial[i]!.words) replaced.add(w);
    // One word for the whole re-read: a date printed widely spaced (`14 JAN /JAN  13`) must not be split into
    // phrases again at its gaps.
    const line = lineOf(words);
    added.push(lineOf([{ text, confidence: line.confidence, bbox: line.bbox }]));
  }
  if (added.length === 0) return pass;
  const kept = pass.lines
    .map((line) => ({ line, words: line.words.filter((w) => !replaced.has(w)) }))
    .filter(({ words }) => words.length > 0)
    .map(({ line, words }) => (words.length === line.words.length ? line : lineOf(words)));
  const lines = [...kept, ...added];
  return { ...pass, text: lines.map((l) => l.text).join('\n'), lines };
}
