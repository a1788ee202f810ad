/** ICAO 9303 check digit: 0-9 as is, A=10 … Z=35, `<`=0, weights 7,3,1 repeating, sum mod 10. */

const weights = [7, 3, 1] as const;

/** Value of one MRZ character in the check-digit sum; NaN for characters outside `A-Z0-9<`. */
export function mrzCharValue(c: string): number {
  if (c === '<') return 0;
  const code = c.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  return Number.NaN;
}

/** The check digit of `s`, or NaN when `s` holds a character outside the MRZ alphabet. */
export function mrzCheckDigit(s: string): number {
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += mrzCharValue(s[i]!) * weights[i % 3]!;
  return sum % 10;
}

/** Whether `digit` (one character, `<` counts as 0 only when `fillerIsZero`) is the check digit of `s`. */
export function mrzCheckHolds(s: string, digit: string, fillerIsZero = false): boolean {
  const expected = mrzCheckDigit(s);
  if (Number.isNaN(expected)) return false;
  if (digit === '<') return fillerIsZero && expected === 0;
  return digit.length === 1 && digit >= '0' && digit <= '9' && Number(digit) === expected;
}
