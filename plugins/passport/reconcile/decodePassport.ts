/**
 * The decode step: a parsed TD3 MRZ, the printed-page reading and the last page become the result. Pure.
 * The MRZ is the source of every coded field; the printed page gives the names as printed and the date of issue,
 * and is compared with the MRZ field by field.
 */
import type { Td3Parse } from '../mrz/index.ts';
import type { Td3CheckName } from '../mrz/td3Fields.ts';
import { td3CheckCells, td3ChecksCovering, td3Field } from '../mrz/td3Fields.ts';
import { transliterateName } from '../viz/icaoTransliteration.ts';
import { codeCellsInDoubt } from './codeDoubts.ts';
import { mrzNameToText } from '../viz/printedName.ts';
import { legiblePrintPxPerMm } from '../viz/readPrintedPage.ts';
import type {
  Agreement,
  CheckDigitVerdict,
  LastPageFields,
  PassportResult,
  PassportWarning,
  Repair,
} from '../result.ts';
import type { VizReading } from '../viz/vizFields.ts';
import { noNamesWithheld, type WithheldNames } from '../refusal.ts';

export interface DecodeInput {
  readonly parse: Td3Parse;
  /** Per character confidence of each MRZ line, 0..1 (the recogniser's). */
  readonly charConfidence: readonly (readonly number[])[];
  /** Null when the printed page could not be read at all. */
  readonly viz: VizReading | null;
  /** Undefined: no last page sent; null: sent but unreadable. */
  readonly lastPage?: LastPageFields | null;
  readonly now: Date;
  /** MRZ cells (0-based, per line) glare washed out and nothing confirmed (washedCells.ts). */
  readonly washedUnconfirmed?: readonly [readonly number[], readonly number[]];
  /** Line 1 name cells the MRZ's classifiers disagreed on and no reading of the print settled (printedNameMend.ts). */
  readonly doubtedNameCells?: readonly number[];
  /** Checked fields the print reads otherwise, its reading holding the same check digits (printedFieldMend.ts). */
  readonly printConflicts?: readonly string[];
  /** Document number cells whose look-alike digit holds every check as well, and nothing settled (numberCellsInDoubt). */
  readonly numberCellsInDoubt?: readonly number[];
  /** Optional data cells in doubt the same way (optionalDataCellsInDoubt). */
  readonly optionalDataCellsInDoubt?: readonly number[];
  /** Glare washed the optional data and nothing proves it (optionalDataWithheldCells): answered null. */
  readonly optionalDataWithheld?: boolean;
  /** Cells of a check-digit repair that a rival fix of other doubted cells would have held as well (rivalRepairCells). */
  readonly rivalRepairCells?: readonly number[];
  /** The input was too small for the printed page to be read: it was not read. */
  readonly printTooSmall?: boolean;
  /** Name parts left out, their letters too doubtful to answer (verdictForDoubt): null, with mrz.line1 and full_name. */
  readonly withheldNames?: WithheldNames;
  /** Separators of each MRZ name part a reading of the print showed as hyphens (hyphensSeen), for a part not read whole. */
  readonly hyphensSeen?: { readonly surname: readonly number[]; readonly givenNames: readonly number[] };
}

/** The apostrophe's other code points: typographic (U+2019) and modifier letter (U+02BC). */
const apostrophes = /[\u2019\u02BC]/g;

/** Whether a line 1 cell (0-based) lies in the surname: before the `<<` that ends it, or anywhere when there is none. */
export function surnameCellTest(line1: string): (cell: number) => boolean {
  const namesSplit = line1.indexOf('<<', 5);
  return (cell) => namesSplit < 0 || cell < namesSplit;
}

const checkNames: readonly Td3CheckName[] = ['document_number', 'date_of_birth', 'expiry_date', 'optional_data', 'composite'];

const messages: Record<PassportWarning['code'], string> = {
  expired: 'The passport expired before the request date.',
  name_truncated: 'The name fills the MRZ to its last position and may be truncated there.',
  printed_mrz_mismatch: 'The printed page and the MRZ disagree on at least one field; see checks.printed_vs_mrz.',
  issue_date_not_found: 'No readable date of issue on the printed page.',
  issue_date_repaired: 'A misread digit (or two look-alike digits) of the printed date of issue was repaired using the expiry date.',
  issue_date_unusual: 'The date of issue is not 5 or 10 years (minus a day) before expiry.',
  printed_names_not_read: 'The printed names could not be read; names come from the MRZ (transliterated), without any given names it had no room for.',
  check_digits_invalid: 'At least one MRZ check digit does not validate; see checks.check_digits.',
  date_of_birth_unknown: 'The MRZ gives the date of birth as unknown (or impossible).',
  last_page_unreadable: 'The last page was sent but could not be read.',
  mrz_washed_out: 'Glare washed out MRZ characters that neither the layout nor the printed page could confirm.',
  mrz_name_uncertain: 'Letters of the MRZ name (which has no check digit) are in doubt and the printed page did not settle them.',
  name_withheld:
    'A name part is null, and full_name with it, rather than guessed: letters of it in the MRZ are in doubt (the MRZ name has no check digit, and the printed page did not settle them; mrz.line1 is null too), or the MRZ had no room for it and the printed page did not give it. The fields the check digits prove are answered. A sharper image gives the name.',
  mrz_print_conflict:
    'The printed page, read alike twice, gives a checked MRZ field another value that holds its check digit and the composite too: which reading is right is in doubt.',
  mrz_number_uncertain:
    'Letters of the document number that a look-alike digit could replace with every check digit still holding (O and 0, G and 6) are in doubt, and the printed page did not settle them.',
  mrz_optional_data_uncertain:
    'Letters of the optional data (the personal number) that a look-alike digit could replace with every check digit still holding (O and 0, U and 0, G and 6) are in doubt.',
  mrz_repair_uncertain:
    'A check digit that failed as read was mended, but another change to characters the classifiers doubted mends it as well, with every check digit holding: the check digits do not tell the two readings apart, and the printed page did not settle them.',
  mrz_code_uncertain:
    'A country code (nationality or issuing state, which no check digit covers) holds a character the reader changed, to a letter or to make the code a known one, and neither the other code nor the printed page reads the same code: another state is possible.',
  printed_page_too_small:
    `The page is too small in this image for its print to be read (under ${legiblePrintPxPerMm} pixels per millimetre): nothing was taken from the printed page. A larger image gives the printed names and the date of issue.`,
};

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((s, v) => s + v, 0) / values.length;
}

const clamp = (x: number): number => Math.round(Math.max(0, Math.min(1, x)) * 1000) / 1000;

export function decodePassport(input: DecodeInput): PassportResult {
  const { parse, viz, now } = input;
  const f = parse.fields;
  const [line1, line2] = parse.lines;
  const warnings: PassportWarning[] = [];
  const warn = (code: PassportWarning['code']): void => {
    if (!warnings.some((w) => w.code === code)) warnings.push({ code, message: messages[code] });
  };

  // A check over cells glare washed out and nothing confirmed proves nothing, whatever it computes to.
  const [unconfirmed1, unconfirmed2] = input.washedUnconfirmed ?? [[], []];
  const overWashed = (c: Td3CheckName): boolean => td3CheckCells(c).some((i) => unconfirmed2.includes(i));
  const holds = (c: Td3CheckName): boolean => parse.checks[c] && !overWashed(c);
  const verdicts = Object.fromEntries(checkNames.map((c) => [c, holds(c) ? 'valid' : 'invalid'])) as Record<Td3CheckName, CheckDigitVerdict>;
  // A line with a malformed field is never reported valid, whatever its check digits say; nor one with cells glare
  // washed out that nothing confirmed, though no check digit covers them (line 1's name). A date that is no calendar
  // day (29 FEB 2011 on a specimen) but whose own check digit holds was read as printed: it is reported as unknown,
  // and its check digits as what they are.
  const printedImpossibleDate = (e: (typeof parse.errors)[number]): boolean =>
    (e.field === 'date_of_birth' && /^\d{6}$/.test(f.dateOfBirth.raw) && holds('date_of_birth')) ||
    (e.field === 'expiry_date' && /^\d{6}$/.test(f.expiryDate.raw) && holds('expiry_date'));
  // Nor a name with letters in doubt that nothing settled: no check digit covers them.
  const doubtedNames = input.doubtedNameCells ?? [];
  // Nor a line whose name part was withheld for letters in doubt: it is not returned.
  const doubtWithheld = input.withheldNames ?? noNamesWithheld;
  const lineOneWithheld = doubtWithheld.surname || doubtWithheld.givenNames;
  // Nor a field the print reads otherwise with every check holding as well: two consistent readings, one wrong.
  const conflicts = input.printConflicts ?? [];
  // Nor a document number or optional data whose letters a look-alike digit could replace with every check holding.
  const numberDoubts = input.numberCellsInDoubt ?? [];
  const optionalDoubts = input.optionalDataCellsInDoubt ?? [];
  // Nor a check-digit repair that a rival fix, as good for every check digit, stood against.
  const rivalDoubts = input.rivalRepairCells ?? [];
  const proven = (field: 'document_number' | 'date_of_birth' | 'expiry_date'): boolean =>
    parse.checks[field] && !td3CheckCells(field).some((i) => rivalDoubts.includes(i));
  // Nor a country code (no check digit's) repaired from a guess that nothing witnesses (codeDoubts.ts).
  const codeDoubted = codeCellsInDoubt(parse, viz?.printed.nationality);
  const codeDoubts = (['nationality', 'issuing_state'] as const).filter((field) => codeDoubted[field] !== undefined);
  // Line 2's nationality and sex are no check digit's either: washed and unconfirmed, they are as unproven.
  const uncheckedWashed2 = unconfirmed2.filter((i) => td3ChecksCovering(i).length === 0);
  const checkDigitsValid =
    checkNames.every(holds) &&
    parse.errors.every(printedImpossibleDate) &&
    unconfirmed1.length === 0 &&
    uncheckedWashed2.length === 0 &&
    doubtedNames.length === 0 &&
    !lineOneWithheld &&
    conflicts.length === 0 &&
    numberDoubts.length === 0 &&
    optionalDoubts.length === 0 &&
    rivalDoubts.length === 0 &&
    codeDoubts.length === 0;
  if (conflicts.length > 0) warn('mrz_print_conflict');
  if (unconfirmed1.length + unconfirmed2.length > 0) warn('mrz_washed_out');
  if (doubtedNames.length > 0) warn('mrz_name_uncertain');
  if (numberDoubts.length > 0) warn('mrz_number_uncertain');
  if (optionalDoubts.length > 0) warn('mrz_optional_data_uncertain');
  if (rivalDoubts.length > 0) warn('mrz_repair_uncertain');
  if (codeDoubts.length > 0) warn('mrz_code_uncertain');
  // Doubted letters have a warning of their own: no check digit failed.
  if (!checkDigitsValid && !((lineOneWithheld || [doubtedNames, conflicts, numberDoubts, optionalDoubts, rivalDoubts, codeDoubts].some((doubts) => doubts.length > 0)) && checkNames.every(holds))) warn('check_digits_invalid');

  const fieldConfidence = (name: Parameters<typeof td3Field>[0], checked: boolean): number => {
    const spec = td3Field(name);
    const conf = mean((input.charConfidence[spec.line] ?? []).slice(spec.start, spec.end));
    return clamp((conf || 0.5) * (checked ? 1 : 0.4));
  };

  if (input.printTooSmall === true) warn('printed_page_too_small');
  // Names: printed (reconciled with the MRZ) when read, else the MRZ's, transliterated.
  const truncated = parse.warnings.includes('name_truncated');
  if (truncated) warn('name_truncated');
  const nameConf = fieldConfidence('name', true);
  // One apostrophe for every glyph the print or OCR gives it (O’NEILL, Oʼ NEILL): names compare as strings.
  // Where the print was not read whole, the MRZ's letters, with the hyphens a reading of part of it showed.
  const surname = (viz?.surname?.value ?? mrzNameToText(f.name.surname, input.hyphensSeen?.surname)).replace(apostrophes, "'");
  const givenName = (viz?.givenNames?.value ?? mrzNameToText(f.name.givenNames, input.hyphensSeen?.givenNames)).replace(apostrophes, "'");
  // Given names the MRZ had no room for come from the print alone: unread there, they are missing.
  const namesFromPrint = viz?.surname != null && (viz.givenNames != null || (f.name.givenNames === '' && !truncated));
  if (!namesFromPrint) warn('printed_names_not_read');
  // A part the MRZ had no room for (the given names after a cut, or all of them after a cut surname) and the print did
  // not give is not known: the MRZ's start of it (`LUK`, or none) is no name.
  const cutUnread: WithheldNames = {
    surname: truncated && f.name.givenNames === '' && viz?.surname == null,
    givenNames: truncated && viz?.givenNames == null,
  };
  const withheld: WithheldNames = { surname: doubtWithheld.surname || cutUnread.surname, givenNames: doubtWithheld.givenNames || cutUnread.givenNames };
  const nameWithheld = withheld.surname || withheld.givenNames;
  if (nameWithheld) warn('name_withheld');
  // A name part holding MRZ letters in doubt says so in its confidence, as a field whose check fails does.
  const inSurname = surnameCellTest(line1);
  const partDoubt = (surnamePart: boolean): number => (doubtedNames.some((cell) => inSurname(cell) === surnamePart) ? 0.4 : 1);
  const surnameConf = (viz?.surname ? Math.min(nameConf, viz.surname.confidence) + 0.1 : nameConf * 0.6) * partDoubt(true);
  const givenConf = (viz?.givenNames ? Math.min(nameConf, viz.givenNames.confidence) + 0.1 : nameConf * 0.6) * partDoubt(false);

  const birth = f.dateOfBirth.value;
  if (birth === null) warn('date_of_birth_unknown');
  const expiry = f.expiryDate.value;
  if (parse.warnings.includes('expired')) warn('expired');

  const issue = viz?.issueDate ?? null;
  const repairs: Repair[] = parse.repairs.map((r) => ({
    field: r.field,
    position: r.position,
    from: r.from,
    to: r.to,
    reason:
      r.reason === 'check_digit'
        ? `line ${r.line}: the check digit holds only with this character`
        : r.reason === 'printed_page'
          ? r.field === 'name'
            ? `line ${r.line}: an unsure MRZ letter, taken from the printed name`
            : r.field === 'sex'
            ? `line ${r.line}: the MRZ cell held no sex code and no check digit covers it; taken from the printed page`
            : r.field === 'issuing_state' || r.field === 'nationality'
            ? `line ${r.line}: the MRZ's code is no country's; the printed code, one letter from it, is taken`
            : `line ${r.line}: taken from the printed page; the field's check digit and the composite hold with it`
          : r.reason === 'printed_twice'
          ? `line ${r.line}: washed out by glare with the field's check digit; taken from the printed page, read alike twice, with the check digit it computes to; the composite holds with it`
          : r.reason === 'zeros_read_as_oh'
          ? `line ${r.line}: the number's Os past its first digit read as zeros; its check digit and the composite hold only so`
          : r.reason === 'digits_read_as_letters'
          ? `line ${r.line}: a letter amid the optional data's digits read for the digit it resembles; its check digit and the composite hold only so`
          : r.reason === 'country_code'
          ? `line ${r.line}: only this character makes the country code a known one`
          : r.reason === 'washed_out'
          ? r.field === 'document_code'
            ? `line ${r.line}: washed out by glare; a passport's MRZ starts with P`
            : r.field === 'optional_data'
            ? `line ${r.line}: washed out by glare; filler, as the field's check digit is the filler of an unused field`
            : `line ${r.line}: washed out by glare; taken from the printed page, which agrees with every cell left readable`
          : `line ${r.line}: the field allows only this character class`,
  }));
  if (issue === null) warn('issue_date_not_found');
  else {
    if (issue.repair) {
      warn('issue_date_repaired');
      const { from, to, years } = issue.repair;
      const digits = [...from].filter((c, i) => c !== to[i]).length === 2 ? 'two look-alike digits' : 'one digit';
      const rule = years === undefined ? 'the 5/10-years-before-expiry date' : `the date ${years} years before expiry`;
      repairs.push({ field: 'issue_date', position: null, from, to, reason: `${digits} from ${rule}` });
    }
    if (!issue.typical) warn('issue_date_unusual');
  }

  const agreement = (printed: string | null | undefined, mrz: string | null, same = (a: string, b: string) => a === b): Agreement =>
    printed == null || mrz === null ? 'not_read' : same(printed, mrz) ? 'match' : 'mismatch';
  const nameAgreement = (p: { agrees: boolean } | null | undefined): Agreement => (p == null ? 'not_read' : p.agrees ? 'match' : 'mismatch');
  // A printed date with the MRZ's day, month and last two year digits but a year before 1900 had its century misread
  // (`01 JAN 1576`, a typewriter face's 9 read as 5): it witnesses nothing either way.
  const dateAgreement = (printed: string | null | undefined, mrz: string | null): Agreement =>
    printed != null && mrz !== null && printed < '1900' && printed.slice(2) === mrz.slice(2) ? 'not_read' : agreement(printed, mrz);
  const printedVsMrz = {
    surname: withheld.surname ? 'not_read' : nameAgreement(viz?.surname),
    given_names: withheld.givenNames ? 'not_read' : nameAgreement(viz?.givenNames),
    passport_number: agreement(viz?.printed.passportNumber, f.documentNumber.value),
    date_of_birth: dateAgreement(viz?.printed.dateOfBirth, birth),
    expiry_date: dateAgreement(viz?.printed.expiryDate, expiry),
    sex: agreement(viz?.printed.sex, f.sex.value),
    nationality: agreement(viz?.printed.nationality, f.nationality.value, (a, b) => transliterateName(a) === transliterateName(b)),
  };
  if (Object.values(printedVsMrz).includes('mismatch')) warn('printed_mrz_mismatch');
  if (input.lastPage === null) warn('last_page_unreadable');

  const documentCode = f.documentCode.raw + (f.documentType.value ?? '');
  return {
    full_name: nameWithheld ? null : [givenName, surname].filter((s) => s !== '').join(' ').toUpperCase(),
    given_name: withheld.givenNames ? null : givenName.toUpperCase(),
    surname: withheld.surname ? null : surname.toUpperCase(),
    date_of_birth: birth,
    nationality: f.nationality.value,
    passport_number: f.documentNumber.value,
    issue_date: issue?.iso ?? null,
    expiry_date: expiry,
    issuing_country: f.issuingState.value,
    sex: f.sex.value ?? 'X',
    mrz: { line1: lineOneWithheld ? null : line1, line2, check_digits_valid: checkDigitsValid },
    document_code: documentCode,
    optional_data: input.optionalDataWithheld === true ? null : f.optionalData.value,
    raw_dates: { date_of_birth: f.dateOfBirth.raw, expiry_date: f.expiryDate.raw },
    confidence: {
      full_name: nameWithheld ? 0 : clamp(Math.min(surnameConf, givenConf)),
      given_name: withheld.givenNames ? 0 : clamp(givenConf),
      surname: withheld.surname ? 0 : clamp(surnameConf),
      date_of_birth: birth === null ? 0 : fieldConfidence('date_of_birth', proven('date_of_birth')),
      nationality: fieldConfidence('nationality', !codeDoubts.includes('nationality')),
      passport_number: fieldConfidence('document_number', proven('document_number') && numberDoubts.length === 0),
      issue_date: clamp(issue?.confidence ?? 0),
      expiry_date: expiry === null ? 0 : fieldConfidence('expiry_date', proven('expiry_date')),
      issuing_country: fieldConfidence('issuing_state', !codeDoubts.includes('issuing_state')),
      sex: fieldConfidence('sex', parse.checks.composite),
      mrz: clamp(mean([...(input.charConfidence[0] ?? []), ...(input.charConfidence[1] ?? [])]) * (checkDigitsValid ? 1 : 0.4)),
    },
    checks: {
      check_digits: {
        document_number: verdicts.document_number,
        date_of_birth: verdicts.date_of_birth,
        expiry_date: verdicts.expiry_date,
        optional_data: verdicts.optional_data,
        composite: verdicts.composite,
      },
      printed_vs_mrz: printedVsMrz,
    },
    repairs,
    warnings,
    last_page: input.lastPage ?? null,
  };
}
