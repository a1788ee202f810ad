/** Parses and validates a TD3 (passport) MRZ: every field raw and decoded, each check digit's verdict, repairs. */
import { repairTd3, type Td3Alternatives, type Td3Confidence, type Td3Repair } from './repairTd3.ts';
import { td3CheckHolds, td3Checks, td3Field, td3Fields, type Td3CheckName, type Td3FieldName } from './td3Fields.ts';
import { isKnownCountryField } from '../../../core/mrz/countryCodes.ts';

export interface MrzDate {
  /** `YYMMDD` as in the MRZ (after repairs). */
  readonly raw: string;
  /** `YYYY-MM-DD`, or null when a part is unknown (`<`) or the date does not exist. */
  readonly value: string | null;
  readonly year: number | null;
  readonly month: number | null;
  readonly day: number | null;
}

export interface Td3Parse {
  /** The two lines with repairs applied. */
  readonly lines: [string, string];
  readonly fields: {
    readonly documentCode: { readonly raw: string; readonly value: string };
    readonly documentType: { readonly raw: string; readonly value: string | null };
    /** `D<<` -> `D`. */
    readonly issuingState: { readonly raw: string; readonly value: string };
    readonly name: { readonly raw: string; readonly surname: string; readonly givenNames: string };
    readonly documentNumber: { readonly raw: string; readonly value: string };
    readonly nationality: { readonly raw: string; readonly value: string };
    readonly dateOfBirth: MrzDate;
    /** `<` -> `X`. */
    readonly sex: { readonly raw: string; readonly value: 'M' | 'F' | 'X' | null };
    readonly expiryDate: MrzDate;
    readonly optionalData: { readonly raw: string; readonly value: string | null };
  };
  readonly checks: Readonly<Record<Td3CheckName, boolean>>;
  /** Every check digit holds and every field has its shape. */
  readonly valid: boolean;
  readonly repairs: readonly Td3Repair[];
  /** Fields whose content does not have the shape their type requires. */
  readonly errors: readonly { readonly field: Td3FieldName | 'lines'; readonly reason: string }[];
  readonly warnings: readonly ('name_truncated' | 'expired')[];
}

export interface ParseTd3Options {
  readonly now: Date;
  /** The recogniser's second-best class per character, for check-digit repairs. */
  readonly alternatives?: Td3Alternatives;
  /** The recogniser's probability per character: sure characters are the last check-digit repair candidates. */
  readonly confidence?: Td3Confidence;
}

const countryShape = /^[A-Z]{1,3}<*$/;

function slice(lines: readonly [string, string], field: Td3FieldName): string {
  const spec = td3Field(field);
  return lines[spec.line].slice(spec.start, spec.end);
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Decodes `YYMMDD`; `century` picks the full year from the two digits and the month/day (null when unknown). */
function decodeDate(raw: string, century: (yy: number, month: number | null, day: number | null) => number): MrzDate {
  const part = (s: string): number | null => (/^\d\d$/.test(s) ? Number(s) : null);
  const yy = part(raw.slice(0, 2));
  let month = part(raw.slice(2, 4));
  let day = part(raw.slice(4, 6));
  if (month !== null && (month < 1 || month > 12)) month = null;
  const year = yy === null ? null : century(yy, month, day);
  if (day !== null && (day < 1 || day > (year !== null && month !== null ? daysInMonth(year, month) : 31))) day = null;
  const value = year !== null && month !== null && day !== null ? `${year}-${pad2(month)}-${pad2(day)}` : null;
  return { raw, value, year, month, day };
}

/** Birth: the latest century that does not put the date in the future. */
function birthCentury(now: Date): (yy: number, month: number | null, day: number | null) => number {
  return (yy, month, day) => {
    const candidate = 2000 + yy;
    const key = candidate * 10000 + (month ?? 1) * 100 + (day ?? 1);
    const today = now.getUTCFullYear() * 10000 + (now.getUTCMonth() + 1) * 100 + now.getUTCDate();
    return key <= today ? candidate : 1900 + yy;
  };
}

/**
 * The parse with its date of birth in the century `printedIso` (the page's four-digit year) gives, when that date
 * spells the MRZ's `YYMMDD` and is not after `now`; the parse itself otherwise. Two-digit years leave the century open
 * for anyone born more than 100 years before a year ending the same way (1911 or 2011).
 */
export function withPrintedBirthCentury(parse: Td3Parse, printedIso: string | null, now: Date): Td3Parse {
  const dob = parse.fields.dateOfBirth;
  if (printedIso === null || dob.value === null || printedIso === dob.value) return parse;
  const [y, m, d] = printedIso.split('-') as [string, string, string];
  // Only the two centuries a living holder's two digits leave open: a printed 1874 is a misread 1974.
  const openCentury = y.startsWith('19') || y.startsWith('20');
  if (!openCentury || `${y.slice(2)}${m}${d}` !== dob.raw || printedIso > now.toISOString().slice(0, 10)) return parse;
  return { ...parse, fields: { ...parse.fields, dateOfBirth: { ...dob, value: printedIso, year: Number(y) } } };
}

/**
 * The parse with its date of birth a century earlier where the page's date of issue comes before the birth the two
 * year digits were read as (2011-11-11 beside a passport issued 2004-12-03): no passport is issued before its holder is
 * born, and only a birth this century leaves the other open. The parse itself otherwise.
 */
export function withBirthBeforeIssue(parse: Td3Parse, issueIso: string | null, now: Date): Td3Parse {
  const dob = parse.fields.dateOfBirth;
  if (issueIso === null || dob.value === null || dob.year === null || dob.year < 2000 || issueIso >= dob.value) return parse;
  return withPrintedBirthCentury(parse, `${dob.year - 100}${dob.value.slice(4)}`, now);
}

function splitName(raw: string): { surname: string; givenNames: string } {
  const cut = raw.indexOf('<<');
  const clean = (s: string): string => s.replace(/</g, ' ').replace(/ +/g, ' ').trim();
  if (cut < 0) return { surname: clean(raw), givenNames: '' };
  return { surname: clean(raw.slice(0, cut)), givenNames: clean(raw.slice(cut + 2)) };
}

export function parseTd3(input: readonly [string, string], options: ParseTd3Options): Td3Parse {
  const errors: { field: Td3FieldName | 'lines'; reason: string }[] = [];
  if (input[0].length !== 44 || input[1].length !== 44) errors.push({ field: 'lines', reason: 'each TD3 line has 44 characters' });
  const normal = input.map((l) => l.toUpperCase().slice(0, 44).padEnd(44, '<')) as [string, string];
  const { lines, repairs } = repairTd3(normal, options.alternatives, options.confidence);

  const line2 = lines[1];
  const checks = {} as Record<Td3CheckName, boolean>;
  for (const check of td3Checks) checks[check.check] = td3CheckHolds(line2, check);

  const documentCode = slice(lines, 'document_code');
  if (documentCode !== 'P') errors.push({ field: 'document_code', reason: 'a passport MRZ starts with P' });
  const documentType = slice(lines, 'document_type');
  if (!/^[A-Z<]$/.test(documentType)) errors.push({ field: 'document_type', reason: 'letter or <' });
  for (const field of ['issuing_state', 'nationality'] as const) {
    if (!countryShape.test(slice(lines, field))) errors.push({ field, reason: 'country code shape [A-Z]{1,3}<*' });
    else if (!isKnownCountryField(slice(lines, field))) errors.push({ field, reason: 'not an ISO 3166 or ICAO country code' });
  }
  const nameRaw = slice(lines, 'name');
  if (!/^[A-Z<]+$/.test(nameRaw) || nameRaw.startsWith('<')) errors.push({ field: 'name', reason: 'letters and <, starting with the surname' });
  // Name parts are parted by one filler and the surname from the given names by two: three or more before a letter
  // are a letter read as a filler (ORKHAN as <RKHAN), whatever the line-2 check digits say.
  else if (/<{3,}[A-Z]/.test(nameRaw)) errors.push({ field: 'name', reason: 'no run of three fillers inside the name' });
  const sexRaw = slice(lines, 'sex');
  const sex = sexRaw === 'M' || sexRaw === 'F' ? sexRaw : sexRaw === '<' ? 'X' : null;
  if (sex === null) errors.push({ field: 'sex', reason: 'M, F or <' });

  const now = options.now;
  const dateOfBirth = decodeDate(slice(lines, 'date_of_birth'), birthCentury(now));
  const expiryDate = decodeDate(slice(lines, 'expiry_date'), (yy) => 2000 + yy);
  for (const [field, date] of [['date_of_birth', dateOfBirth], ['expiry_date', expiryDate]] as const) {
    const knownButImpossible = !date.raw.includes('<') && date.value === null;
    // ICAO 9303 lets `<` stand for the unknown parts of a date of birth only: a passport's expiry is always known
    // (glare dev 406 read `<65101` two cells off, and its check digit held by chance).
    const unknownExpiry = field === 'expiry_date' && date.raw.includes('<');
    if (!/^[0-9<]{6}$/.test(date.raw) || knownButImpossible || unknownExpiry) errors.push({ field, reason: 'YYMMDD' });
  }
  for (const spec of td3Fields) {
    const text = lines[spec.line].slice(spec.start, spec.end);
    if (!/^[A-Z0-9<]*$/.test(text)) errors.push({ field: spec.field, reason: 'characters outside A-Z 0-9 <' });
  }

  const warnings: ('name_truncated' | 'expired')[] = [];
  if (nameMayBeTruncated(lines[0])) warnings.push('name_truncated');
  const today = `${now.getUTCFullYear()}-${pad2(now.getUTCMonth() + 1)}-${pad2(now.getUTCDate())}`;
  if (expiryDate.value !== null && expiryDate.value < today) warnings.push('expired');

  const strip = (s: string): string => s.replace(/<+$/, '');
  const optionalRaw = slice(lines, 'optional_data');
  const issuing = slice(lines, 'issuing_state');
  const nationality = slice(lines, 'nationality');
  const docNumber = slice(lines, 'document_number');
  return {
    lines,
    fields: {
      documentCode: { raw: documentCode, value: documentCode },
      documentType: { raw: documentType, value: documentType === '<' ? null : documentType },
      issuingState: { raw: issuing, value: strip(issuing) },
      name: { raw: nameRaw, ...splitName(nameRaw) },
      documentNumber: { raw: docNumber, value: strip(docNumber) },
      nationality: { raw: nationality, value: strip(nationality) },
      dateOfBirth,
      sex: { raw: sexRaw, value: sex },
      expiryDate,
      optionalData: { raw: optionalRaw, value: strip(optionalRaw) || null },
    },
    checks,
    valid: Object.values(checks).every(Boolean) && errors.length === 0,
    repairs,
    errors,
    warnings,
  };
}

/**
 * Whether a line 1 name separates its parts twice (`EL<<SAYED<<AHMED`): ICAO 9303 writes one `<<`, between the
 * surname and the given names, so a second before more letters is a filler or letter misread.
 */
export function nameSeparatedTwice(line1: string): boolean {
  const name = line1.slice(5);
  const split = name.indexOf('<<');
  return split >= 0 && /<<[A-Z]/.test(name.slice(split + 2).replace(/^<+/, ''));
}

/**
 * Whether the MRZ name may have been cut to fit its 39 cells: a letter in the last cell, a letter just before
 * a single last filler (a cut at a word boundary: `…<<JOSE<JUAN<` for JOSÉ JUAN PABLO), or a surname whose
 * separator takes the last two cells, which leaves no room for the given names the page prints.
 */
export function nameMayBeTruncated(line1: string): boolean {
  const surnameFillsField = /[A-Z]/.test(line1[41] ?? '') && line1.indexOf('<<', 5) === 42;
  return /[A-Z]/.test(line1[43] ?? '') || (/[A-Z]/.test(line1[42] ?? '') && line1[43] === '<') || surnameFillsField;
}
