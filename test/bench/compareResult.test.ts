import { describe, expect, it } from 'vitest';
import { compareFields, hasInventedLetters, judgeItem, leafMatches, type ExtractionOutcome } from '../../bench/compareResult.ts';

describe('leafMatches', () => {
  it.each<[string, unknown, unknown, boolean]>([
    ['same string', 'ANNA', 'ANNA', true],
    ['trimmed', 'ANNA MARIA', ' ANNA MARIA\n', true],
    ['case differs', 'ANNA', 'Anna', false],
    ['inner spacing differs', 'ANNA MARIA', 'ANNA  MARIA', false],
    ['number as string', '1974-08-12', 19740812, false],
    ['null expected, null', null, null, true],
    ['null expected, absent', null, undefined, true],
    ['null expected, empty string', null, '', false],
    ['string expected, null', 'X', null, false],
    ['boolean', true, true, true],
    ['boolean vs string', true, 'true', false],
    ['arrays', ['A', 'B'], ['A', 'B'], true],
    ['arrays differ in length', ['A'], ['A', 'B'], false],
  ])('%s', (_name, expected, actual, matches) => {
    expect(leafMatches(expected, actual)).toBe(matches);
  });
});

describe('compareFields', () => {
  const truth = {
    surname: 'ERIKSSON',
    father_name: null,
    mrz: { line1: 'P<UTOERIKSSON<<ANNA<MARIA', line2: 'L898902C36UTO', check_digits_valid: true },
  };

  it.each<[string, unknown, Record<string, boolean>]>([
    [
      'all right, extra fields ignored',
      { surname: 'ERIKSSON', father_name: null, warnings: ['x'], mrz: { line1: 'P<UTOERIKSSON<<ANNA<MARIA', line2: 'L898902C36UTO', check_digits_valid: true, raw: 1 } },
      { surname: true, father_name: true, 'mrz.line1': true, 'mrz.line2': true, 'mrz.check_digits_valid': true },
    ],
    [
      'one nested field wrong',
      { surname: 'ERIKSSON', mrz: { line1: 'P<UTOERIKSSON<<ANNA<MARIA', line2: 'L898902C3GUTO', check_digits_valid: false } },
      { surname: true, father_name: true, 'mrz.line1': true, 'mrz.line2': false, 'mrz.check_digits_valid': false },
    ],
    [
      'nested object missing',
      { surname: 'ERIKSON', father_name: 'SOMEONE' },
      { surname: false, father_name: false, 'mrz.line1': false, 'mrz.line2': false, 'mrz.check_digits_valid': false },
    ],
    ['no result at all', undefined, { surname: false, father_name: true, 'mrz.line1': false, 'mrz.line2': false, 'mrz.check_digits_valid': false }],
  ])('%s', (_name, actual, expected) => {
    const outcome = Object.fromEntries(compareFields(truth, actual).map((field) => [field.field, field.correct]));
    expect(outcome).toEqual(expected);
  });
});

describe('answered wrong', () => {
  it('marks a wrong value given, not a field withheld nor a flag that owns its doubt', () => {
    const truth = { surname: 'ERIKSSON', issue_date: '2020-01-02', father_name: null, mrz: { check_digits_valid: true } };
    const read = { surname: null, issue_date: '2010-01-02', father_name: 'SOMEONE', mrz: { check_digits_valid: false } };
    const wrong = compareFields(truth, read).filter((field) => field.answeredWrong === true).map((field) => field.field);
    expect(wrong).toEqual(['issue_date', 'father_name']);
  });
});

describe('judgeItem', () => {
  const info = { id: 'p1', degradation: 'scan', layout: 'a', endpoint: 'passport', expect: 'ok' };
  const truth = { surname: 'ERIKSSON', mrz: { line1: 'LINE1', line2: 'LINE2', check_digits_valid: true } };
  const result = (surname: string, line2: string, valid: boolean): ExtractionOutcome => ({
    kind: 'result',
    result: { surname, mrz: { line1: 'LINE1', line2, check_digits_valid: valid } },
  });

  it.each<[string, typeof info, ExtractionOutcome, { exact: boolean; outcome: string; mrzFalselyValid: boolean }]>([
    ['read exactly', info, result('ERIKSSON', 'LINE2', true), { exact: true, outcome: 'ok', mrzFalselyValid: false }],
    ['one field wrong', info, result('ERIKSON', 'LINE2', true), { exact: false, outcome: 'ok', mrzFalselyValid: false }],
    ['MRZ wrong but claims valid', info, result('ERIKSSON', 'LINE3', true), { exact: false, outcome: 'ok', mrzFalselyValid: true }],
    ['MRZ wrong and says so', info, result('ERIKSSON', 'LINE3', false), { exact: false, outcome: 'ok', mrzFalselyValid: false }],
    ['refused although readable', info, { kind: 'refused', code: 'unreadable_document' }, { exact: false, outcome: 'unreadable_document', mrzFalselyValid: false }],
    ['refused as it must be', { ...info, expect: 'wrong_document_type' }, { kind: 'refused', code: 'wrong_document_type' }, { exact: true, outcome: 'wrong_document_type', mrzFalselyValid: false }],
    ['refused with another code', { ...info, expect: 'wrong_document_type' }, { kind: 'refused', code: 'unreadable_document' }, { exact: false, outcome: 'unreadable_document', mrzFalselyValid: false }],
    ['accepted although it must be refused', { ...info, expect: 'wrong_document_type' }, result('X', 'Y', true), { exact: false, outcome: 'ok', mrzFalselyValid: true }],
  ])('%s', (_name, item, outcome, expected) => {
    expect(judgeItem(item, truth, outcome)).toMatchObject(expected);
  });

  it.each<[string, string, number]>([
    ['the last word missing', 'ERIKS', 1],
    ['the first letters missing', 'SSON', 1],
    ['misread, not cut', 'ERIKSON', 0],
    ['whole', 'ERIKSSON', 0],
    ['longer', 'ERIKSSONS', 0],
  ])('counts a name cut short: %s', (_name, surname, cut) => {
    expect(judgeItem(info, truth, result(surname, 'LINE2', true)).namesCutShort).toBe(cut);
  });

  it.each<[string, string, boolean]>([
    ['a word added before the name', 'WOS ERIKSSON', true],
    ['a letter read for another', 'ERIKSSOM', true],
    ['a letter left out', 'ERIKSON', false],
    ['cut short', 'ERIKS', false],
    ['whole', 'ERIKSSON', false],
  ])('counts a name with letters not printed: %s', (_name, surname, invented) => {
    expect(judgeItem(info, truth, result(surname, 'LINE2', true)).namesInvented).toBe(invented);
  });

  it.each<[string, string, string, boolean]>([
    ['a mark left out', 'TOMÁŠ', 'TOMÁS', false],
    ['a mark added', 'TOMAS', 'TOMÁS', false],
    ['a ligature spelled as its letters', 'KJÆRGAARD', 'KJAERGAARD', false],
    ['a stroked letter read plain', 'GUÐMUNDSSON', 'GUDMUNDSSON', false],
    ['a letter spelled as the MRZ transliterates it', 'GÄRTNER', 'GAERTNER', false],
    ['Ø spelled as the MRZ may', 'SØRENSEN', 'SOERENSEN', false],
    ['a label tail before the name', 'TOMÁŠ', 'WOS TOMÁS', true],
    ['a letter misread past a cut MRZ', 'FRIEDERIKE', 'FRIEDERTKE', true],
  ])('reads a name\'s letters as the MRZ writes them: %s', (_name, printed, read, invented) => {
    expect(hasInventedLetters(printed, read)).toBe(invented);
  });

  it('scores no fields for documents that must be refused', () => {
    expect(judgeItem({ ...info, expect: 'invalid_document' }, truth, { kind: 'refused', code: 'invalid_document' }).fields).toEqual([]);
  });
});
