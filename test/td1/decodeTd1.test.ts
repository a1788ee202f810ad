/** The TD1 decoder (plugins/td1/decodeTd1.ts) on recorded readings: no OCR, table-driven. */
import { describe, expect, it } from 'vitest';
import { td1Lines, type OtherMrzFields } from '../../fixtures/mrz.ts';
import { decodeTd1, type Td1Readings } from '../../plugins/td1/decodeTd1.ts';
import { td1ResultSchema } from '../../plugins/td1/result.ts';

const now = new Date('2026-11-25T00:00:00Z');
/** ICAO 9303-5's own TD1 specimen. */
const specimen = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
const holder: OtherMrzFields = {
  documentCode: 'ID', issuingState: 'NLD', surname: 'DE JONG', givenNames: 'JOOST PIETER', documentNumber: 'PTZ5HTTZ1',
  nationality: 'NLD', birthYymmdd: '020810', sex: 'M', expiryYymmdd: '300912', optionalData: '',
};
const card = (fields: Partial<OtherMrzFields> = {}): string[] => td1Lines({ ...holder, ...fields });
const edit = (lines: readonly string[], line: number, index: number, to: string): string[] =>
  lines.map((l, i) => (i === line ? `${l.slice(0, index)}${to}${l.slice(index + to.length)}` : l));

const ok = (readings: Td1Readings) => {
  const outcome = decodeTd1(readings, now);
  if (!outcome.ok) throw new Error(`refused: ${outcome.code} ${outcome.detail}`);
  return td1ResultSchema.parse(outcome.result);
};

describe('decodeTd1 on readings that hold', () => {
  it('decodes ICAO\'s specimen field by field', () => {
    const result = ok({ lines: specimen });
    expect(result).toMatchObject({
      document_code: 'I', issuing_country: 'UTO', document_number: 'D23145890', optional_data_1: null,
      date_of_birth: '1974-08-12', sex: 'F', expiry_date: '2012-04-15', nationality: 'UTO', optional_data_2: null,
      surname: 'ERIKSSON', given_names: 'ANNA MARIA', full_name: 'ANNA MARIA ERIKSSON',
      mrz: { line1: specimen[0], line2: specimen[1], line3: specimen[2], check_digits_valid: true },
      raw_dates: { date_of_birth: '740812', expiry_date: '120415' },
      checks: { check_digits: { document_number: 'valid', date_of_birth: 'valid', expiry_date: 'valid', composite: 'valid' } },
      repairs: [],
    });
    expect(result.warnings.map((w) => w.code)).toEqual(['expired']);
  });

  it.each([
    ['a letter O in the birth date', edit(specimen, 1, 2, 'O'), { field: 'date_of_birth', position: 3, from: 'O', to: '0', reason: 'character_class' }],
    ['a digit 0 in the nationality', edit(specimen, 1, 17, '0'), { field: 'nationality', position: 18, from: '0', to: 'O', reason: 'character_class' }],
    ['a Z for the birth date\'s check digit 2', edit(specimen, 1, 6, 'Z'), { field: 'date_of_birth_check', position: 7, from: 'Z', to: '2', reason: 'character_class' }],
    ['a K among the name\'s fillers', edit(specimen, 2, 25, 'K'), { field: 'name', position: 26, from: 'K', to: '<', reason: 'character_class' }],
  ])('repairs %s and records it', (_name, lines, repair) => {
    const result = ok({ lines });
    expect(result.mrz).toMatchObject({ line1: specimen[0], line2: specimen[1], line3: specimen[2] });
    expect(result.repairs).toEqual([repair]);
  });

  it('repairs a B for the 8 of the document number where the check digit proves it of the one doubtful cell', () => {
    const lines = edit(specimen, 0, 11, 'B');
    const confidence = lines.map((l) => [...l].map(() => 0.99));
    confidence[0]![11] = 0.6;
    const result = ok({ lines, confidence });
    expect(result.mrz).toMatchObject({ line1: specimen[0], line2: specimen[1], line3: specimen[2] });
    expect(result.repairs).toEqual([{ field: 'document_number', position: 12, from: 'B', to: '8', reason: 'check_digit' }]);
  });

  it('gives the name where 0 was read for its O (OCR-B draws them nearly alike)', () => {
    const result = ok({ lines: [specimen[0]!, specimen[1]!, '0STR0M<<ANNA<<<<<<<<<<<<<<<<<<'] });
    expect(result).toMatchObject({ surname: 'OSTROM', given_names: 'ANNA' });
    expect(result.repairs.map((r) => `${r.from}>${r.to}`)).toEqual(['0>O', '0>O']);
    expect(result.warnings.map((w) => w.code)).toEqual(['expired']);
  });

  it('takes a country code on no list from the one second-best letter that makes it known', () => {
    const lines = edit(specimen, 0, 4, 'Q');
    const second = lines.map((l) => [...l].map(() => undefined as string | undefined));
    second[0]![4] = 'O';
    expect(ok({ lines, second }).repairs).toEqual([{ field: 'issuing_state', position: 5, from: 'Q', to: 'O', reason: 'country_code' }]);
  });

  it('gives X for an unspecified sex, null and a warning for an unknown birth date', () => {
    const result = ok({ lines: card({ sex: '<', birthYymmdd: '<<<<<<' }) });
    expect(result).toMatchObject({ sex: 'X', date_of_birth: null, expiry_date: '2030-09-12', document_code: 'ID', surname: 'DE JONG', given_names: 'JOOST PIETER' });
    expect(result.warnings.map((w) => w.code)).toEqual(['date_of_birth_unknown']);
  });

  it('keeps the optional data, the composite covering it', () => {
    const result = ok({ lines: card({ optionalData: 'BSN123456782' }) });
    expect(result.optional_data_1).toBe('BSN123456782');
    expect(result.optional_data_2).toBeNull();
  });

  it('joins a document number longer than nine characters from the optional data (ICAO 9303-5 note j)', () => {
    const line1 = 'I<UTOD23145890<AB11<<<<<<<<<<<';
    // The check digit over D23145890AB1 is 1; the composite is recomputed over the new line 1.
    const lines = fixComposite([line1, specimen[1]!, specimen[2]!]);
    expect(ok({ lines })).toMatchObject({ document_number: 'D23145890AB1', optional_data_1: null });
  });

  it('warns of a name that fills its line and of name letters read unsurely', () => {
    const lines = card({ givenNames: 'JOOST PIETER ALEXANDER MARIA' });
    const confidence = lines.map((l) => [...l].map(() => 0.99));
    confidence[2]![0] = 0.7;
    expect(ok({ lines, confidence }).warnings.map((w) => w.code)).toEqual(['name_truncated', 'name_uncertain']);
  });

  it.each([
    ['a digit with no look-alike letter', edit(specimen, 2, 10, '3')],
    ['a digit taken for its look-alike letter', edit(specimen, 2, 2, '1')],
    ['a digit 8 for a B', edit(specimen, 2, 0, '8')],
  ])('gives no name where %s was read in it, the checked fields still', (_name, lines) => {
    const result = ok({ lines });
    expect(result).toMatchObject({ surname: null, given_names: null, full_name: null, document_number: 'D23145890', date_of_birth: '1974-08-12' });
    expect(result.confidence.surname).toBe(0);
    expect(result.warnings.map((w) => w.code)).toEqual(['expired', 'name_not_read']);
  });

  it.each([
    ['another letter (M for N): the name is not given', 'M', null],
    ['the letter\'s look-alike digit (0 for O): the class settles it', '0', 'OSTROM'],
  ])('where the two classifiers read a name letter differently, the second opinion %s', (_name, rival, surname) => {
    const lines = edit(specimen, 2, 0, 'OSTROM<<ANNA<<<<<<<<<<<<<<<<<<');
    const confidence = lines.map((l) => [...l].map(() => 0.99));
    const second = lines.map((l) => [...l] as (string | undefined)[]);
    confidence[2]![0] = 0.6;
    second[2]![0] = rival;
    const result = ok({ lines, confidence, second });
    expect(result.surname).toBe(surname);
  });

  it('gives no name where glare washed a cell of it out, and refuses an MRZ it washed out elsewhere', () => {
    const washed = specimen.map((l) => [...l].map(() => false));
    washed[2]![3] = true;
    expect(ok({ lines: specimen, washed }).surname).toBeNull();
    washed[1]![3] = true;
    const outcome = decodeTd1({ lines: specimen, washed }, now);
    expect(outcome.ok ? null : outcome.code).toBe('unreadable_document');
  });

  it('is less sure of a field no check digit covers than of one a check digit proves, read as surely', () => {
    const confidence = specimen.map((l) => [...l].map(() => 0.9));
    const result = ok({ lines: specimen, confidence });
    expect(result.confidence.document_number).toBe(0.99);
    expect(result.confidence.nationality).toBe(0.9);
  });
});

/** Line 2 with its composite check digit recomputed (for a case that changes line 1 on purpose). */
function fixComposite(lines: string[]): string[] {
  const weights = [7, 3, 1];
  const value = (c: string): number => (c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  const data = lines[0]!.slice(5, 30) + lines[1]!.slice(0, 7) + lines[1]!.slice(8, 15) + lines[1]!.slice(18, 29);
  const digit = [...data].reduce((s, c, i) => s + value(c) * weights[i % 3]!, 0) % 10;
  return [lines[0]!, `${lines[1]!.slice(0, 29)}${digit}`, lines[2]!];
}

describe('decodeTd1 refuses readings that do not hold together', () => {
  it('does not mend two O-for-0 misreads of a document number by changing a third, sure cell', () => {
    // Recorded on a generated card (fictitious holder): the composite weighs the number's cells as its own check does,
    // so the change to the runner-up Z of a sure 7 made both hold.
    const lines = ['IDUTON79O92OI82<<<<<<<<<<<<<<<', '9205288<2612029UTO<<<<<<<<<<<6', 'PEMBERT0N<<EMILY<GRACE<<<<<<<<'];
    const confidence = lines.map((l) => [...l].map(() => 0.999));
    const second = lines.map((l) => [...l].map(() => undefined as string | undefined));
    second[0]![6] = 'Z';
    const outcome = decodeTd1({ lines, confidence, second }, now);
    expect(outcome.ok ? outcome.result.document_number : outcome.code).toBe('unreadable_document');
  });

  it.each([
    ['two lines', specimen.slice(0, 2), 'unreadable_document'],
    ['a line of 29', [specimen[0]!.slice(1), specimen[1]!, specimen[2]!], 'unreadable_document'],
    ['a birth date whose check digit fails, with nothing to prove a repair', edit(specimen, 1, 5, '3'), 'unreadable_document'],
    ['a document number whose check several look-alike swaps would mend, none of them in doubt', edit(specimen, 0, 11, 'B'), 'unreadable_document'],
    ['a composite that fails', edit(specimen, 1, 29, '7'), 'unreadable_document'],
    ['an issuing state on no list', edit(specimen, 0, 2, 'QQQ'), 'unreadable_document'],
    ['a document code no ID card has', edit(specimen, 0, 0, 'V'), 'unreadable_document'],
    ['a month 13 its check digit holds over', card({ birthYymmdd: '021310' }), 'invalid_document'],
  ])('refuses %s', (_name, lines, code) => {
    const outcome = decodeTd1({ lines }, now);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.code).toBe(code);
      // Refusals never quote what was read.
      expect(`${outcome.detail} ${outcome.hint}`).not.toMatch(/ERIKSSON|D2314|UTO|740812/);
    }
  });
});
