import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mrzCheckDigit } from '../../core/mrz/mrzCheckDigit.ts';
import { parseTd3 } from '../../plugins/passport/mrz/index.ts';
import { decodePassport } from '../../plugins/passport/reconcile/decodePassport.ts';
import { passportResultSchema } from '../../plugins/passport/result.ts';

const specimen: [string, string] = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const now = new Date('2026-11-22T00:00:00Z');
const confidence = [new Array(44).fill(0.97), new Array(44).fill(0.97)];

const full = () =>
  decodePassport({
    parse: parseTd3(specimen, { now }),
    charConfidence: confidence,
    viz: {
      surname: { value: 'ERIKSSON', confidence: 0.9, agrees: true },
      givenNames: { value: 'ANNA MARIA', confidence: 0.9, agrees: true },
      issueDate: { iso: '2002-04-16', confidence: 0.95, repair: null, typical: true, basis: 'label' },
      printed: { passportNumber: 'L898902C3', dateOfBirth: '1974-08-12', expiryDate: '2012-04-15', sex: 'F', nationality: 'UTO', issuingState: 'UTO', documentType: 'P', countryCodes: ['UTO'] },
    },
    lastPage: { father_name: null, mother_name: null, spouse_name: null, address: null, file_number: null, old_passport_number: null },
    now,
  });

describe('passport result schema', () => {
  it('accepts a full result decoded from the ICAO specimen', () => {
    const result = full();
    expect(passportResultSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      full_name: 'ANNA MARIA ERIKSSON',
      date_of_birth: '1974-08-12',
      expiry_date: '2012-04-15',
      issue_date: '2002-04-16',
      passport_number: 'L898902C3',
      nationality: 'UTO',
      issuing_country: 'UTO',
      sex: 'F',
      document_code: 'P',
      optional_data: 'ZE184226B',
      raw_dates: { date_of_birth: '740812', expiry_date: '120415' },
      mrz: { line1: specimen[0], line2: specimen[1], check_digits_valid: true },
    });
    expect(result.warnings.map((w) => w.code)).toEqual(['expired']);
  });
  it.each([
    ['a number where a string belongs', { full_name: 42 }],
    ['a date in another format', { date_of_birth: '12/08/1974' }],
    ['a sex outside M/F/X', { sex: 'male' }],
    ['a boolean verdict as a string', { mrz: { line1: specimen[0], line2: specimen[1], check_digits_valid: 'true' } }],
    ['a confidence above 1', { confidence: { ...full().confidence, mrz: 1.5 } }],
  ])('rejects %s', (_name, patch) => {
    expect(passportResultSchema.safeParse({ ...full(), ...patch }).success).toBe(false);
  });
  it('documents every member in the generated JSON Schema', () => {
    const schema = z.toJSONSchema(passportResultSchema) as { properties: Record<string, { description?: string }> };
    for (const [name, member] of Object.entries(schema.properties)) expect(member.description, name).toBeTruthy();
  });
});

describe('decodePassport', () => {
  it('never reports valid check digits for a wrong line, and says which digit failed', () => {
    const wrong: [string, string] = [specimen[0], 'L898902C36UTO7408122F1204159ZE184226B<<<<<13'];
    const result = decodePassport({ parse: parseTd3(wrong, { now }), charConfidence: confidence, viz: null, now });
    expect(result.mrz.check_digits_valid).toBe(false);
    expect(result.checks.check_digits.composite).toBe('invalid');
    expect(result.warnings.map((w) => w.code)).toContain('check_digits_invalid');
  });
  it('reports check digits that hold over a date no calendar has as valid, and the date as unknown', () => {
    // A specimen printed 29 FEB 2011: the digits are what the page says, and every check digit holds over them.
    const head = `L898902C3${mrzCheckDigit('L898902C3')}UTO110229${mrzCheckDigit('110229')}F1204159ZE184226B<<<<<`;
    const optional = head.slice(28, 42);
    const body = `${head}${mrzCheckDigit(optional)}`;
    const line2 = `${body}${mrzCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43))}`;
    const result = decodePassport({ parse: parseTd3([specimen[0], line2], { now }), charConfidence: confidence, viz: null, now });
    expect(result.mrz.check_digits_valid).toBe(true);
    expect(result.date_of_birth).toBeNull();
    expect(result.warnings.map((w) => w.code)).toContain('date_of_birth_unknown');
    // Not a date whose check digit fails.
    const broken = `${line2.slice(0, 19)}${(Number(line2[19]) + 1) % 10}${line2.slice(20)}`;
    expect(decodePassport({ parse: parseTd3([specimen[0], broken], { now }), charConfidence: confidence, viz: null, now }).mrz.check_digits_valid).toBe(false);
  });
  it('never reports valid check digits over name letters in doubt, and says so in its own words', () => {
    const result = decodePassport({ parse: parseTd3(specimen, { now }), charConfidence: confidence, viz: null, now, doubtedNameCells: [16] });
    expect(result.mrz.check_digits_valid).toBe(false);
    expect(result.checks.check_digits.composite).toBe('valid');
    expect(result.warnings.map((w) => w.code)).toContain('mrz_name_uncertain');
    expect(result.warnings.map((w) => w.code)).not.toContain('check_digits_invalid');
  });
  it('lowers the confidence of the name part that holds the letters in doubt, and only that part', () => {
    const clear = decodePassport({ parse: parseTd3(specimen, { now }), charConfidence: confidence, viz: null, now });
    // Cell 16 is ANNA's second N: the given names.
    const given = decodePassport({ parse: parseTd3(specimen, { now }), charConfidence: confidence, viz: null, now, doubtedNameCells: [16] });
    expect(given.confidence.given_name).toBeLessThan(clear.confidence.given_name);
    expect(given.confidence.full_name).toBeLessThan(clear.confidence.full_name);
    expect(given.confidence.surname).toBe(clear.confidence.surname);
    // Cell 9 is ERIKSSON's first S: the surname.
    const surname = decodePassport({ parse: parseTd3(specimen, { now }), charConfidence: confidence, viz: null, now, doubtedNameCells: [9] });
    expect(surname.confidence.surname).toBeLessThan(clear.confidence.surname);
    expect(surname.confidence.given_name).toBe(clear.confidence.given_name);
  });
  it('never reports valid check digits over document number letters in doubt, and says so in its own words', () => {
    const result = decodePassport({ parse: parseTd3(specimen, { now }), charConfidence: confidence, viz: null, now, numberCellsInDoubt: [3, 4] });
    expect(result.mrz.check_digits_valid).toBe(false);
    expect(result.checks.check_digits.document_number).toBe('valid');
    expect(result.warnings.map((w) => w.code)).toContain('mrz_number_uncertain');
    expect(result.warnings.map((w) => w.code)).not.toContain('check_digits_invalid');
    expect(result.confidence.passport_number).toBeLessThan(full().confidence.passport_number);
  });
  it('never reports valid check digits over optional data letters in doubt, and names the field', () => {
    const result = decodePassport({ parse: parseTd3(specimen, { now }), charConfidence: confidence, viz: null, now, optionalDataCellsInDoubt: [30] });
    expect(result.mrz.check_digits_valid).toBe(false);
    expect(result.checks.check_digits.optional_data).toBe('valid');
    expect(result.warnings.map((w) => w.code)).toContain('mrz_optional_data_uncertain');
    expect(result.warnings.map((w) => w.code)).not.toContain('check_digits_invalid');
  });
  describe('a country code mended from cells in doubt (no check digit covers it)', () => {
    // CAN read as C6N and CXN, the classifiers' runner-up H at both doubted cells: each code mends to CHN, a state's.
    const lines: [string, string] = [specimen[0].replace('UTO', 'CXN'), specimen[1].replace('UTO', 'C6N')];
    const doubted = (line: number, cell: number): number => (cell === (line === 0 ? 3 : 11) ? 0.45 : 0.97);
    const runnerUp = (line: number): (string | undefined)[] => Array.from({ length: 44 }, (_, i) => (i === (line === 0 ? 3 : 11) ? 'H' : undefined));
    const alternatives: [(string | undefined)[], (string | undefined)[]] = [runnerUp(0), runnerUp(1)];
    const parse = parseTd3(lines, {
      now,
      alternatives,
      confidence: [Array.from({ length: 44 }, (_, i) => doubted(0, i)), Array.from({ length: 44 }, (_, i) => doubted(1, i))],
    });
    it('is in doubt where neither the other code as read nor the print spells it', () => {
      expect([parse.fields.nationality.value, parse.fields.issuingState.value]).toEqual(['CHN', 'CHN']);
      const result = decodePassport({ parse, charConfidence: confidence, viz: null, now });
      expect(result.mrz.check_digits_valid).toBe(false);
      expect(result.warnings.map((w) => w.code)).toContain('mrz_code_uncertain');
      expect(result.warnings.map((w) => w.code)).not.toContain('check_digits_invalid');
      expect(result.confidence.nationality).toBeLessThan(full().confidence.nationality);
      expect(result.confidence.issuing_country).toBeLessThan(full().confidence.issuing_country);
    });
    it('stands where the other code reads the same as read, or the print does', () => {
      const witnessed = parseTd3([specimen[0].replace('UTO', 'CHN'), lines[1]], { now, alternatives });
      expect(witnessed.fields.nationality.value).toBe('CHN');
      expect(decodePassport({ parse: witnessed, charConfidence: confidence, viz: null, now }).mrz.check_digits_valid).toBe(true);
      const inPrint = decodePassport({
        parse,
        charConfidence: confidence,
        viz: {
          surname: { value: 'ERIKSSON', confidence: 0.9, agrees: true },
          givenNames: { value: 'ANNA MARIA', confidence: 0.9, agrees: true },
          issueDate: null,
          printed: { passportNumber: null, dateOfBirth: null, expiryDate: null, sex: null, nationality: 'CHN', issuingState: null, documentType: null, countryCodes: ['CHN'] },
        },
        now,
      });
      expect(inPrint.warnings.map((w) => w.code)).not.toContain('mrz_code_uncertain');
      expect(inPrint.mrz.check_digits_valid).toBe(true);
    });
  });
  it('says why nothing was read from a printed page too small to read', () => {
    const result = decodePassport({ parse: parseTd3(specimen, { now }), charConfidence: confidence, viz: null, now, printTooSmall: true });
    expect(result.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['printed_page_too_small', 'printed_names_not_read', 'issue_date_not_found']));
    expect(result.mrz.check_digits_valid).toBe(true);
  });
  it('falls back to MRZ names with a warning when the print is not read', () => {
    const result = decodePassport({ parse: parseTd3(specimen, { now }), charConfidence: confidence, viz: null, now });
    expect(result.full_name).toBe('ANNA MARIA ERIKSSON');
    expect(result.issue_date).toBeNull();
    expect(result.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['printed_names_not_read', 'issue_date_not_found']));
    expect(result.confidence.surname).toBeLessThan(0.9);
    expect(result.last_page).toBeNull();
  });
  it('says the names were not read where given names the MRZ had no room for were not read in print', () => {
    const cut: [string, string] = ['P<DEULOEWENSTEIN<WERTHEIM<FREUDENBERG<WOEHRLE', specimen[1]];
    const decode = (givenNames: { value: string; confidence: number; agrees: boolean } | null) =>
      decodePassport({
        parse: parseTd3(cut, { now }),
        charConfidence: confidence,
        viz: { surname: { value: 'LÖWENSTEIN-WERTHEIM-FREUDENBERG-WÖHRLE', confidence: 0.9, agrees: true }, givenNames, issueDate: null, printed: { passportNumber: null, dateOfBirth: null, expiryDate: null, sex: null, nationality: null, issuingState: null, documentType: null, countryCodes: [] } },
        now,
      });
    // Not read, they are not known: null, not an empty name (the MRZ's line as read stands).
    const unread = decode(null);
    expect([unread.given_name, unread.full_name, unread.surname]).toEqual([null, null, 'LÖWENSTEIN-WERTHEIM-FREUDENBERG-WÖHRLE']);
    expect(unread.mrz.line1).not.toBeNull();
    expect(unread.confidence.given_name).toBe(0);
    expect(unread.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['name_truncated', 'printed_names_not_read', 'name_withheld']));
    const read = decode({ value: 'HANS', confidence: 0.6, agrees: true });
    expect(read.given_name).toBe('HANS');
    expect(read.warnings.map((w) => w.code)).not.toContain('printed_names_not_read');
    expect(read.warnings.map((w) => w.code)).not.toContain('name_withheld');
  });
  it('withholds given names the MRZ cut and the print did not give, not their start', () => {
    // Seed 1189001 styled-dev 11 (a turned photo): the MRZ's given names cut at `LUK`, the printed line not read.
    const cut: [string, string] = ['P<D<<FROEHLICH<JAEGER<SCHMIDT<UEBELHOER<<LUK', specimen[1]];
    const printed = { passportNumber: null, dateOfBirth: null, expiryDate: null, sex: null, nationality: null, issuingState: null, documentType: null, countryCodes: [] };
    const surname = { value: 'FRÖHLICH JÄGER-SCHMIDT-ÜBELHÖR', confidence: 0.9, agrees: true };
    const result = decodePassport({ parse: parseTd3(cut, { now }), charConfidence: confidence, viz: { surname, givenNames: null, issueDate: null, printed }, now });
    expect([result.surname, result.given_name, result.full_name]).toEqual(['FRÖHLICH JÄGER-SCHMIDT-ÜBELHÖR', null, null]);
    // The surname the MRZ holds whole stands where the print gave no name at all; the cut given names do not.
    const neither = decodePassport({ parse: parseTd3(cut, { now }), charConfidence: confidence, viz: null, now });
    expect([neither.surname, neither.given_name]).toEqual(['FROEHLICH JAEGER SCHMIDT UEBELHOER', null]);
  });
  it('gives X for the unspecified sex and null for an unknown date of birth', () => {
    const lines: [string, string] = [specimen[0], 'L898902C36UTO7408'.padEnd(44, '<')];
    const result = decodePassport({ parse: parseTd3(lines, { now }), charConfidence: confidence, viz: null, now });
    expect(result.sex).toBe('X');
    expect(result.date_of_birth).toBeNull();
    expect(result.mrz.check_digits_valid).toBe(false);
  });
  /** The specimen read with its names agreeing, no date of issue, and the printed copies given (the rest as printed). */
  const withPrinted = (printed: { passportNumber?: string; dateOfBirth?: string }) =>
    decodePassport({
      parse: parseTd3(specimen, { now }),
      charConfidence: confidence,
      viz: {
        surname: { value: 'ERIKSSON', confidence: 0.9, agrees: true },
        givenNames: { value: 'ANNA MARIA', confidence: 0.9, agrees: true },
        issueDate: null,
        printed: { passportNumber: 'L898902C3', dateOfBirth: '1974-08-12', expiryDate: '2012-04-15', sex: 'F', nationality: 'UTO', issuingState: 'UTO', documentType: 'P', countryCodes: ['UTO'], ...printed },
      },
      now,
    });
  it('flags a printed field that disagrees with the MRZ', () => {
    const base = full();
    const result = withPrinted({ passportNumber: 'L898902C4' });
    expect(base.checks.printed_vs_mrz.passport_number).toBe('match');
    expect(result.checks.printed_vs_mrz.passport_number).toBe('mismatch');
    expect(result.warnings.map((w) => w.code)).toContain('printed_mrz_mismatch');
  });
  it('takes a printed date whose century no holder can have as unread, not as a disagreement', () => {
    // Taiwan's specimen in a typewriter face: `01 JAN 1576` for 01 JAN 1976, the MRZ's 760101.
    const read = (dateOfBirth: string) => withPrinted({ dateOfBirth });
    const misreadCentury = read('1574-08-12');
    expect(misreadCentury.checks.printed_vs_mrz.date_of_birth).toBe('not_read');
    expect(misreadCentury.warnings.map((w) => w.code)).not.toContain('printed_mrz_mismatch');
    // Another day is a disagreement, whatever its century.
    expect(read('1574-08-13').checks.printed_vs_mrz.date_of_birth).toBe('mismatch');
    expect(read('1974-08-12').checks.printed_vs_mrz.date_of_birth).toBe('match');
  });
});
