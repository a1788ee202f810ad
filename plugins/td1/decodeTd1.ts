/**
 * The TD1 decoder and validator: recorded readings of the three MRZ lines in, the result or a refusal out. Pure (no
 * OCR, no clock but `now`), so it is tested on readings alone. A reading whose check digits do not all hold after the
 * recorded repairs, or whose uncovered fields (document code, country codes, sex) are not what the layout allows, is
 * refused: no answer is better than a wrong one.
 */
import type { RejectionCode } from '../../core/errors.ts';
import type { Geometry } from '../../core/extraction/geometry.ts';
import { isKnownCountryField } from '../../core/mrz/countryCodes.ts';
import { digitToLetter, letterToDigit } from '../../core/mrz/mrzCharClass.ts';
import { mrzBirthDate, mrzExpiryDate } from '../../core/mrz/mrzDate.ts';
import { disputedConfidence } from '../../core/mrz/readCellGrid.ts';
import { repairTd1, td1ChecksOf, td1Verdicts, type Td1CellDoubts } from './repairTd1.ts';
import { td1Field, td1LineLength, type Td1CheckName, type Td1FieldName } from './td1Fields.ts';
import type { Td1ConfidenceField, Td1Result, Td1Warning } from './result.ts';

/** What the read hook hands on: the three lines as classified, and how sure each cell was. */
export interface Td1Readings extends Td1CellDoubts {
  readonly lines: readonly string[];
  /** Per cell: washed out by glare or shadow, so what was read there is no reading (core/mrz/readCellGrid.ts). */
  readonly washed?: readonly (readonly boolean[])[];
  /** Where the lines lie on the uploaded image, when read from one. */
  readonly geometry?: Geometry;
}

export type Td1Outcome =
  | { readonly ok: true; readonly result: Td1Result }
  | { readonly ok: false; readonly code: RejectionCode; readonly detail: string; readonly hint: string };

const resend = 'Send a sharp photo or scan of the back of the ID card, with its three MRZ lines whole and free of glare.';
const refuse = (code: RejectionCode, detail: string, hint = resend): Td1Outcome => ({ ok: false, code, detail, hint });

/** A cell's doubt is divided by this where a check digit proves the field. */
const checkDigitAssurance = 10;
/** Name cells read less sure than this make the name uncertain (no check digit covers it). */
const sureNameCell = 0.8;

const checkOf: Partial<Record<Td1ConfidenceField, Td1CheckName>> = { document_number: 'document_number', date_of_birth: 'date_of_birth', expiry_date: 'expiry_date' };
const fieldOf: Record<Td1ConfidenceField, Td1FieldName> = {
  document_number: 'document_number', issuing_country: 'issuing_state', date_of_birth: 'date_of_birth', sex: 'sex',
  expiry_date: 'expiry_date', nationality: 'nationality', surname: 'name', given_names: 'name',
};

const unfilled = (s: string): string => s.replace(/<+$/, '').replace(/</g, ' ').trim();

export function decodeTd1(readings: Td1Readings, now: Date): Td1Outcome {
  const read = readings.lines.map((l) => l.toUpperCase().replace(/«/g, '<').replace(/\s+/g, ''));
  if (read.length !== 3 || read.some((l) => l.length !== td1LineLength)) {
    return refuse('unreadable_document', 'No ID card machine-readable zone of three 30-character lines was read.');
  }
  // A check over washed cells proves nothing (fillers read where glare took the glyphs satisfied one on a generated card).
  if (readings.washed?.slice(0, 2).some((line) => line.some(Boolean))) {
    return refuse('unreadable_document', 'Glare or shadow washed out part of the ID card MRZ.', 'Send a photo of the ID card without glare on its three MRZ lines.');
  }
  const { lines, repairs } = repairTd1(read, readings);
  if (lines.some((l) => !/^[A-Z0-9<]{30}$/.test(l))) return refuse('unreadable_document', 'The ID card MRZ holds characters no MRZ has.');
  const verdicts = td1Verdicts(lines);
  const failed = (Object.keys(verdicts) as Td1CheckName[]).filter((c) => !verdicts[c]);
  if (failed.length > 0) {
    return refuse('unreadable_document', `The ID card MRZ did not read consistently: the ${failed.join(', ').replace(/_/g, ' ')} check digit${failed.length > 1 ? 's do' : ' does'} not hold.`);
  }
  const text = (field: Td1FieldName): string => {
    const spec = td1Field(field);
    return lines[spec.line]!.slice(spec.start, spec.end);
  };
  const code = text('document_code');
  if (!/^[IAC]/.test(code)) return refuse('unreadable_document', 'The document code of the ID card MRZ is not one an ID card carries (I, A or C).');
  const issuing = text('issuing_state');
  const nationality = text('nationality');
  if (!isKnownCountryField(issuing) || !isKnownCountryField(nationality)) {
    return refuse('unreadable_document', 'A country code of the ID card MRZ is on no ICAO list: it was misread.');
  }
  const sexRaw = text('sex');
  if (!/^[MF<]$/.test(sexRaw)) return refuse('unreadable_document', 'The sex of the ID card MRZ was misread.');
  const birthRaw = text('date_of_birth');
  const expiryRaw = text('expiry_date');
  const expiry = mrzExpiryDate(expiryRaw);
  const birth = birthRaw.includes('<') ? null : mrzBirthDate(birthRaw, now);
  // The check digits hold over these dates: an impossible one is the document's, not the reading's.
  if (expiry === null || (birth === null && !birthRaw.includes('<'))) {
    return refuse('invalid_document', 'A date in the ID card MRZ is not a calendar date, though its check digit holds.', 'Send a valid ICAO 9303 ID card.');
  }

  const checks = td1ChecksOf(lines.map((l) => [...l]));
  const numberSpans = checks.find((c) => c.check === 'document_number')!.spans;
  const documentNumber = numberSpans.map(([line, s, e]) => lines[line]!.slice(s, e)).join('').replace(/</g, '');
  const longNumber = numberSpans.length > 1;
  const optional1 = unfilled(longNumber ? lines[0]!.slice(checks.find((c) => c.check === 'document_number')!.digit[1] + 1) : text('optional_data_1'));
  const optional2 = unfilled(text('optional_data_2'));
  const nameField = text('name');
  const [surnamePart = '', ...givenParts] = nameField.replace(/<+$/, '').split('<<');
  const surname = unfilled(surnamePart);
  const givenNames = unfilled(givenParts.join('<<'));

  const confidenceOf = (field: Td1ConfidenceField): number => {
    const spec = td1Field(fieldOf[field]);
    const row = readings.confidence?.[spec.line];
    let cells = row?.slice(spec.start, spec.end) ?? [];
    if (field === 'surname' || field === 'given_names') {
      const split = nameField.indexOf('<<');
      cells = field === 'surname' ? cells.slice(0, split < 0 ? undefined : split) : split < 0 ? [] : cells.slice(split + 2, nameField.replace(/<+$/, '').length);
    }
    const least = cells.length === 0 ? 1 : Math.min(...cells);
    const check = checkOf[field];
    const doubt = check !== undefined && verdicts[check] ? (1 - least) / checkDigitAssurance : 1 - least;
    return Math.round((1 - doubt) * 1000) / 1000;
  };

  const warnings: Td1Warning[] = [];
  if (expiry < now.toISOString().slice(0, 10)) warnings.push({ code: 'expired', message: 'The card expired before the date of this request.' });
  if (birth === null) warnings.push({ code: 'date_of_birth_unknown', message: 'The MRZ gives the date of birth as unknown, in part or whole.' });
  if (/[A-Z]/.test(nameField[td1LineLength - 1]!)) warnings.push({ code: 'name_truncated', message: 'The name fills the MRZ line to its end: it may be cut short.' });
  // No check digit covers the name, so it is given only where every letter was read one way: not where a digit other
  // than 0 was read (OCR-B draws 0 and O nearly alike: the letter its class forces is the one printed), a cell glare
  // washed out, or a letter the two classifiers read as different letters. A second opinion that is the letter's
  // look-alike digit (O and 0, S and 5) is no rival: the name's class allows only the letter. On 169 generated cards
  // every letter misread in a name was of these kinds; of the 79 disputed letters read right, 65 had such a rival.
  const nameCells = readings.confidence?.[2] ?? [];
  const nameSecond = readings.second?.[2] ?? [];
  const rivalled = (c: string, i: number): boolean => {
    const other = nameSecond[i];
    if (c === '<' || (nameCells[i] ?? 1) > disputedConfidence || other === undefined) return false;
    return letterToDigit[c] !== other && digitToLetter[c] !== other && letterToDigit[other] !== c && digitToLetter[other] !== c;
  };
  const nameRead =
    !/[1-9]/.test(nameField) &&
    !repairs.some((r) => r.field === 'name' && /[1-9]/.test(r.from)) &&
    ![...read[2]!].some(rivalled) &&
    !(readings.washed?.[2]?.some(Boolean) ?? false);
  if (!nameRead) warnings.push({ code: 'name_not_read', message: 'Letters of the name were not read surely, and no check digit covers it: it is not given.' });
  else if ([...nameField].some((c, i) => c !== '<' && (nameCells[i] ?? 1) < sureNameCell)) {
    warnings.push({ code: 'name_uncertain', message: 'Some letters of the name were read unsurely, and no check digit covers the name.' });
  }

  const confidence = Object.fromEntries(
    (Object.keys(fieldOf) as Td1ConfidenceField[]).map((f) => [f, !nameRead && (f === 'surname' || f === 'given_names') ? 0 : confidenceOf(f)]),
  ) as Td1Result['confidence'];
  const result: Td1Result = {
    document_code: code.replace(/</g, ''),
    issuing_country: issuing.replace(/<+$/, ''),
    document_number: documentNumber,
    optional_data_1: optional1 === '' ? null : optional1,
    date_of_birth: birth,
    sex: sexRaw === '<' ? 'X' : (sexRaw as 'M' | 'F'),
    expiry_date: expiry,
    nationality: nationality.replace(/<+$/, ''),
    optional_data_2: optional2 === '' ? null : optional2,
    surname: nameRead ? surname : null,
    given_names: nameRead ? givenNames : null,
    full_name: nameRead ? [givenNames, surname].filter((s) => s !== '').join(' ') : null,
    mrz: { line1: lines[0]!, line2: lines[1]!, line3: lines[2]!, check_digits_valid: true },
    raw_dates: { date_of_birth: birthRaw, expiry_date: expiryRaw },
    confidence,
    checks: { check_digits: { document_number: 'valid', date_of_birth: 'valid', expiry_date: 'valid', composite: 'valid' } },
    repairs: repairs.map((r) => ({ field: r.field, position: r.index + 1, from: r.from, to: r.to, reason: r.reason })),
    warnings,
    ...(readings.geometry === undefined ? {} : { geometry: readings.geometry }),
  };
  return { ok: true, result };
}
