/**
 * The character classes of MRZ fields (ICAO 9303-3) and the repairs a class allows, the same in every layout: a
 * character that does not fit its field's class is its look-alike of that class (dates and check digits are digits,
 * country codes and names letters), and where a check digit fails, the look-alike pairs (O/0, I/1, B/8 ...) and the
 * recogniser's second best are the only substitutes tried. Pure.
 */

/** Character class of a field: decides which repairs its type forces. */
export type MrzCharClass = 'letter' | 'letterOrFiller' | 'digit' | 'digitOrFiller' | 'alphanumeric' | 'sex';

export const letterToDigit: Readonly<Record<string, string>> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', J: '1', Z: '2', A: '4', S: '5', G: '6', T: '7', B: '8' };
export const digitToLetter: Readonly<Record<string, string>> = { '0': 'O', '1': 'I', '2': 'Z', '4': 'A', '5': 'S', '6': 'G', '7': 'T', '8': 'B' };
/** Look-alike pairs tried (both ways) when a check digit fails on an alphanumeric field. */
export const confusionPairs: readonly (readonly [string, string])[] = [
  ['O', '0'], ['Q', '0'], ['D', '0'], ['I', '1'], ['B', '8'], ['S', '5'], ['Z', '2'], ['G', '6'],
  ['<', 'K'], ['<', 'S'], ['<', 'C'], ['<', 'E'],
];
export const fillerLookalikes = new Set(['K', 'S', 'C', 'E']);

const isLetter = (c: string): boolean => c >= 'A' && c <= 'Z' && c.length === 1;
const isDigit = (c: string): boolean => c >= '0' && c <= '9' && c.length === 1;

export function fits(charClass: MrzCharClass, c: string): boolean {
  switch (charClass) {
    case 'letter':
      return isLetter(c);
    case 'letterOrFiller':
      return isLetter(c) || c === '<';
    case 'digit':
      return isDigit(c);
    case 'digitOrFiller':
      return isDigit(c) || c === '<';
    case 'alphanumeric':
      return isLetter(c) || isDigit(c) || c === '<';
    case 'sex':
      return c === 'M' || c === 'F' || c === '<';
  }
}

/**
 * The character a field's class forces in place of `c`, or null when it forces nothing. `disputed`: the two
 * classifiers disagreed, `second` being the other's own reading.
 */
export function forcedByClass(charClass: MrzCharClass, c: string, second: string | undefined, disputed = false): string | null {
  if (fits(charClass, c)) return null;
  if (c === '«') return fits(charClass, '<') ? '<' : null;
  if ((charClass === 'digit' || charClass === 'digitOrFiller') && letterToDigit[c]) return letterToDigit[c]!;
  const letters = charClass === 'letter' || charClass === 'letterOrFiller';
  // A digit in a name or code that the other classifier read as a letter (or filler) fitting there: its reading, not
  // a look-alike guess (an 8 the other read as R is R, not B). Not a 0: OCR-B draws O and 0 nearly alike.
  if (letters && disputed && c !== '0' && second !== undefined && second !== c && fits(charClass, second)) return second;
  if (letters && digitToLetter[c]) return digitToLetter[c]!;
  if (second !== undefined && fits(charClass, second)) return second;
  return null;
}

/** Candidate substitutes for one character under its class: look-alikes and the recogniser's second best. */
export function substitutes(c: string, second: string | undefined, charClass: MrzCharClass): string[] {
  const out = new Set<string>();
  for (const [a, b] of confusionPairs) {
    // A `<` read as `<` is trusted: letters for it come only from the recogniser's second best.
    if (c === a && a !== '<') out.add(b);
    if (c === b) out.add(a);
  }
  // A second best that is itself a look-alike names the one the recogniser doubted (a 0 against O): not Q or D too.
  if (second !== undefined && second !== c && out.has(second)) return fits(charClass, second) ? [second] : [];
  if (second !== undefined) out.add(second);
  out.delete(c);
  return [...out].filter((s) => fits(charClass, s));
}

/** The recogniser's second best, when it fits the class: the only substitute for a digit or letter field. */
export function secondOnly(c: string, second: string | undefined, charClass: MrzCharClass): string[] {
  return second !== undefined && second !== c && fits(charClass, second) ? [second] : [];
}

/**
 * A look-alike of `<` sitting inside a run of fillers (three before it, a filler or the field end after it), in a
 * field that may hold fillers and letters: `<` is what was printed.
 */
export function isFillerRunConfusion(chars: readonly string[], i: number, spec: { readonly end: number; readonly charClass: MrzCharClass }): boolean {
  if (!fillerLookalikes.has(chars[i]!) || spec.charClass === 'digit' || spec.charClass === 'digitOrFiller' || spec.charClass === 'sex') return false;
  if (i < 3 || chars[i - 1] !== '<' || chars[i - 2] !== '<' || chars[i - 3] !== '<') return false;
  return i + 1 >= spec.end || chars[i + 1] === '<';
}
