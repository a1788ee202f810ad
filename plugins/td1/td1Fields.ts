/**
 * The TD1 field table (ICAO 9303-5, ID cards: three lines of 30): where each field sits, its character class and
 * the check digit over it. Declarative: the decoder and its repairs read everything from here.
 */
import type { MrzCharClass } from '../../core/mrz/mrzCharClass.ts';

export type Td1FieldName =
  | 'document_code'
  | 'issuing_state'
  | 'document_number'
  | 'document_number_check'
  | 'optional_data_1'
  | 'date_of_birth'
  | 'date_of_birth_check'
  | 'sex'
  | 'expiry_date'
  | 'expiry_date_check'
  | 'nationality'
  | 'optional_data_2'
  | 'composite_check'
  | 'name';

export type Td1CheckName = 'document_number' | 'date_of_birth' | 'expiry_date' | 'composite';

export interface Td1FieldSpec {
  readonly field: Td1FieldName;
  /** 0-based line. */
  readonly line: 0 | 1 | 2;
  /** 0-based, end exclusive. */
  readonly start: number;
  readonly end: number;
  readonly charClass: MrzCharClass;
}

export const td1LineLength = 30;

export const td1Fields: readonly Td1FieldSpec[] = [
  { field: 'document_code', line: 0, start: 0, end: 2, charClass: 'letterOrFiller' },
  { field: 'issuing_state', line: 0, start: 2, end: 5, charClass: 'letterOrFiller' },
  { field: 'document_number', line: 0, start: 5, end: 14, charClass: 'alphanumeric' },
  // A filler when the number runs on into the optional data (more than nine characters).
  { field: 'document_number_check', line: 0, start: 14, end: 15, charClass: 'digitOrFiller' },
  { field: 'optional_data_1', line: 0, start: 15, end: 30, charClass: 'alphanumeric' },
  { field: 'date_of_birth', line: 1, start: 0, end: 6, charClass: 'digitOrFiller' },
  { field: 'date_of_birth_check', line: 1, start: 6, end: 7, charClass: 'digit' },
  { field: 'sex', line: 1, start: 7, end: 8, charClass: 'sex' },
  { field: 'expiry_date', line: 1, start: 8, end: 14, charClass: 'digit' },
  { field: 'expiry_date_check', line: 1, start: 14, end: 15, charClass: 'digit' },
  { field: 'nationality', line: 1, start: 15, end: 18, charClass: 'letterOrFiller' },
  { field: 'optional_data_2', line: 1, start: 18, end: 29, charClass: 'alphanumeric' },
  { field: 'composite_check', line: 1, start: 29, end: 30, charClass: 'digit' },
  { field: 'name', line: 2, start: 0, end: 30, charClass: 'letterOrFiller' },
];

/** A run of cells: line, start, end (0-based, end exclusive). */
export type CellSpan = readonly [line: 0 | 1 | 2, start: number, end: number];

export interface Td1Check {
  readonly check: Td1CheckName;
  /** The cells the digit guards, in order. */
  readonly spans: readonly CellSpan[];
  /** Where the digit stands: line and index. */
  readonly digit: readonly [line: 0 | 1 | 2, index: number];
}

/** The check digits as ICAO places them, for a document number of nine characters or fewer. */
export const td1Checks: readonly Td1Check[] = [
  { check: 'document_number', spans: [[0, 5, 14]], digit: [0, 14] },
  { check: 'date_of_birth', spans: [[1, 0, 6]], digit: [1, 6] },
  { check: 'expiry_date', spans: [[1, 8, 14]], digit: [1, 14] },
  // Upper line 6–30, middle line 1–7, 9–15 and 19–29 (ICAO counts from 1).
  { check: 'composite', spans: [[0, 5, 30], [1, 0, 7], [1, 8, 15], [1, 18, 29]], digit: [1, 29] },
];

export function td1FieldAt(line: number, index: number): Td1FieldSpec {
  const spec = td1Fields.find((f) => f.line === line && index >= f.start && index < f.end);
  if (spec === undefined) throw new Error(`no TD1 field at line ${line + 1} position ${index + 1}`);
  return spec;
}

export function td1Field(field: Td1FieldName): Td1FieldSpec {
  return td1Fields.find((f) => f.field === field)!;
}
