/**
 * Does a TD3 reading look like a machine-readable zone at all? A page with no MRZ (a blank sheet on a wooden
 * desk, a photo of anything) can still give the line finder two rows of texture and the classifier 88 cells to
 * label. Such a reading must be refused as unreadable, never returned with `check_digits_valid: false`: the
 * fields ICAO 9303 fixes to one character class say whether it is a passport MRZ.
 */
import { isKnownCountryField } from '../../../core/mrz/countryCodes.ts';
import type { Td3Parse } from './parseTd3.ts';
import type { Td3Repair } from './repairTd3.ts';
import { td3CheckCells, td3CheckHolds, td3Checks, td3Field, td3Fields, type Td3CheckName } from './td3Fields.ts';
import { mrzExpiryDate } from '../../../core/mrz/mrzDate.ts';
import { disputedConfidence } from '../../../core/mrz/readCellGrid.ts';
import { fits } from '../../../core/mrz/mrzCharClass.ts';

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

/**
 * Whether a final reading (after every repair and print mend) holds together well enough to be answered at all.
 * No answer is better than a wrong one: a reading whose check digits mostly fail, or whose country codes are not
 * codes, is texture or a misplaced grid, whatever its letters spell. A 200 may carry `check_digits_valid: false` only
 * for a reading with at most one field in doubt. Checks over cells glare washed out (and nothing confirmed) neither
 * prove nor disprove: they are left out of the count (refusal.ts caps them as cells in doubt). `unproven`:
 * checks that hold but prove nothing (a look-alike swap in the number that holds them as well: numberCellsInDoubt),
 * counted as fields in doubt like failing ones.
 */
export function td3HoldsTogether(
  parse: Td3Parse,
  unconfirmed: readonly [readonly number[], readonly number[]] = [[], []],
  lineTwoSure: (index: number) => boolean = () => false,
  unproven: readonly Td3CheckName[] = [],
  runnerUp: (index: number) => string | undefined = () => undefined,
): Plausibility {
  if (parse.valid && unproven.length === 0) return { plausible: true, reasons: [] };
  const reasons: string[] = [];
  const washed = (c: Td3CheckName): boolean => td3CheckCells(c).some((i) => unconfirmed[1].includes(i));
  const failing: Td3CheckName[] = (['document_number', 'date_of_birth', 'expiry_date', 'optional_data'] as const).filter((c) => !washed(c) && !parse.checks[c]);
  // Checks the page prints wrong are not in doubt; an unproven number is, besides any failing check.
  const inDoubt = (failing.length > 0 && printedChecksWrong(parse, failing, lineTwoSure, runnerUp) ? [] : failing).length + unproven.filter((c) => !failing.includes(c)).length;
  const offByMore = failing.filter((c) => (c === 'date_of_birth' || c === 'expiry_date') && !parse.checks.composite && dateOffByMoreThanACell(parse.lines[1], c)).length;
  // A failing field where the recogniser read letters in two digit cells or more (Z, I, S in a date) saw several of
  // its glyphs ill: which of them the check says is wrong is no one cell's doubt.
  const classRepaired = new Set(parse.repairs.filter((r) => r.line === 2 && r.reason === 'character_class').map((r) => r.position - 1));
  const illSeen = failing.filter((c) => td3CheckCells(c).filter((i) => classRepaired.has(i)).length >= 2).length;
  if (inDoubt + offByMore + illSeen >= 2) reasons.push('check digits');
  for (const field of ['issuing_state', 'nationality'] as const) {
    const spec = td3Field(field);
    const raw = parse.lines[spec.line].slice(spec.start, spec.end);
    // Glare-washed cells too: a guess there that is no code is no reading of one (`<CE` for ARE).
    if (!isKnownCountryField(raw)) reasons.push(field);
  }
  if (parse.fields.documentCode.raw !== 'P' && !unconfirmed[0].includes(0)) reasons.push('document code');
  return { plausible: reasons.length === 0, reasons };
}

/**
 * A failing date check over six digits that are no date, the composite failing too, where no one cell of the date
 * and its check digit, changed, gives a real date that both checks hold over: two cells or more are misread there (a
 * grid a cell off along the line: 320709 read 207799), not the cell or two a 200 may leave in doubt.
 */
function dateOffByMoreThanACell(line2: string, check: 'date_of_birth' | 'expiry_date'): boolean {
  const cells = td3CheckCells(check);
  const [from, to] = td3Checks.find((c) => c.check === check)!.spans[0]!;
  if (mrzExpiryDate(line2.slice(from, to)) !== null) return false;
  const holds = (line: string, name: Td3CheckName): boolean => td3CheckHolds(line, td3Checks.find((c) => c.check === name)!);
  for (const cell of cells) {
    for (const d of '0123456789') {
      if (line2[cell] === d) continue;
      const line = line2.slice(0, cell) + d + line2.slice(cell + 1);
      if (mrzExpiryDate(line.slice(from, to)) !== null && holds(line, check) && holds(line, 'composite')) return false;
    }
  }
  return true;
}

/**
 * Field checks that fail while the composite check over them all holds, every cell of the failing fields read sure
 * or proven by the checks that hold: the document was printed with those check digits (specimens are), not misread.
 * A misread cell breaks the composite with its field's check (nine times in ten), and this reading has no cell in
 * doubt to have misread.
 */
function printedChecksWrong(
  parse: Td3Parse,
  failing: readonly Td3CheckName[],
  lineTwoSure: (index: number) => boolean,
  runnerUp: (index: number) => string | undefined,
): boolean {
  const repaired = new Set(parse.repairs.filter((r) => r.line === 2).map((r) => r.position - 1));
  if (parse.checks.composite) {
    const proven = cellsProvenByChecks(parse.lines[1], lineTwoSure, runnerUp);
    return failing.every((check) => td3CheckCells(check).every((i) => !repaired.has(i) && (lineTwoSure(i) || proven(i))));
  }
  return wholeLineSure(parse, lineTwoSure);
}

/**
 * Whether a line 2 cell read unsure is proven as read by the checks that hold over it: no other character in it, alone
 * or with one other unsure cell changed, keeps every holding check holding. A cell changes to its runner-up, or where
 * the recogniser gave none, to any character its field takes. A small copy reads a check digit unsure (Argentina's
 * specimen at 557 px) that the composite, holding, fixes: one cell changed alone moves the composite's sum by a weight
 * of 7, 3 or 1, never by ten. A rival further off, three or four of the recogniser's runner-ups at once, is no doubt
 * about this cell.
 */
function cellsProvenByChecks(line2: string, lineTwoSure: (index: number) => boolean, runnerUp: (index: number) => string | undefined): (index: number) => boolean {
  const holding = td3Checks.filter((c) => td3CheckHolds(line2, c));
  const covered = (i: number): boolean => holding.some((c) => td3CheckCells(c.check).includes(i));
  const unsure = Array.from({ length: 44 }, (_, i) => i).filter((i) => !lineTwoSure(i) && covered(i));
  const taken = (i: number): string[] => {
    const spec = td3Fields.find((f) => f.line === 1 && i >= f.start && i < f.end);
    return spec === undefined ? [] : [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<'].filter((c) => fits(spec.charClass, c) && c !== line2[i]);
  };
  const others = (i: number): string[] => {
    const second = runnerUp(i);
    return second === undefined ? taken(i) : second === line2[i] ? [] : [second];
  };
  return (index) => {
    if (!covered(index)) return false;
    const own = runnerUp(index);
    const rivals = [...new Set([...taken(index).filter((c) => /[0-9]/.test(c) || c === own), ...(own === undefined || own === line2[index] ? [] : [own])])];
    const chars = [...line2];
    for (const rival of rivals) {
      chars[index] = rival;
      if (holding.every((c) => td3CheckHolds(chars, c))) return false;
      for (const partner of unsure) {
        if (partner === index) continue;
        for (const alternative of others(partner)) {
          chars[partner] = alternative;
          const holds = holding.every((c) => td3CheckHolds(chars, c));
          chars[partner] = line2[partner]!;
          if (holds) return false;
        }
      }
    }
    return true;
  };
}

/**
 * A composite that fails as well is a misread grid, unless nothing on line 2 is: every one of its 44 cells read
 * beyond doubt, none repaired, both dates real dates and the sex a sex. Specimens print made-up check digits and at
 * times a composite that does not hold over them; a grid off by a cell, or texture, leaves cells in doubt or dates
 * that are no dates.
 */
function wholeLineSure(parse: Td3Parse, lineTwoSure: (index: number) => boolean): boolean {
  const { dateOfBirth, expiryDate, sex } = parse.fields;
  const cells = Array.from({ length: 44 }, (_, i) => i);
  return (
    parse.repairs.every((r) => r.line !== 2) &&
    cells.every(lineTwoSure) &&
    dateOfBirth.value !== null &&
    expiryDate.value !== null &&
    sex.value !== null
  );
}

/** What lineTwoCellSure looks at of an MRZ reading. */
export interface CellReadings {
  readonly charConfidence: readonly (readonly number[])[];
  readonly second?: readonly (readonly string[])[];
  readonly washed: readonly (readonly boolean[])[];
}

/**
 * A line 2 cell read beyond doubt: sure, or disputed only by a reading its field's characters cannot be (an O against
 * a date's 0); never a cell glare washed out.
 */
export function lineTwoCellSure(reading: CellReadings, index: number): boolean {
  if (reading.washed[1]?.[index] === true) return false;
  const confidence = reading.charConfidence[1]?.[index] ?? 0;
  if (confidence >= sureAbove) return true;
  const spec = td3Fields.find((f) => f.line === 1 && index >= f.start && index < f.end);
  const second = reading.second?.[1]?.[index];
  return confidence >= disputedConfidence && spec !== undefined && second !== undefined && !fits(spec.charClass, second);
}
const sureAbove = 0.98;

/**
 * Whether a line 2 holding every check is proven as read (refusal.ts lets such a page withhold its doubted names):
 * nothing washed out, no print conflict, and no line-2 repair that was chosen from candidates for making a check
 * hold (a mended check digit proves nothing it was picked to fit). Repairs that are no such choice stand: a class
 * repair, a country code mended to the one known code (no check covers it), and the joint zeros and digits hypotheses
 * (one change tried, not a search among candidates, that two checks or more must hold).
 */
export function lineTwoProvenAsRead(parse: Td3Parse, washedLineTwo: number, conflicts: number): boolean {
  return parse.valid && washedLineTwo === 0 && conflicts === 0 && parse.repairs.every((r) => r.line !== 2 || notChosenByChecks.has(r.reason));
}
const notChosenByChecks: ReadonlySet<Td3Repair['reason']> = new Set(['character_class', 'country_code', 'zeros_read_as_oh', 'digits_read_as_letters']);
