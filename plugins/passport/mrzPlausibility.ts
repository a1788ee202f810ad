/**
 * Does a TD3 reading look like a machine-readable zone at all? A page with no MRZ (a blank sheet on a wooden
 * desk, a photo of anything) can still give the line finder two rows of texture and the classifier 88 cells to
 * label. Such a reading must be refused as unreadable, never returned with `check_digits_valid: false`: the
 * fields ICAO 9303 fixes to one character class say whether it is a passport MRZ.
 */

export interface Plausibility {
  readonly plausible: boolean;
  /** What failed, for the log; never a value read from the document. */
  readonly reasons: readonly string[];
}

const digitOrFiller = /^[0-9<]$/;

/** Line 2 positions (0-based) that hold digits (or `<` where ICAO allows it): dates and check digits. */
const line2DigitCells = [9, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 43];

export function td3Plausibility(lines: readonly [string, string] | readonly string[]): Plausibility {
  const [line1 = '', line2 = ''] = lines;
  const reasons: string[] = [];
  if (line1.length !== 44 || line2.length !== 44) reasons.push('line length');
  // Every passport's document code starts with P (ICAO 9303 part 4).
  if (line1[0] !== 'P') reasons.push('document code');
  const nonDigits = line2DigitCells.filter((index) => !digitOrFiller.test(line2[index] ?? '')).length;
  // A repaired reading has digits here; a few misreads are tolerated, a page of texture is not.
  if (nonDigits > 3) reasons.push('digit cells');
  // Names: letters and fillers only, and at least one letter.
  if (!/^[A-Z<]+$/.test(line1.slice(5)) || !/[A-Z]/.test(line1.slice(5))) reasons.push('name');
  return { plausible: reasons.length === 0, reasons };
}
