/**
 * The last page of an Indian passport: labelled fields (father / legal guardian, mother, spouse, address, file
 * number, old passport number) read from OCR words. Pure: OcrResult in, fields (null where blank) out.
 */
import type { BoundingBox, OcrResult } from '../../../core/ocr/types.ts';
import type { LastPageFields } from '../result.ts';
import { normaliseLabelText } from '../viz/vizLabels.ts';
import { labelledValues, phrasesOf, type Phrase } from '../viz/vizLayout.ts';

export type LastPageLabel = keyof LastPageFields;

/** English halves of the bilingual labels; Hindi halves read as noise by the `eng` model and are ignored. */
export function classifyLastPageLabel(text: string): LastPageLabel | null {
  const norm = normaliseLabelText(text);
  // The last page's only label with `passport` in it (`Ol Passport NO. with Dace ant Place of 1ssie` was read).
  if (/passport|date and place|place of|with date|and place/.test(norm)) return 'old_passport_number';
  // Stems, as blur and glare cut words short (`Name of Fathe`, `Addre`).
  // Glare takes the end of a label: `Name of` and the English word's first letter still tell it (`Name of Mott`).
  if (/fath|guardi|name of f/.test(norm)) return 'father_name';
  if (/mothe|name of m/.test(norm)) return 'mother_name';
  if (/spous|name of s/.test(norm)) return 'spouse_name';
  if (/\baddr|ddress/.test(norm)) return 'address';
  if (/fi[l1i]?e no|\bfile\b/.test(norm)) return 'file_number';
  return null;
}

/** The three name labels, in the order the last page prints them, top to bottom. */
const nameLabels = ['father_name', 'mother_name', 'spouse_name'] as const;

const middle = (p: Phrase): number => (p.bbox.y0 + p.bbox.y1) / 2;
const sameRow = (a: Phrase, b: Phrase): boolean => Math.abs(middle(a) - middle(b)) < Math.max(a.bbox.y1 - a.bbox.y0, b.bbox.y1 - b.bbox.y0, 8) * 0.6;

/**
 * The page's phrases, labels classified, with two things the layout of the page tells:
 * - a label begins where its row begins: the Hindi half is printed first (`पिता का नाम / Name of Father`) and is read
 *   as noise, and the value stands under the whole label, so a label's box reaches left over the unlabelled phrases
 *   before it on its row (never over another label);
 * - a row reading `Name …` whose English word was lost (`Name ¢ pe`) is the one name label missing between the
 *   name labels found above and below it, when exactly one fits (father, mother, spouse, then the address).
 */
export function lastPagePhrases(ocr: OcrResult): Phrase[] {
  const phrases = phrasesOf(ocr, classifyLastPageLabel);
  const found = new Set(phrases.map((p) => p.label));
  // Rows reading `Name …` that no stem classified, top to bottom, between the labels found: where a run of them
  // between two found labels is as long as the name labels missing there, they are those labels, in order.
  const rankOf = (label: string | null): number => (label === 'address' ? nameLabels.length : nameLabels.indexOf(label as (typeof nameLabels)[number]));
  const unnamed = (p: Phrase): boolean =>
    p.label === null && /\bName\b|\bname of\b/i.test(p.text) && !/\p{Lu}{3}/u.test(p.text.replace(/NAME/gi, ''));
  const rows = phrases.filter((p) => rankOf(p.label) >= 0 || unnamed(p)).sort((a, b) => a.bbox.y0 - b.bbox.y0);
  const assigned = new Map<Phrase, string>();
  let lastRank = -1;
  let run: Phrase[] = [];
  for (const row of [...rows, null]) {
    const rank = row === null ? nameLabels.length + 1 : rankOf(row.label);
    if (row !== null && rank < 0) {
      run.push(row);
      continue;
    }
    const missing = nameLabels.filter((label, r) => r > lastRank && r < rank && !found.has(label));
    if (run.length > 0 && run.length === missing.length) run.forEach((p, i) => assigned.set(p, missing[i]!));
    run = [];
    lastRank = Math.max(lastRank, rank);
  }
  const inferred = phrases.map((p): Phrase => (assigned.has(p) ? { ...p, label: assigned.get(p)! } : p));
  return inferred.map((p): Phrase => {
    if (p.label === null) return p;
    const before = inferred.filter((q) => q !== p && sameRow(p, q) && q.bbox.x1 <= p.bbox.x0 + 2).sort((a, b) => b.bbox.x0 - a.bbox.x0);
    const reach: Phrase[] = [];
    for (const q of before) {
      if (q.label !== null) break;
      reach.push(q);
    }
    if (reach.length === 0) return p;
    const boxes = [p.bbox, ...reach.map((q) => q.bbox)];
    return {
      ...p,
      bbox: { x0: Math.min(...boxes.map((b) => b.x0)), y0: Math.min(...boxes.map((b) => b.y0)), x1: p.bbox.x1, y1: Math.max(...boxes.map((b) => b.y1)) },
    };
  });
}

const cleanName = (s: string): string | null => {
  // A bar or a bracket against letters is an I (`LAKSHM|`, `KULKARN]`); a hyphen or dot at either end is texture
  // (`REDDY-KULKARNI -`): names join their parts with hyphens, never start or end with one.
  const v = s
    .replace(/(?<=\p{L})[|\]]|[|[](?=\p{L})/gu, 'I')
    .replace(/[^\p{L}\s.'\-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\s.\-]+|[\s.\-]+$/g, '')
    .toUpperCase();
  return /\p{L}{2}/u.test(v) ? v : null;
};

const asDigits = (s: string): string => s.replace(/[OQD]/g, '0').replace(/[IL]/g, '1').replace(/S/g, '5').replace(/B/g, '8').replace(/Z/g, '2');

const cleanAddressLine = (s: string): string =>
  s
    .replace(/\b(\d+)[I|l]([A-Z])\b/g, '$1/$2') // `107IC`: the slash of a house number `107/C` read as I
    .replace(/[|_~“”"]/g, '')
    // Addresses are printed in capitals: a lone small letter or mark is background texture read as text.
    .replace(/(^|\s)(\p{Ll}|[^\p{L}\p{N}\s])(?=\s|$)/gu, '$1')
    .replace(/\s+/g, ' ')
    .replace(/\s+,/g, ',')
    .trim();

/** Names are printed in capitals: OCR noise from the Hindi labels (`an`, `7A`) has no run of three, or is lower case. */
const looksLikeName = (text: string): boolean =>
  /\p{Lu}{3}/u.test(text.replace(/\|/g, 'I')) && !text.split(/\s+/).some((w) => /^\p{Ll}+$/u.test(w));

/** Rows of value phrases under the address label, down to the next label. */
function addressRows(phrases: readonly Phrase[], label: Phrase): { phrases: Phrase[]; text: string }[] {
  const h = Math.max(label.bbox.y1 - label.bbox.y0, 8);
  const nextLabelTop = Math.min(
    ...phrases.filter((p) => p.label !== null && p.bbox.y0 > label.bbox.y1 + h * 0.5).map((p) => p.bbox.y0),
    Number.POSITIVE_INFINITY,
  );
  const under = phrases.filter(
    (p) =>
      p.label === null &&
      p.bbox.y0 >= label.bbox.y1 - h * 0.3 &&
      p.bbox.y1 <= nextLabelTop + h * 0.3 &&
      p.bbox.y0 - label.bbox.y1 < h * 10 &&
      p.bbox.x0 < label.bbox.x0 + h * 10 &&
      p.bbox.x1 > label.bbox.x0 - h,
  );
  const rows: Phrase[][] = [];
  for (const p of [...under].sort((a, b) => a.bbox.y0 - b.bbox.y0)) {
    const row = rows.find((r) => Math.abs(r[0]!.bbox.y0 - p.bbox.y0) < h * 0.7);
    if (row) row.push(p);
    else rows.push([p]);
  }
  const texts = rows.map((r) => r.sort((a, b) => a.bbox.x0 - b.bbox.x0).map((p) => p.text).join(' '));
  // Addresses are printed in capitals: a row with words in small letters is the next label, misread.
  const end = texts.findIndex((t) => /\p{Ll}{3}/u.test(t));
  const kept = rows.slice(0, end < 0 ? rows.length : end).map((r, i) => ({ phrases: r, text: cleanAddressLine(texts[i]!) }));
  return kept.filter((row) => row.text.length >= 2);
}

/** Where a one-row value (a name or a number) is printed, for a second, sharper reading. */
export interface LastPageValueBox {
  readonly field: Exclude<LastPageLabel, 'address'>;
  readonly box: BoundingBox;
}

/**
 * The value region under each label found, in the OCR's pixels: from the label's left edge to the next label on
 * its row (the old passport number and the file number share one), over the value's row. The sparse pass cuts
 * long values short, merges words and drops faint ones; these regions are read again on their own.
 */
export function lastPageValueBoxes(ocr: OcrResult, page: { width: number; height: number }): LastPageValueBox[] {
  const phrases = lastPagePhrases(ocr);
  const labels = phrases.filter((p) => p.label !== null);
  const valuesOf = new Map(labelledValues(phrases).map((lv) => [lv.label, lv.values]));
  const out: LastPageValueBox[] = [];
  for (const label of labels) {
    const field = label.label as LastPageLabel;
    // The address's rows are read from the sparse pass: a block read of its region took in rows below it.
    if (field === 'address' || out.some((b) => b.field === field)) continue;
    const h = Math.max(label.bbox.y1 - label.bbox.y0, 8);
    const others = labels.filter((l) => l.label !== field);
    const right = Math.min(
      page.width,
      ...others.filter((l) => l.bbox.x0 > label.bbox.x1 && Math.abs(l.bbox.y0 - label.bbox.y0) < h * 1.5).map((l) => l.bbox.x0 - h),
    );
    const nextBelow = Math.min(
      page.height,
      ...others.filter((l) => l.bbox.y0 > label.bbox.y1 + h * 0.5 && l.bbox.x0 < right && l.bbox.x1 > label.bbox.x0 - h).map((l) => l.bbox.y0 - h * 0.3),
    );
    // The value's own row when the sparse pass saw it (padded by half its height), else where values stand:
    // ~1.6 label heights tall, starting one to two label heights below the label.
    const seen = valuesOf.get(label)?.find((v) => v.bbox.y0 >= label.bbox.y1 - h * 0.3);
    const vh = seen === undefined ? h * 1.6 : seen.bbox.y1 - seen.bbox.y0;
    const top = Math.max(0, seen === undefined ? label.bbox.y1 + h * 0.2 : seen.bbox.y0 - vh * 0.5);
    const bottom = Math.min(nextBelow, seen === undefined ? label.bbox.y1 + h * 5 : seen.bbox.y1 + vh * 0.5);
    const left = Math.max(0, Math.min(label.bbox.x0, seen?.bbox.x0 ?? label.bbox.x0) - h);
    if (bottom - top < h || right - left < h * 4) continue;
    out.push({ field, box: { x0: left, y0: top, x1: right, y1: bottom } });
  }
  return out;
}

/** Second readings of value regions (see lastPageValueBoxes): OCR lines top to bottom, per field. */
export type LastPageRereads = Partial<Record<LastPageValueBox['field'], readonly string[]>>;

/**
 * An old passport number (a letter, seven digits) no one reading has whole: one reading's letter (`J…` where the
 * other read `1…`) and another's digits (`…4989252` where the first read `…A989252`), when the two tokens are the
 * same number, agreeing in at least five of the seven digit places.
 */
function oldNumberFromTwoReadings(texts: readonly string[]): string | undefined {
  const tokens = texts.flatMap((t) => t.toUpperCase().split(/\s+/)).filter((t) => /^[A-Z0-9]{8}$/.test(t));
  const digitLike = /^[0-9OIS]{7}$/;
  for (const lettered of tokens.filter((t) => /^[A-Z]/.test(t))) {
    for (const digits of tokens.filter((t) => digitLike.test(t.slice(1)))) {
      let agree = 0;
      for (let i = 1; i < 8; i++) if (lettered[i] === digits[i]) agree += 1;
      if (agree >= 5) return lettered[0] + digits.slice(1);
    }
  }
  return undefined;
}

export function readLastPageFields(ocr: OcrResult, rereads: LastPageRereads = {}): LastPageFields {
  const phrases = lastPagePhrases(ocr);
  const labelled = labelledValues(phrases);
  const first = (field: LastPageLabel): string | null => labelled.find((lv) => lv.field === field)?.values[0]?.text ?? null;
  const firstName = (field: LastPageLabel): string | null =>
    labelled.find((lv) => lv.field === field)?.values.find((v) => looksLikeName(v.text))?.text ?? null;
  const addressLabel = phrases.find((p) => p.label === 'address');

  // Without its label (misread), the file number is still the one token of two letters and ten or more digits.
  const reread = (field: LastPageValueBox['field']): readonly string[] => rereads[field] ?? [];
  const fileAnywhere = phrases.map((p) => p.text.toUpperCase().replace(/[^A-Z0-9]/g, '')).filter((t) => /^[A-Z]{2}\d{10,14}$/.test(t));
  // A file number is one token: texture read beside it (`E5`) is another.
  const fileReread = reread('file_number')
    .flatMap((t) => t.toUpperCase().split(/\s+/))
    .map((t) => t.replace(/[^A-Z0-9]/g, ''))
    .find((t) => t.length >= 10);
  const fileRaw = fileReread ?? (first('file_number')?.toUpperCase().replace(/[^A-Z0-9]/g, '') || (fileAnywhere.length === 1 ? fileAnywhere[0]! : ''));
  // File numbers are a two-letter office code then digits: the field's shape fixes look-alikes.
  const fileText = fileRaw.slice(0, 2).replace(/0/g, 'O').replace(/1/g, 'I').replace(/5/g, 'S').replace(/8/g, 'B') + asDigits(fileRaw.slice(2));
  const oldNumberIn = (text: string): string | undefined => text.toUpperCase().replace(/\s+/g, ' ').match(/\b[A-Z][0-9OIS]{7}\b/)?.[0];
  const oldTexts = [...reread('old_passport_number'), first('old_passport_number') ?? ''];
  const oldNumber = oldTexts.map(oldNumberIn).find((n) => n !== undefined) ?? oldNumberFromTwoReadings(oldTexts);
  const digitsAfterLetter = (v: string): string => v[0] + asDigits(v.slice(1));
  const name = (field: LastPageValueBox['field']): string | null => {
    const sparse = firstName(field);
    const sharp = reread(field).find(looksLikeName);
    // The sharper reading, unless all it adds to the sparse one is a letter or two of texture at the end, or it is
    // the sparse one's first or last words only (a doubtful word at either end was dropped with the texture:
    // `KRISHNA JOSHI` for `SAI KRISHNA JOSHI`).
    const onlyTexture = sparse !== null && sharp !== undefined && sharp.startsWith(sparse) && sharp.slice(sparse.length).trim().length <= 2;
    const wholeWords = (rest: string): boolean => rest.trim().split(/\s+/).every((w) => /^\p{Lu}{3,}$/u.test(w));
    const cutShort =
      sparse !== null && sharp !== undefined &&
      ((sparse.startsWith(`${sharp} `) && wholeWords(sparse.slice(sharp.length))) ||
        (sparse.endsWith(` ${sharp}`) && wholeWords(sparse.slice(0, sparse.length - sharp.length))));
    const text = sharp !== undefined && !onlyTexture && !cutShort ? sharp : sparse;
    return text === null ? null : cleanName(text);
  };
  const address = addressLabel ? addressRows(phrases, addressLabel).map((row) => row.text) : [];
  return {
    father_name: name('father_name'),
    mother_name: name('mother_name'),
    spouse_name: name('spouse_name'),
    address: address.length > 0 ? address.join(', ').replace(/,\s*,/g, ',') : null,
    file_number: fileText.length >= 6 ? fileText : null,
    old_passport_number: oldNumber ? digitsAfterLetter(oldNumber) : null,
  };
}

/**
 * Where each field of `fields` was read, in the OCR's pixels: a value read again on its own lies in the region it was
 * read from (lastPageValueBoxes), else in the sparse pass's value under its label; the address is its rows.
 */
export function lastPageFieldBoxes(
  ocr: OcrResult,
  page: { width: number; height: number },
  fields: LastPageFields,
): Partial<Record<keyof LastPageFields, BoundingBox>> {
  const phrases = lastPagePhrases(ocr);
  const labelled = labelledValues(phrases);
  const regions = lastPageValueBoxes(ocr, page);
  const out: Partial<Record<keyof LastPageFields, BoundingBox>> = {};
  for (const field of ['father_name', 'mother_name', 'spouse_name', 'file_number', 'old_passport_number'] as const) {
    if (fields[field] === null) continue;
    const box = regions.find((r) => r.field === field)?.box ?? labelled.find((lv) => lv.field === field)?.values[0]?.bbox;
    if (box !== undefined) out[field] = box;
  }
  const addressLabel = phrases.find((p) => p.label === 'address');
  const rows = fields.address === null || addressLabel === undefined ? [] : addressRows(phrases, addressLabel).flatMap((row) => row.phrases);
  if (rows.length > 0) {
    out.address = {
      x0: Math.min(...rows.map((p) => p.bbox.x0)),
      y0: Math.min(...rows.map((p) => p.bbox.y0)),
      x1: Math.max(...rows.map((p) => p.bbox.x1)),
      y1: Math.max(...rows.map((p) => p.bbox.y1)),
    };
  }
  return out;
}
