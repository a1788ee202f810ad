/**
 * Repairs of a recognised TD3 MRZ (DOMAIN.md): a character changes only where its field's class forces it or
 * where a check digit proves the change (the unique single substitution that makes it hold). Every change is
 * recorded; nothing is invented that the recogniser did not see (the candidates are look-alikes of what was read
 * and the recogniser's own second-best class).
 */
import { isKnownCountryField } from '../../../core/mrz/countryCodes.ts';
import { confusionPairs, fits, forcedByClass, isFillerRunConfusion, secondOnly, substitutes } from '../../../core/mrz/mrzCharClass.ts';
import { td3CheckHolds, td3Checks, td3Field, td3Fields, type Td3FieldName, type Td3FieldSpec } from './td3Fields.ts';
import { disputedConfidence } from '../../../core/mrz/readCellGrid.ts';

export interface Td3Repair {
  readonly field: Td3FieldName;
  /** 1-based line and position, as ICAO counts them. */
  readonly line: 1 | 2;
  readonly position: number;
  readonly from: string;
  readonly to: string;
  /**
   * `printed_page`: taken from the printed page (printedNameMend.ts, printedFieldMend.ts); `printed_twice`: a field
   * and its check digit glare washed out, from a printed value two readings of the page agree on, the composite
   * holding (printedFieldMend.ts); `washed_out`: a cell glare washed out, filled with what the layout or the printed
   * page fixes (washedCells.ts); `zeros_read_as_oh`: every O past the number's first digit a 0, one joint change that
   * the number's check and the composite prove (zerosReadAsOh); `digits_read_as_letters`: every look-alike letter amid
   * the optional data's digits the digit it resembles, one joint change every check of line 2 then proves
   * (digitsReadAsLetters).
   */
  readonly reason:
    | 'character_class'
    | 'check_digit'
    | 'zeros_read_as_oh'
    | 'digits_read_as_letters'
    | 'country_code'
    | 'printed_page'
    | 'printed_twice'
    | 'washed_out';
}

/** The recogniser's second-best class per character of each line (`undefined` where it has none). */
export type Td3Alternatives = readonly [readonly (string | undefined)[], readonly (string | undefined)[]];

function fieldAt(line: 0 | 1, index: number): Td3FieldSpec {
  const spec = td3Fields.find((f) => f.line === line && index >= f.start && index < f.end);
  if (!spec) throw new Error(`no TD3 field at line ${line + 1} position ${index + 1}`);
  return spec;
}

export interface Td3RepairResult {
  readonly lines: [string, string];
  readonly repairs: Td3Repair[];
}

/** Applies class repairs, then check-digit repairs; `lines` must be 44 characters each. */
/** The recogniser's probability per character of each line. */
export type Td3Confidence = readonly [readonly number[], readonly number[]];

/** Characters read at least this sure are tried last as check-digit repair candidates. */
const sureReading = 0.98;

export function repairTd3(lines: readonly [string, string], alternatives?: Td3Alternatives, confidence?: Td3Confidence): Td3RepairResult {
  const chars = [[...lines[0]], [...lines[1]]] as [string[], string[]];
  const repairs: Td3Repair[] = [];
  const record = (line: 0 | 1, i: number, to: string, reason: Td3Repair['reason']): void => {
    const spec = fieldAt(line, i);
    repairs.push({ field: spec.field, line: (line + 1) as 1 | 2, position: i + 1, from: chars[line][i]!, to, reason });
    chars[line][i] = to;
  };

  for (const line of [0, 1] as const) {
    for (let i = 0; i < chars[line].length; i++) {
      const spec = fieldAt(line, i);
      if (isFillerRunConfusion(chars[line], i, spec)) {
        record(line, i, '<', 'character_class');
        continue;
      }
      const forced = forcedByClass(spec.charClass, chars[line][i]!, alternatives?.[line][i], (confidence?.[line][i] ?? 1) <= disputedConfidence);
      if (forced !== null) record(line, i, forced, 'character_class');
    }
  }

  // Country codes carry no check digit: one that is on no list is a misread, mended only when exactly one of the
  // recogniser's second-best letters makes it a known code, at a cell it doubted: a sure letter's runner-up is noise
  // (`INO`, D read O in doubt, once became UNO by the sure I's runner-up U).
  const codeFields = td3Fields.filter((f) => f.field === 'issuing_state' || f.field === 'nationality');
  const codeOf = (spec: (typeof codeFields)[number]): string => chars[spec.line].slice(spec.start, spec.end).join('');
  for (const spec of codeFields) {
    const line = chars[spec.line];
    if (isKnownCountryField(codeOf(spec))) continue;
    const fixes: { i: number; to: string }[] = [];
    for (let i = spec.start; i < spec.end; i++) {
      if ((confidence?.[spec.line][i] ?? 0) >= sureReading) continue;
      const second = alternatives?.[spec.line][i];
      if (second === undefined || !fits(spec.charClass, second) || second === line[i]) continue;
      const original = line[i]!;
      line[i] = second;
      if (isKnownCountryField(codeOf(spec))) fixes.push({ i, to: second });
      line[i] = original;
    }
    if (fixes.length === 1) record(spec.line, fixes[0]!.i, fixes[0]!.to, 'country_code');
  }
  // Still no code: the other code field is its witness where it is a known code one doubted cell away (`SNK` beside
  // the nationality DNK, a blurred D). A state issues its passports to its own nationals; a code two letters away,
  // or a letter read sure, is another state or a misreading no witness places.
  for (const spec of codeFields) {
    const other = codeFields.find((f) => f !== spec)!;
    const [was, witness] = [codeOf(spec), codeOf(other)];
    if (isKnownCountryField(was) || !isKnownCountryField(witness)) continue;
    const apart = [...was].map((c, k) => (c === witness[k] ? -1 : spec.start + k)).filter((i) => i >= 0);
    if (apart.length !== 1 || (confidence?.[spec.line][apart[0]!] ?? 1) >= sureReading) continue;
    record(spec.line, apart[0]!, witness[apart[0]! - spec.start]!, 'country_code');
  }

  const line2 = chars[1];
  // Before single changes: one of them can make the number hold with the other Os left amid its digits.
  for (const i of zerosReadAsOh(line2) ?? []) record(1, i, '0', 'zeros_read_as_oh');
  for (const { i, to } of digitsReadAsLetters(line2) ?? []) record(1, i, to, 'digits_read_as_letters');
  for (const check of td3Checks) {
    if (td3CheckHolds(line2, check)) continue;
    // The issuer computed the composite over the true fields: over a field whose own check still fails, a digit that
    // makes it hold is fitted to a misreading, a wrong cell more.
    if (check.check === 'composite' && td3Checks.some((other) => other !== check && !td3CheckHolds(line2, other))) continue;
    const digitSpec = td3Fields.find((f) => f.field === check.digit)!;
    // The composite covers only positions whose own checks already decided them: just its digit may move.
    const positions = check.check === 'composite' ? [digitSpec.start] : [...rangeOf(check.spans), digitSpec.start];
    // Only doubtful characters may change. A check failing over cells all read sure is what the page prints (specimens
    // print wrong check digits) or a misreading no check can locate: some second-best makes a check hold 1 time in 10.
    const doubtful = confidence ? positions.filter((i) => (confidence[1][i] ?? 0) < sureReading) : positions;
    const tried = candidatesAmong(doubtful, line2, alternatives);
    // Some one of n candidates holds a check by luck 1 - 0.9^n of the time: past ten, a unique fix proves nothing.
    if (tried.length > maxCandidates) continue;
    let fixes = fixesAmong(tried, line2, check);
    // Several single changes make the field's own check hold (a recogniser's second best often does by chance): the
    // composite, a second check over the same cells, keeps the one it agrees with.
    if (fixes.length > 1) fixes = confirmedByComposite(fixes, line2, check);
    // Still several: a look-alike swap (O/0, I/1, B/8, …) is the recogniser's known failure; a change to its second
    // best only is not, and does not stand against one.
    if (fixes.length > 1) fixes = lookalikesOnly(fixes, line2);
    if (fixes.length === 1 && !zeroOrOhElsewhere(fixes[0]!, positions, doubtful, line2, check) && !doubtfulOhsAgree(fixes[0]!, doubtful, line2, check)) {
      record(1, fixes[0]!.i, fixes[0]!.to, 'check_digit');
    }
  }

  // Again once the other checks are mended: the composite may hold only then.
  for (const i of zerosReadAsOh(line2) ?? []) record(1, i, '0', 'zeros_read_as_oh');
  for (const { i, to } of digitsReadAsLetters(line2) ?? []) record(1, i, to, 'digits_read_as_letters');

  return { lines: [chars[0].join(''), chars[1].join('')], repairs };
}

/**
 * A document number whose check still fails with two or more `O` past its first digit: on a soft copy the recogniser
 * takes a run of OCR-B zeros, a hair narrower, for Os, and no single change mends that. One joint hypothesis, every
 * such O a 0 (not a search among many), is taken only when the number's check digit and the composite then both hold.
 */
function zerosReadAsOh(line2: string[]): number[] | null {
  const number = td3Checks.find((c) => c.check === 'document_number')!;
  if (td3CheckHolds(line2, number)) return null;
  const ohsPastFirstDigit = (field: 'document_number' | 'optional_data'): number[] => {
    const { start, end } = td3Field(field);
    const firstDigit = line2.slice(start, end).findIndex((c) => /[0-9]/.test(c));
    return firstDigit < 0 ? [] : rangeOf([[start + firstDigit + 1, end]]).filter((i) => line2[i] === 'O');
  };
  const ohs = ohsPastFirstDigit('document_number');
  // The same misreading left in the optional data could hide there too, where a run of Os is often invisible to both
  // checks (ten of them weigh 40): proven for the number, it would leave those unproven; the line is left as read.
  if (ohs.length < 2 || ohsPastFirstDigit('optional_data').length > 0) return null;
  const swapped = [...line2];
  for (const i of ohs) swapped[i] = '0';
  return td3CheckHolds(swapped, number) && td3CheckHolds(swapped, compositeCheck) ? ohs : null;
}

/** The digit each letter that OCR-B draws alike stands for (confusionPairs' letter-digit pairs). */
const digitLookalike: ReadonlyMap<string, string> = new Map(confusionPairs.filter(([a, b]) => /[A-Z]/.test(a) && /[0-9]/.test(b)));

/**
 * Optional data whose check fails with letters amid its digits that look like digits (`208SO49700` for 2085049700,
 * two cells a blurred photo misread, which no single change mends): one joint hypothesis, each such letter the digit
 * it resembles, taken only where the field's own check digit and the composite then both hold (two checks, one change
 * tried), and every other field's check with them. Letters at the field's ends are left: many states' personal
 * numbers begin or end with letters.
 */
function digitsReadAsLetters(line2: string[]): { i: number; to: string }[] | null {
  const optional = td3Checks.find((c) => c.check === 'optional_data')!;
  const { start, end } = td3Field('optional_data');
  const checkCell = line2[td3Field(optional.digit).start];
  // A filler check digit computes nothing (the state left it unused): only the composite would speak for the change.
  if (checkCell === undefined || !/[0-9]/.test(checkCell) || td3CheckHolds(line2, optional)) return null;
  const digitAt = rangeOf([[start, end]]).filter((i) => /[0-9]/.test(line2[i]!));
  if (digitAt.length === 0) return null;
  const [first, last] = [digitAt[0]!, digitAt.at(-1)!];
  const fixes = rangeOf([[first + 1, last]])
    .filter((i) => digitLookalike.has(line2[i]!))
    .map((i) => ({ i, to: digitLookalike.get(line2[i]!)! }));
  if (fixes.length === 0) return null;
  const swapped = [...line2];
  for (const { i, to } of fixes) swapped[i] = to;
  // The composite proves the change only over fields whose own checks hold: over a misread one it holds by chance.
  return td3Checks.every((check) => td3CheckHolds(swapped, check)) ? fixes : null;
}

const zeroOrOh = (a: string, b: string): boolean => (a === 'O' && b === '0') || (a === '0' && b === 'O');

/**
 * An O/0 swap that makes a check hold, where swapping an O or 0 read sure elsewhere in the same field would make it
 * hold too: OCR-B draws the two nearly alike, and the recogniser's certainty between them proves little, so the check
 * cannot say which cell was misread. The field is left as read (its check failing) rather than mended at a guess.
 */
function zeroOrOhElsewhere(fix: { i: number; to: string }, positions: readonly number[], doubtful: readonly number[], line2: string[], check: (typeof td3Checks)[number]): boolean {
  if (!zeroOrOh(line2[fix.i]!, fix.to)) return false;
  return positions.some((i) => {
    if (doubtful.includes(i) || i === fix.i) return false;
    const to = ohZeroSwap(line2, i);
    return to !== null && holdsWith(line2, { i, to }, check);
  });
}

/** A line-2 cell's O as 0, or its 0 as O, where its field's class admits that; null for any other cell. */
function ohZeroSwap(line2: readonly string[], i: number): string | null {
  const to = line2[i] === 'O' ? '0' : line2[i] === '0' ? 'O' : null;
  return to !== null && fits(fieldAt(1, i).charClass, to) ? to : null;
}

const compositeCheck = td3Checks.find((c) => c.check === 'composite')!;

/** The most doubtful O/0 cells read together as another way to make a check hold (doubtfulOhsAgree). */
const mostOhsTogether = 3;

/**
 * A fix that makes a check hold, where swapping two or three other doubtful Os and 0s of the field instead makes it
 * hold too (and the composite, where the fix makes that hold): each swap moves the sum by an even amount, so two or
 * three such cells hold a check together one time in five by chance, and a soft copy misreads whole runs of them
 * (`H0O0O014` for H0000014 made `H0O0OO14`, its check holding and the number wrong). The check proves neither, whatever
 * the fix: a sure 1 made T holds the check as well as the two Os read for 00 would.
 */
function doubtfulOhsAgree(fix: { i: number; to: string }, doubtful: readonly number[], line2: string[], check: (typeof td3Checks)[number]): boolean {
  const inCheck = new Set(rangeOf(check.spans));
  const others = doubtful.filter((i) => i !== fix.i && inCheck.has(i) && ohZeroSwap(line2, i) !== null);
  const compositeToo = check.check !== 'composite' && holdsWith(line2, fix, compositeCheck);
  const holdsFlipped = (cells: readonly number[]): boolean => {
    const flipped = [...line2];
    for (const i of cells) flipped[i] = ohZeroSwap(line2, i)!;
    return td3CheckHolds(flipped, check) && (!compositeToo || td3CheckHolds(flipped, compositeCheck));
  };
  // Sets of two or three (one other alone was a fix of its own, which fixesAmong weighed).
  const sets = (from: number, size: number): number[][] =>
    size === 0 ? [[]] : others.slice(from).flatMap((cell, k) => sets(from + k + 1, size - 1).map((rest) => [cell, ...rest]));
  for (let size = 2; size <= Math.min(mostOhsTogether, others.length); size++) if (sets(0, size).some(holdsFlipped)) return true;
  return false;
}

/** The fixes with which the composite holds too, when every other field's check already holds (it then decides). */
function confirmedByComposite(fixes: readonly { i: number; to: string }[], line2: string[], check: (typeof td3Checks)[number]): { i: number; to: string }[] {
  if (check.check === 'composite') return [...fixes];
  const others = td3Checks.filter((c) => c !== check && c.check !== 'composite');
  if (!others.every((c) => td3CheckHolds(line2, c))) return [...fixes];
  return fixes.filter((fix) => holdsWith(line2, fix, compositeCheck));
}

/** Whether `check` holds with one cell changed (the line is left as it was). */
function holdsWith(line2: string[], { i, to }: { i: number; to: string }, check: (typeof td3Checks)[number]): boolean {
  const original = line2[i]!;
  line2[i] = to;
  const holds = td3CheckHolds(line2, check);
  line2[i] = original;
  return holds;
}

/** The fixes that swap a look-alike pair, when there are any: see confusionPairs. */
function lookalikesOnly(fixes: readonly { i: number; to: string }[], line2: readonly string[]): { i: number; to: string }[] {
  const lookalike = fixes.filter(({ i, to }) => confusionPairs.some(([a, b]) => (line2[i] === a && to === b) || (line2[i] === b && to === a)));
  return lookalike.length > 0 ? lookalike : [...fixes];
}

/** The most single substitutions a check-digit repair may choose among. */
const maxCandidates = 10;

/** The single substitutions to try among `positions`. */
function candidatesAmong(positions: readonly number[], line2: readonly string[], alternatives: Td3Alternatives | undefined): { i: number; to: string }[] {
  return positions.flatMap((i) => {
    const spec = fieldAt(1, i);
    const original = line2[i]!;
    // Second-best classes only count where the class admits them; look-alikes only on alphanumeric fields.
    const pool = spec.charClass === 'alphanumeric' ? substitutes(original, alternatives?.[1][i], spec.charClass) : secondOnly(original, alternatives?.[1][i], spec.charClass);
    return pool.map((to) => ({ i, to }));
  });
}

/** The candidates that make `check` hold. */
function fixesAmong(candidates: readonly { i: number; to: string }[], line2: string[], check: (typeof td3Checks)[number]): { i: number; to: string }[] {
  return candidates.filter((fix) => holdsWith(line2, fix, check));
}

function rangeOf(spans: readonly (readonly [number, number])[]): number[] {
  const out: number[] = [];
  for (const [s, e] of spans) for (let i = s; i < e; i++) out.push(i);
  return out;
}
