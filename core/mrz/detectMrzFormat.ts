/** Tells the ICAO 9303 MRZ layouts apart by line count, line length and the document code. */
import { isKnownCountryField } from './countryCodes.ts';
import { mrzCheckHolds } from './mrzCheckDigit.ts';

export type MrzFormat = 'TD3' | 'TD2' | 'TD1' | 'MRV-A' | 'MRV-B';

export function detectMrzFormat(lines: readonly string[]): MrzFormat | null {
  const lengths = lines.map((l) => l.length);
  if (lines.length === 3 && lengths.every((n) => n === 30)) return 'TD1';
  if (lines.length !== 2 || lengths[0] !== lengths[1]) return null;
  const isVisa = lines[0]!.startsWith('V');
  if (lengths[0] === 44) return isVisa ? 'MRV-A' : 'TD3';
  if (lengths[0] === 36) return isVisa ? 'MRV-B' : 'TD2';
  return null;
}

/** Characters per line of each layout, for cutting a rectified band into cells. */
export const mrzLineLength: Readonly<Record<MrzFormat, number>> = {
  TD3: 44,
  'MRV-A': 44,
  TD2: 36,
  'MRV-B': 36,
  TD1: 30,
};

/** Where the document number, birth and expiry dates and their check digits stand (line, start, length) per layout. */
const checkedFields: Readonly<Record<Exclude<MrzFormat, 'TD3'>, readonly (readonly [number, number, number])[]>> = {
  TD1: [[0, 5, 9], [1, 0, 6], [1, 8, 6]],
  TD2: [[1, 0, 9], [1, 13, 6], [1, 21, 6]],
  'MRV-A': [[1, 0, 9], [1, 13, 6], [1, 21, 6]],
  'MRV-B': [[1, 0, 9], [1, 13, 6], [1, 21, 6]],
};

/**
 * Whether lines read as another layout (an ID card or a visa) are proven to be one: at least two of its document
 * number, birth and expiry check digits hold, and its nationality is a code. Texture read as a line starting with V
 * or I proves nothing, and a passport must not be refused for it.
 */
export function otherLayoutProven(format: Exclude<MrzFormat, 'TD3'>, lines: readonly string[]): boolean {
  const holding = checkedFields[format].filter(([line, start, length], field) => {
    const text = lines[line] ?? '';
    if (text.length <= start + length) return false;
    // Dates and check digits are digits: a letter read there is its look-alike digit (the number may hold letters).
    const value = field === 0 ? text.slice(start, start + length) : asDigits(text.slice(start, start + length));
    return mrzCheckHolds(value, asDigits(text[start + length]!));
  });
  const [line, start] = nationalityAt[format];
  return holding.length >= 2 && isKnownCountryField((lines[line] ?? '').slice(start, start + 3));
}

/**
 * Where the holder's nationality stands (line, start): a code of the ICAO list on every layout. A passport's line 2
 * that glare cut by eight cells reads as a TD2's with one check free (its expiry and check digit where a TD2 has the
 * birth date), a second by chance one time in ten; the birth date and sex left where a TD2's nationality stands are
 * no code.
 */
const nationalityAt: Readonly<Record<Exclude<MrzFormat, 'TD3'>, readonly [number, number]>> = {
  TD1: [1, 15],
  TD2: [1, 10],
  'MRV-A': [1, 10],
  'MRV-B': [1, 10],
};

const lookAlikeDigits: Readonly<Record<string, string>> = { O: '0', Q: '0', D: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8' };
const asDigits = (s: string): string => s.replace(/[OQDILZSGB]/g, (c) => lookAlikeDigits[c]!);
