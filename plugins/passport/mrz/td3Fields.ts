/** The TD3 field table (ICAO 9303-4): where each field sits, its character class and the check digit over it. */

import type { MrzCharClass } from '../../../core/mrz/mrzCharClass.ts';
import { mrzCheckHolds } from '../../../core/mrz/mrzCheckDigit.ts';

/** Character class of a field: decides which repairs its type forces (core/mrz/mrzCharClass.ts). */
export type Td3CharClass = MrzCharClass;

export type Td3FieldName =
  | 'document_code'
  | 'document_type'
  | 'issuing_state'
  | 'name'
  | 'document_number'
  | 'document_number_check'
  | 'nationality'
  | 'date_of_birth'
  | 'date_of_birth_check'
  | 'sex'
  | 'expiry_date'
  | 'expiry_date_check'
  | 'optional_data'
  | 'optional_data_check'
  | 'composite_check';

export type Td3CheckName = 'document_number' | 'date_of_birth' | 'expiry_date' | 'optional_data' | 'composite';

export interface Td3FieldSpec {
  readonly field: Td3FieldName;
  /** 0 for line 1, 1 for line 2. */
  readonly line: 0 | 1;
  /** 0-based, end exclusive. */
  readonly start: number;
  readonly end: number;
  readonly charClass: Td3CharClass;
  /** The check this field is covered by (as the data) or is (as the digit). */
  readonly checkDigit?: Td3CheckName;
  /** For a check-digit field: the data fields it covers. */
  readonly related?: readonly Td3FieldName[];
}

export const td3Fields: readonly Td3FieldSpec[] = [
  { field: 'document_code', line: 0, start: 0, end: 1, charClass: 'letter' },
  { field: 'document_type', line: 0, start: 1, end: 2, charClass: 'letterOrFiller' },
  { field: 'issuing_state', line: 0, start: 2, end: 5, charClass: 'letterOrFiller' },
  { field: 'name', line: 0, start: 5, end: 44, charClass: 'letterOrFiller' },
  { field: 'document_number', line: 1, start: 0, end: 9, charClass: 'alphanumeric', checkDigit: 'document_number' },
  { field: 'document_number_check', line: 1, start: 9, end: 10, charClass: 'digit', related: ['document_number'] },
  { field: 'nationality', line: 1, start: 10, end: 13, charClass: 'letterOrFiller' },
  { field: 'date_of_birth', line: 1, start: 13, end: 19, charClass: 'digitOrFiller', checkDigit: 'date_of_birth' },
  { field: 'date_of_birth_check', line: 1, start: 19, end: 20, charClass: 'digit', related: ['date_of_birth'] },
  { field: 'sex', line: 1, start: 20, end: 21, charClass: 'sex' },
  { field: 'expiry_date', line: 1, start: 21, end: 27, charClass: 'digitOrFiller', checkDigit: 'expiry_date' },
  { field: 'expiry_date_check', line: 1, start: 27, end: 28, charClass: 'digit', related: ['expiry_date'] },
  { field: 'optional_data', line: 1, start: 28, end: 42, charClass: 'alphanumeric', checkDigit: 'optional_data' },
  { field: 'optional_data_check', line: 1, start: 42, end: 43, charClass: 'digitOrFiller', related: ['optional_data'] },
  {
    field: 'composite_check',
    line: 1,
    start: 43,
    end: 44,
    charClass: 'digit',
    related: ['document_number', 'document_number_check', 'date_of_birth', 'date_of_birth_check', 'expiry_date', 'expiry_date_check', 'optional_data', 'optional_data_check'],
  },
];

export function td3Field(field: Td3FieldName): Td3FieldSpec {
  const spec = td3Fields.find((f) => f.field === field);
  if (!spec) throw new Error(`unknown TD3 field ${field}`);
  return spec;
}

/** The positions (0-based) of `field`'s cells on its line. */
export function td3FieldCells(field: Td3FieldName): number[] {
  const { start, end } = td3Field(field);
  return Array.from({ length: end - start }, (_, k) => start + k);
}

/** Each check: the digit's field and the line-2 spans it covers, in order. */
export const td3Checks: readonly { readonly check: Td3CheckName; readonly digit: Td3FieldName; readonly spans: readonly (readonly [number, number])[] }[] = [
  { check: 'document_number', digit: 'document_number_check', spans: [[0, 9]] },
  { check: 'date_of_birth', digit: 'date_of_birth_check', spans: [[13, 19]] },
  { check: 'expiry_date', digit: 'expiry_date_check', spans: [[21, 27]] },
  { check: 'optional_data', digit: 'optional_data_check', spans: [[28, 42]] },
  { check: 'composite', digit: 'composite_check', spans: [[0, 10], [13, 20], [21, 43]] },
];

/** Whether `check` holds over line 2 (its characters, or as a string). */
export function td3CheckHolds(line2: string | readonly string[], check: (typeof td3Checks)[number]): boolean {
  const span = (s: number, e: number): string => (typeof line2 === 'string' ? line2.slice(s, e) : line2.slice(s, e).join(''));
  const data = check.spans.map(([s, e]) => span(s, e)).join('');
  const digit = line2[td3Field(check.digit).start] ?? '';
  // An empty optional-data field may carry `<` as its check digit.
  const fillerIsZero = check.check === 'optional_data' && /^<*$/.test(data);
  return mrzCheckHolds(data, digit, fillerIsZero);
}

/** The line-2 positions (0-based) a check reads: the cells it covers and its own digit's. */
export function td3CheckCells(check: Td3CheckName): number[] {
  const { digit, spans } = td3Checks.find((c) => c.check === check)!;
  return [...spans.flatMap(([from, to]) => Array.from({ length: to - from }, (_, k) => from + k)), td3Field(digit).start];
}

/** The checks that read line-2 position `i` (0-based): none for the nationality and sex cells. */
export function td3ChecksCovering(i: number): Td3CheckName[] {
  return td3Checks.map(({ check }) => check).filter((check) => td3CheckCells(check).includes(i));
}
