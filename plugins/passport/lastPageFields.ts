/**
 * The last page of an Indian passport: labelled fields (father / legal guardian, mother, spouse, address, file
 * number, old passport number) read from OCR words. Pure: OcrResult in, fields (null where blank) out.
 */
import type { OcrResult } from '../../core/ocr/types.ts';
import type { LastPageFields } from './result.ts';
import { normaliseLabelText } from './vizLabels.ts';
import { labelledValues, phrasesOf, type Phrase } from './vizLayout.ts';

type LastPageLabel = keyof LastPageFields;

/** English halves of the bilingual labels; Hindi halves read as noise by the `eng` model and are ignored. */
export function classifyLastPageLabel(text: string): LastPageLabel | null {
  const norm = normaliseLabelText(text);
  if (/old passport|date and place|place of issue/.test(norm)) return 'old_passport_number';
  if (/father|guardian/.test(norm)) return 'father_name';
  if (/mother/.test(norm)) return 'mother_name';
  if (/spouse/.test(norm)) return 'spouse_name';
  if (/address/.test(norm)) return 'address';
  if (/fi[l1i]?e no|\bfile\b/.test(norm)) return 'file_number';
  return null;
}

const cleanName = (s: string): string | null => {
  // A bar against letters is an I (`LAKSHM|`).
  const v = s.replace(/(?<=\p{L})\|/gu, 'I').replace(/[^\p{L}\s.'\-]/gu, ' ').replace(/\s+/g, ' ').trim().toUpperCase();
  return /\p{L}{2}/u.test(v) ? v : null;
};

const asDigits = (s: string): string => s.replace(/[OQD]/g, '0').replace(/[IL]/g, '1').replace(/S/g, '5').replace(/B/g, '8').replace(/Z/g, '2');

const cleanAddressLine = (s: string): string =>
  s
    .replace(/\b(\d+)[I|l]([A-Z])\b/g, '$1/$2') // `107IC`: the slash of a house number `107/C` read as I
    .replace(/[|_~“”"]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+,/g, ',')
    .trim();

/** Names are printed in capitals: OCR noise from the Hindi labels (`an`, `7A`) has no run of three, or is lower case. */
const looksLikeName = (text: string): boolean =>
  /\p{Lu}{3}/u.test(text.replace(/\|/g, 'I')) && !text.split(/\s+/).some((w) => /^\p{Ll}+$/u.test(w));

/** Rows of value phrases under the address label, down to the next label. */
function addressRows(phrases: readonly Phrase[], label: Phrase): string[] {
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
  return rows.map((r) => cleanAddressLine(r.sort((a, b) => a.bbox.x0 - b.bbox.x0).map((p) => p.text).join(' '))).filter((t) => t.length >= 2);
}

export function readLastPageFields(ocr: OcrResult): LastPageFields {
  const phrases = phrasesOf(ocr, classifyLastPageLabel);
  const labelled = labelledValues(phrases);
  const first = (field: LastPageLabel): string | null => labelled.find((lv) => lv.field === field)?.values[0]?.text ?? null;
  const firstName = (field: LastPageLabel): string | null =>
    labelled.find((lv) => lv.field === field)?.values.find((v) => looksLikeName(v.text))?.text ?? null;
  const addressLabel = phrases.find((p) => p.label === 'address');

  // Without its label (misread), the file number is still the one token of two letters and ten or more digits.
  const fileAnywhere = phrases.map((p) => p.text.toUpperCase().replace(/[^A-Z0-9]/g, '')).filter((t) => /^[A-Z]{2}\d{10,14}$/.test(t));
  const fileRaw = first('file_number')?.toUpperCase().replace(/[^A-Z0-9]/g, '') || (fileAnywhere.length === 1 ? fileAnywhere[0]! : '');
  // File numbers are a two-letter office code then digits: the field's shape fixes look-alikes.
  const fileText = fileRaw.slice(0, 2).replace(/0/g, 'O').replace(/1/g, 'I').replace(/5/g, 'S').replace(/8/g, 'B') + asDigits(fileRaw.slice(2));
  const oldText = first('old_passport_number')?.toUpperCase() ?? '';
  const oldNumber = oldText.replace(/\s+/g, ' ').match(/\b[A-Z][0-9OIS]{7}\b/)?.[0];
  const digitsAfterLetter = (v: string): string => v[0] + asDigits(v.slice(1));
  const father = firstName('father_name');
  const mother = firstName('mother_name');
  const spouse = firstName('spouse_name');
  const address = addressLabel ? addressRows(phrases, addressLabel) : [];
  return {
    father_name: father === null ? null : cleanName(father),
    mother_name: mother === null ? null : cleanName(mother),
    spouse_name: spouse === null ? null : cleanName(spouse),
    address: address.length > 0 ? address.join(', ').replace(/,\s*,/g, ',') : null,
    file_number: fileText.length >= 6 ? fileText : null,
    old_passport_number: oldNumber ? digitsAfterLetter(oldNumber) : null,
  };
}
