/** Scores one extraction against its labelled truth: field by field, nested objects per subfield. Pure. */

export interface FieldOutcome {
  /** Dotted path, e.g. `mrz.line1`. */
  readonly field: string;
  readonly correct: boolean;
  /**
   * Wrong and answered all the same (a value where the truth has another, or none): content a user would take as read,
   * unlike a field withheld (null) or a flag that owns its doubt (`check_digits_valid` false).
   */
  readonly answeredWrong?: true;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Strings match after trimming; null matches null or absence; everything else by value. */
export function leafMatches(expected: unknown, actual: unknown): boolean {
  if (expected === null) return actual === null || actual === undefined;
  if (typeof expected === 'string') return typeof actual === 'string' && actual.trim() === expected.trim();
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => leafMatches(item, actual[i]));
  }
  return Object.is(expected, actual);
}

export interface FieldPair {
  readonly field: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

/** Every leaf the truth names beside what the response holds there (nested objects flattened to dotted paths). */
export function pairFields(expected: Record<string, unknown>, actual: unknown, prefix = ''): FieldPair[] {
  const got = isPlainObject(actual) ? actual : {};
  return Object.entries(expected).flatMap(([key, value]) => {
    const field = `${prefix}${key}`;
    return isPlainObject(value) ? pairFields(value, got[key], `${field}.`) : [{ field, expected: value, actual: got[key] }];
  });
}

/** Only the fields the truth names are scored; extra response fields (warnings, confidence) are not. */
export function compareFields(expected: Record<string, unknown>, actual: unknown): FieldOutcome[] {
  return pairFields(expected, actual).map((pair) => {
    const correct = leafMatches(pair.expected, pair.actual);
    const answeredWrong = !correct && pair.actual !== null && pair.actual !== undefined && typeof pair.expected !== 'boolean';
    return { field: pair.field, correct, ...(answeredWrong ? { answeredWrong: true as const } : {}) };
  });
}

export interface LabelledItemInfo {
  readonly id: string;
  readonly degradation: string;
  readonly layout: string;
  readonly endpoint: string;
  /** `ok` or the problem code the service must refuse the document with. */
  readonly expect: string;
}

export type ExtractionOutcome =
  | { readonly kind: 'result'; readonly result: unknown }
  | { readonly kind: 'refused'; readonly code: string };

export interface ItemJudgement {
  readonly id: string;
  readonly degradation: string;
  readonly layout: string;
  readonly expect: string;
  /** What happened: `ok` or the problem code. */
  readonly outcome: string;
  /** Scored fields; empty for items that must be refused. */
  readonly fields: readonly FieldOutcome[];
  /** Every field right (expect ok), or refused with the expected code (expect a code). */
  readonly exact: boolean;
  /** The MRZ claims valid check digits yet a line differs from the truth: the one error that must never happen. */
  readonly mrzFalselyValid: boolean;
  /** Names answered with a part missing at either end (`JOHN PAUL` for `JOHN PAUL KRISHNAMURTHY`, `ERA TAN`). */
  readonly namesCutShort: number;
  /**
   * Answered with a name holding letters the page does not print there (`WOS TOMÁS` for TOMÁŠ, `FRIEDERTKE`): no
   * missing mark or letter counts, nor a name withheld. Absent from reports saved before it was counted.
   */
  readonly namesInvented?: boolean;
}

const NAME_FIELDS: readonly string[] = ['full_name', 'given_name', 'surname', 'father_name'];

/** Letters that spell another letter, or two, without a mark of their own: compared as the MRZ writes them. */
const spelledApart: Readonly<Record<string, string>> = { Æ: 'AE', Œ: 'OE', Ø: 'O', Ð: 'D', Đ: 'D', Þ: 'TH', Ł: 'L', Ħ: 'H', ß: 'SS' };
/**
 * The truth's letters as ICAO 9303's longer transliterations write them (Ä as AE, Ø as OE, Å as AA): a name answered
 * as the MRZ spells it invents nothing, and the shorter spellings (A, O) are in the longer ones.
 */
const spelledLong: Readonly<Record<string, string>> = { Ä: 'AE', Ö: 'OE', Ü: 'UE', Å: 'AA', Ø: 'OE', Ñ: 'NXX' };
const nameLetters = (text: string, long = false): string =>
  [...text.toUpperCase().normalize('NFC')]
    .map((ch) => (long ? spelledLong[ch] : undefined) ?? ch)
    .join('')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split('')
    .map((ch) => spelledApart[ch] ?? ch)
    .join('')
    .replace(/[^A-Z]/g, '');

/**
 * A name whose letters are not all the truth's, in order: a letter read for another, or a word or letter added.
 * Marks, spaces and hyphens aside, and a letter or word left out is no invention (isCutShort counts a name cut).
 */
export function hasInventedLetters(expected: unknown, actual: unknown): boolean {
  if (typeof expected !== 'string' || typeof actual !== 'string') return false;
  const want = nameLetters(expected, true);
  let at = 0;
  for (const letter of nameLetters(actual)) {
    at = want.indexOf(letter, at) + 1;
    if (at === 0) return true;
  }
  return false;
}

/** A name read as a strict part of the truth's start or end: the reader stopped short of the ink. */
export function isCutShort(expected: unknown, actual: unknown): boolean {
  if (typeof expected !== 'string' || typeof actual !== 'string') return false;
  const want = expected.trim();
  const got = actual.trim();
  return got.length > 0 && got.length < want.length && (want.startsWith(got) || want.endsWith(got));
}

const mrzOf = (value: unknown): Record<string, unknown> | null => {
  const mrz = isPlainObject(value) ? value['mrz'] : undefined;
  return isPlainObject(mrz) ? mrz : null;
};

export function judgeItem(item: LabelledItemInfo, expected: Record<string, unknown>, outcome: ExtractionOutcome): ItemJudgement {
  const base = { id: item.id, degradation: item.degradation, layout: item.layout, expect: item.expect };
  const outcomeName = outcome.kind === 'result' ? 'ok' : outcome.code;
  const claimed = outcome.kind === 'result' ? mrzOf(outcome.result) : null;
  const truthMrz = mrzOf(expected);
  const mrzFalselyValid =
    claimed !== null &&
    claimed['check_digits_valid'] === true &&
    truthMrz !== null &&
    !(leafMatches(truthMrz['line1'], claimed['line1']) && leafMatches(truthMrz['line2'], claimed['line2']));

  if (item.expect !== 'ok') {
    return { ...base, outcome: outcomeName, fields: [], exact: outcomeName === item.expect, mrzFalselyValid, namesCutShort: 0 };
  }
  const result = outcome.kind === 'result' ? outcome.result : undefined;
  const fields = compareFields(expected, result);
  const names = pairFields(expected, result).filter((pair) => NAME_FIELDS.includes(pair.field));
  const namesCutShort = names.filter((pair) => isCutShort(pair.expected, pair.actual)).length;
  const namesInvented = names.some((pair) => hasInventedLetters(pair.expected, pair.actual));
  return { ...base, outcome: outcomeName, fields, exact: outcome.kind === 'result' && fields.every((field) => field.correct), mrzFalselyValid, namesCutShort, namesInvented };
}
