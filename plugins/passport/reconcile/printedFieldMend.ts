/**
 * A checked MRZ field whose check digit fails is compared with its printed copy: when the printed number or date,
 * put in its place, makes both that field's check digit and the composite hold, the print is independent proof
 * and the differing characters (at most two where glare left a reading unless the recogniser doubted each, and any
 * number of cells it washed out) change, recorded. A document number that already holds changes only at cells the
 * recogniser doubted, where the print gives a swap no check digit can see (invisibleSwapsFromPrint).
 *
 * When glare washed out the field's check digit too, that digit cannot prove the print, so more is asked: a second
 * OCR reading of the printed page gives the same value, every cell of the field glare left readable already says
 * what the print says, and the composite check digit, readable, holds over the print and the check digit it
 * computes to (which is filled as well).
 */
import { mrzCheckDigit, parseTd3, type Td3Parse } from '../mrz/index.ts';
import type { Td3Repair } from '../mrz/repairTd3.ts';
import { td3CheckCells, td3Checks, td3Field, td3FieldCells } from '../mrz/td3Fields.ts';
import { isoAsYymmdd } from '../../../core/mrz/mrzDate.ts';
import { isKnownCountryField } from '../../../core/mrz/countryCodes.ts';
import { letterToDigit } from '../../../core/mrz/mrzCharClass.ts';
import { mrzSex } from './washedCells.ts';

export interface PrintedCopies {
  readonly passportNumber: string | null;
  /** ISO dates. */
  readonly dateOfBirth: string | null;
  readonly expiryDate: string | null;
}

const maxChanges = 2;

export function mendFieldsFromPrint(
  parse: Td3Parse,
  printed: PrintedCopies,
  options: {
    now: Date;
    /** Line 2's washed-out cells (readMrz). */
    washed?: readonly boolean[];
    /** The printed page read a second time (another OCR pass): needed to fill a field whose check digit was washed out. */
    corroborating?: PrintedCopies | null;
    /** Line 2's per-cell confidence and runner-up (the recogniser's), for invisibleSwapsFromPrint. */
    confidence?: readonly number[];
    second?: readonly string[];
  },
): Td3Parse {
  const start = invisibleSwapsFromPrint(parse, printed.passportNumber, options.confidence, options.second, options.now);
  let current = start;
  const mends: Td3Repair[] = [];
  const other = options.corroborating ?? null;
  // Each pass's copy in turn, the other's to corroborate it: the check digits prove whichever pass read it right (a
  // sharper pass may read a number glare bent past the first's reading). Print OCR reads a number's 0 as O
  // (`GBMUORX2B`): the copy with its Os as zeros is tried too, and the check digit must prove it as well.
  const numberCopies = numberReadings(printed.passportNumber, other?.passportNumber ?? null).map(numberCopy);
  const pairs = <T,>(field: T, [a, b]: readonly (string | null)[]) => [[field, a ?? null, b ?? null], [field, b ?? null, a ?? null]] as const;
  const candidates = [
    ...pairs('document_number' as const, numberCopies.slice(0, 2)),
    ...pairs('document_number' as const, numberCopies.slice(2)),
    ...pairs('date_of_birth' as const, [dateCopy(printed.dateOfBirth), dateCopy(other?.dateOfBirth ?? null)]),
    ...pairs('expiry_date' as const, [dateCopy(printed.expiryDate), dateCopy(other?.expiryDate ?? null)]),
  ];
  const washed = (i: number): boolean => options.washed?.[i] === true;
  /** The print put in `field`'s place in `from`, as far as its check digit (and, `composite`, the composite) proves it. */
  const attempt = (from: Td3Parse, [field, copy, secondCopy]: (typeof candidates)[number], composite: boolean): { next: Td3Parse; mends: Td3Repair[] } | null => {
    const spec = td3Field(field);
    // A check digit that holds over washed-out cells proves nothing (one reading in ten holds by chance).
    const washedField = td3FieldCells(field).some(washed);
    if (copy === null || (from.checks[field] && !washedField)) return null;
    const checkWashed = washed(td3Field(`${field}_check`).start);
    const corroborated = checkWashed && secondCopy === copy && !washed(td3Field('composite_check').start);
    // Spans tried, each with how many of its changes may fall on cells glare left readable (cells at the glare's edge
    // keep just enough contrast to count as read, and read wrong) and how many in all (past two only with the check
    // digit readable, or filled here): the print with the check digit it computes to (check digit washed, print
    // corroborated), then the print alone.
    const plain = { text: copy, readable: maxChanges, total: checkWashed ? maxChanges : Infinity };
    const tries = corroborated ? [{ text: `${copy}${mrzCheckDigit(copy)}`, readable: 0, total: Infinity }, plain] : [plain];
    for (const { text, readable, total } of tries) {
      const line2 = from.lines[1];
      const was = line2.slice(spec.start, spec.start + text.length);
      const diffs = [...text].map((c, i) => (c === was[i] ? -1 : i)).filter((i) => i >= 0);
      const readableDiffs = diffs.filter((i) => !washed(spec.start + i));
      // Glare's edge leaves cells read wrong, not washed (53160057G read `5316UU97G`): past two such changes only
      // where the recogniser doubted each of them and the print, as read, holds both check digits.
      const doubtedAll = text === copy && readableDiffs.every((i) => (options.confidence?.[spec.start + i] ?? 1) < doubtedBelow);
      if (diffs.length === 0 || (readableDiffs.length > readable && !doubtedAll) || diffs.length > total) continue;
      const next = parseTd3([from.lines[0], line2.slice(0, spec.start) + text + line2.slice(spec.start + text.length)], { now: options.now });
      // As the print has it: a copy that holds only once the parser repairs it (an O made Q) is no proof of itself.
      if (next.lines[1].slice(spec.start, spec.start + text.length) !== text) continue;
      if (!next.checks[field] || (composite && !next.checks.composite)) continue;
      const reason = text === copy ? 'printed_page' : 'printed_twice';
      const fieldMends = diffs.map((i): Td3Repair => {
        const mended = i < copy.length ? field : (`${field}_check` as const);
        return { field: mended, line: 2, position: spec.start + i + 1, from: was[i]!, to: text[i]!, reason };
      });
      return { next, mends: fieldMends };
    }
    return null;
  };
  const mended = new Set<string>();
  for (const candidate of candidates) {
    const done = mended.has(candidate[0]) ? null : attempt(current, candidate, true);
    if (done === null) continue;
    current = done.next;
    mends.push(...done.mends);
    mended.add(candidate[0]);
  }
  // Glare across two fields (a birth date's end, the sex, the expiry's start): neither print copy alone makes the
  // composite hold while the other field is still misread. Together, each proven by its own check digit, they must.
  let joint = current;
  const jointMends: Td3Repair[] = [];
  const together = new Set<string>();
  for (const candidate of candidates) {
    const done = mended.has(candidate[0]) || together.has(candidate[0]) ? null : attempt(joint, candidate, false);
    if (done === null) continue;
    joint = done.next;
    jointMends.push(...done.mends);
    together.add(candidate[0]);
  }
  if (together.size >= 2 && joint.checks.composite) {
    current = joint;
    mends.push(...jointMends);
  }
  return mends.length === 0 ? start : { ...current, repairs: [...start.repairs, ...mends] };
}

/**
 * Each checked field's printed copy as one of two passes read it: the copy that spells the MRZ's field as it stands
 * (the sharper pass's, or its Os as zeros, where that is what mendFieldsFromPrint took), else the first pass's. What
 * confirms the cells glare washed out is the copy the check digits proved, whichever pass read it.
 */
export function checkedCopiesOf(parse: Td3Parse, first: PrintedCopies, second: PrintedCopies | null | undefined): PrintedCopies {
  const line2 = parse.lines[1];
  const spells = (field: 'document_number' | 'date_of_birth' | 'expiry_date', copy: string | null): boolean => {
    const spec = td3Field(field);
    return copy !== null && line2.slice(spec.start, spec.end) === copy;
  };
  const number = numberReadings(first.passportNumber, second?.passportNumber ?? null).find((n) => spells('document_number', numberCopy(n)));
  const date = (field: 'date_of_birth' | 'expiry_date', a: string | null, b: string | null | undefined): string | null =>
    [a, b ?? null].find((d) => spells(field, dateCopy(d))) ?? a;
  return {
    passportNumber: number ?? first.passportNumber,
    dateOfBirth: date('date_of_birth', first.dateOfBirth, second?.dateOfBirth),
    expiryDate: date('expiry_date', first.expiryDate, second?.expiryDate),
  };
}

const oAsZero = (number: string | null): string | null => (number === null || !number.includes('O') ? null : number.replace(/O/g, '0'));
/** Two passes' readings of the printed number, then each with its Os as zeros (none where it has no O). */
const numberReadings = (a: string | null, b: string | null): (string | null)[] => [a, b, oAsZero(a), oAsZero(b)];
const numberCopy = (number: string | null): string | null => (number !== null && /^[A-Z0-9]{1,9}$/.test(number) ? number.padEnd(9, '<') : null);
const dateCopy = (iso: string | null): string | null => (iso === null ? null : isoAsYymmdd(iso));

/** MRZ cells read below this are doubted (the recogniser's probability). */
const doubtedBelow = 0.99;

/**
 * Letters and the digits a general font's OCR takes them for that OCR-B draws apart; its O and 0, I and 1 are near
 * alike, and there a print copy may well be right where the MRZ is not.
 */
const apartInOcrB: Readonly<Record<string, string>> = { Z: '2', S: '5', B: '8', G: '6' };

/**
 * Swaps a document number's check digit cannot see: `O` and `0` at weights that cancel (`A85OO2532` holds where
 * `A85002532` does), or one character for another worth the same modulo 10 (`U` and `0`, `G` and `6`, `S` and `8`).
 * Where the printed number gives, at cells the recogniser doubted, its runner-up or a look-alike (0 for O or U), and the
 * number so mended holds the field's check and the composite too, the print settles those cells (recorded). The print
 * may differ at one cell the recogniser read sure as well (its own misreading, Z for 7): that cell stays as read.
 */
function invisibleSwapsFromPrint(
  parse: Td3Parse,
  printedNumber: string | null,
  confidence: readonly number[] | undefined,
  second: readonly string[] | undefined,
  now: Date,
): Td3Parse {
  const copy = numberCopy(printedNumber);
  if (copy === null || confidence === undefined || !parse.checks.document_number) return parse;
  const spec = td3Field('document_number');
  const line2 = parse.lines[1];
  const was = line2.slice(spec.start, spec.end);
  const diffs = [...copy].map((c, i) => (c === was[i] ? -1 : i)).filter((i) => i >= 0);
  const lookalike = (i: number): boolean => letterToDigit[was[i]!] === copy[i] || letterToDigit[copy[i]!] === was[i];
  // Never a digit the MRZ read made the print's letter: a general font's OCR reads 0 as O far more often than the
  // MRZ's OCR-B is misread so, and numbers are mostly digits (numberCellsInDoubt keeps such a digit too).
  const letterForReadDigit = (i: number): boolean => /[0-9]/.test(was[i]!) && /[A-Z]/.test(copy[i]!);
  const settles = (i: number): boolean =>
    (confidence[spec.start + i] ?? 1) < doubtedBelow && !letterForReadDigit(i) && (lookalike(i) || second?.[spec.start + i] === copy[i]);
  const settled = diffs.filter(settles);
  if (settled.length === 0 || diffs.length - settled.length > 1) return parse;
  const mended = [...was].map((c, i) => (settled.includes(i) ? copy[i]! : c)).join('');
  const next = parseTd3([parse.lines[0], line2.slice(0, spec.start) + mended + line2.slice(spec.end)], { now });
  if (!next.checks.document_number || !next.checks.composite) return parse;
  const mends: Td3Repair[] = settled.map((i) => ({ field: 'document_number', line: 2, position: spec.start + i + 1, from: was[i]!, to: copy[i]!, reason: 'printed_page' }));
  return { ...next, repairs: [...parse.repairs, ...mends] };
}

/** Letters worth their look-alike digit modulo 10, so that swapping one alone leaves every check digit as it was. */
const invisibleLookalike: Readonly<Record<string, string>> = { U: '0', G: '6', L: '1' };

/** A letter read for the digit it looks like, as the character-class repair takes it (O, Q, D and U for 0, …). */
const letterForDigit = (letter: string, digit: string): boolean => letterToDigit[letter] === digit;

/** Two letters worth the same modulo 10 (F 15 and P 25, E and O, B and L): a check digit never tells them apart. */
const lettersAlikeToChecks = (a: string, b: string): boolean =>
  a !== b && /^[A-Z]$/.test(a) && /^[A-Z]$/.test(b) && (a.charCodeAt(0) - b.charCodeAt(0)) % 10 === 0;

/**
 * Document number letters the recogniser doubted where its runner-up, the digit the letter looks like or a letter worth
 * the same modulo 10, gives another number that holds the number's check digit and the composite as well: `O` and `0`
 * at weights that cancel (7 and 3: 24 × 10), `G` for `6` and `U` for `0` alone (worth 10 and 30 more), `P` for `F`.
 * Nothing in the MRZ tells the two numbers apart. Numbers are mostly digits past a prefix (the specimens'
 * `A000000000`, `P0000000`), so a doubted digit with a letter as runner-up is kept; a doubted letter is in doubt,
 * unless a reading of the print spells the number as read.
 */
export function numberCellsInDoubt(
  parse: Td3Parse,
  printedNumbers: readonly (string | null)[],
  confidence: readonly number[] | undefined,
  second: readonly string[] | undefined,
  now: Date,
): number[] {
  return lookalikeCellsInDoubt('document_number', parse, printedNumbers.map(numberCopy), confidence, second, now);
}

/**
 * The optional data's letters in doubt as the document number's are (numberCellsInDoubt): its check digit is as blind
 * to `U` for `0` and `G` for `6`, and the page prints no copy of it that docex reads.
 */
export function optionalDataCellsInDoubt(parse: Td3Parse, confidence: readonly number[] | undefined, second: readonly string[] | undefined, now: Date): number[] {
  return lookalikeCellsInDoubt('optional_data', parse, [], confidence, second, now);
}

/**
 * A checked alphanumeric field's doubted letters whose runner-up (the look-alike digit, or a letter alike to the
 * checks) holds every check as well.
 */
function lookalikeCellsInDoubt(
  field: 'document_number' | 'optional_data',
  parse: Td3Parse,
  printedCopies: readonly (string | null)[],
  confidence: readonly number[] | undefined,
  second: readonly string[] | undefined,
  now: Date,
): number[] {
  if (confidence === undefined || second === undefined || !parse.checks[field] || !parse.checks.composite) return [];
  const spec = td3Field(field);
  const line2 = parse.lines[1];
  const was = line2.slice(spec.start, spec.end);
  // A print copy spelled as read settles its letters, but not an O: OCR reads print's 0 among letters as O as well
  // (Argentina's ZZZ000110 under glare: the MRZ and the print both ZZZOO0110, every check holding either way).
  const spelledAsRead = printedCopies.some((copy) => copy === was);
  // An O among digits alone (`4OO8759211`) is doubted however sure the recogniser was: a face whose 0 is round reads
  // O at full confidence, and no check tells the field's O from its 0 where the swaps cancel.
  const oAmongDigits = /[0-9]/.test(was) && /^[0-9O<]+$/.test(was);
  // Likewise a U, G or L between two digits of the optional data, which no print copy settles: each is worth its
  // look-alike digit modulo 10 (30, 16, 21), and a face the recogniser never learnt reads its 0 as U surely.
  const invisibleBetweenDigits = (i: number): boolean =>
    field === 'optional_data' && invisibleLookalike[was[i]!] !== undefined && /[0-9]/.test(was[i - 1] ?? '') && /[0-9]/.test(was[i + 1] ?? '');
  const forced = (c: string, i: number): string | undefined =>
    c === 'O' && oAmongDigits ? '0' : invisibleBetweenDigits(i) ? invisibleLookalike[c] : undefined;
  const doubted = [...was]
    .map((c, i) => {
      const to = forced(c, i);
      return { cell: spec.start + i, to: to ?? second[spec.start + i] ?? '', always: to !== undefined };
    })
    .filter(
      ({ cell, to, always }) =>
        ((confidence[cell] ?? 1) < doubtedBelow || always) &&
        (letterForDigit(line2[cell]!, to) || lettersAlikeToChecks(line2[cell]!, to)) &&
        (!spelledAsRead || line2[cell] === 'O'),
    );
  const inDoubt = new Set<number>();
  const holds = (swaps: readonly { cell: number; to: string }[]): boolean => {
    const chars = [...line2];
    for (const { cell, to } of swaps) chars[cell] = to;
    const swapped = chars.join('');
    const other = parseTd3([parse.lines[0], swapped], { now });
    // As swapped: a field that holds only once the parser repairs it is not this one.
    return other.lines[1] === swapped && other.checks[field] && other.checks.composite;
  };
  for (let a = 0; a < doubted.length; a++) {
    for (let b = a; b < doubted.length; b++) {
      const swaps = a === b ? [doubted[a]!] : [doubted[a]!, doubted[b]!];
      if (holds(swaps)) for (const { cell } of swaps) inDoubt.add(cell);
    }
  }
  return [...inDoubt].sort((x, y) => x - y);
}

/** Line 2's fields the page prints a copy of, each with that copy as the MRZ writes it. */
const printedCopyOf = [
  { field: 'document_number', copy: (p: PrintedCopies) => numberCopy(p.passportNumber) },
  { field: 'date_of_birth', copy: (p: PrintedCopies) => dateCopy(p.dateOfBirth) },
  { field: 'expiry_date', copy: (p: PrintedCopies) => dateCopy(p.expiryDate) },
] as const;

/**
 * Cells of a check-digit repair that had a rival: the repaired cell put back as read, with one other cell the
 * recogniser doubted taking its runner-up, gives another line 2 that holds every check digit as read (dates real
 * dates). Both fixes mend the failing check and the composite alike (weights 7 and 3 cancel a 9 for a 6 beside a Z
 * for a 2), so the checks did not choose between them, a look-alike preference did. Fields whose printed copy, read,
 * spells them as repaired are settled.
 */
export function rivalRepairCells(
  parse: Td3Parse,
  printed: readonly (PrintedCopies | null | undefined)[],
  confidence: readonly number[] | undefined,
  second: readonly string[] | undefined,
  now: Date,
): number[] {
  const repaired = parse.repairs.filter((r) => r.line === 2 && r.reason === 'check_digit');
  if (confidence === undefined || second === undefined || !parse.valid || repaired.length === 0) return [];
  const line2 = parse.lines[1];
  const settled = new Set<number>();
  for (const { field, copy } of printedCopyOf) {
    const spec = td3Field(field);
    if (printed.some((p) => p != null && copy(p) === line2.slice(spec.start, spec.end))) {
      for (let i = spec.start; i < spec.end; i++) settled.add(i);
    }
  }
  const checked = [...new Set(td3Checks.flatMap(({ check }) => td3CheckCells(check)))].filter((cell) => !settled.has(cell));
  const runnersUp = checked
    .map((cell) => ({ cell, to: second[cell] ?? '' }))
    .filter(({ cell, to }) => (confidence[cell] ?? 1) < doubtedBelow && /^[A-Z0-9<]$/.test(to) && to !== line2[cell]);
  const inDoubt = new Set<number>();
  for (const repair of repaired) {
    const cell = repair.position - 1;
    if (settled.has(cell)) continue;
    for (const other of runnersUp) {
      if (other.cell === cell) continue;
      const chars = [...line2];
      chars[cell] = repair.from;
      chars[other.cell] = other.to;
      const rival = chars.join('');
      const parsed = parseTd3([parse.lines[0], rival], { now });
      // As swapped: a line that holds only once the parser repairs it again is not a rival.
      if (parsed.lines[1] === rival && parsed.valid) {
        inDoubt.add(cell);
        inDoubt.add(other.cell);
      }
    }
  }
  return [...inDoubt].sort((x, y) => x - y);
}

/**
 * A country code on no list is a misread, and no check digit covers it (FBA for FRA). Where the page prints that
 * field as a known code one letter from the MRZ's (under its label, else as the one such code printed anywhere on
 * the page), the print is the witness: the letter is taken, recorded. Two letters away, several candidates, or a
 * printed code on no list prove nothing, and the reading stays refused as it was.
 */
export function countriesFromPrint(
  parse: Td3Parse,
  printed: { readonly issuingState: string | null; readonly nationality: string | null; readonly countryCodes: readonly string[] },
  now: Date,
): Td3Parse {
  let current = parse;
  const mends: Td3Repair[] = [];
  for (const [field, code] of [['issuing_state', printed.issuingState], ['nationality', printed.nationality]] as const) {
    const spec = td3Field(field);
    const line = current.lines[spec.line];
    const was = line.slice(spec.start, spec.end);
    if (isKnownCountryField(was)) continue;
    const differences = (copy: string): number[] => [...copy].map((c, i) => (c === was[i] ? -1 : i)).filter((i) => i >= 0);
    const near = (code === null ? printed.countryCodes : [code])
      .map((c) => c.padEnd(3, '<'))
      .filter((copy) => copy.length === 3 && isKnownCountryField(copy) && differences(copy).length === 1);
    if (near.length !== 1) continue;
    const copy = near[0]!;
    const i = differences(copy)[0]!;
    const lines: [string, string] = [...current.lines];
    lines[spec.line] = line.slice(0, spec.start) + copy + line.slice(spec.end);
    current = parseTd3(lines, { now });
    mends.push({ field, line: spec.line === 0 ? 1 : 2, position: spec.start + i + 1, from: was[i]!, to: copy[i]!, reason: 'printed_page' });
  }
  return mends.length === 0 ? parse : { ...current, repairs: [...parse.repairs, ...mends] };
}

/**
 * A sex cell that holds no sex code (`7` for F) after the class repairs, with no check digit over it: the printed
 * page's sex, when the passes that read it agree (X, unspecified, is the MRZ's `<`). Recorded; without a printed
 * sex it stays unread, and the reading is not proven.
 */
export function sexFromPrint(parse: Td3Parse, printed: readonly (string | null | undefined)[], now: Date): Td3Parse {
  const spec = td3Field('sex');
  const was = parse.lines[spec.line][spec.start]!;
  if (parse.fields.sex.value !== null) return parse;
  const read = [...new Set(printed.filter((s): s is string => s === 'M' || s === 'F' || s === 'X'))];
  if (read.length !== 1) return parse;
  const to = mrzSex(read[0]!)!;
  const lines: [string, string] = [...parse.lines];
  lines[spec.line] = lines[spec.line].slice(0, spec.start) + to + lines[spec.line].slice(spec.end);
  const next = parseTd3(lines, { now });
  return { ...next, repairs: [...parse.repairs, { field: 'sex', line: 2, position: spec.start + 1, from: was, to, reason: 'printed_page' }] };
}

/**
 * Checked fields whose every check holds, but which the printed page, read alike by two OCR passes, gives otherwise,
 * the print's value holding the field's check digit and the composite as well (an expiry 131122 read for the printed
 * 28.11.2033, two digits that leave both checks as they were). Two self-consistent readings, one of them wrong: the
 * MRZ's stays the answer, and is not reported as proven.
 */
export function printConflicts(
  parse: Td3Parse,
  printed: PrintedCopies,
  secondReading: PrintedCopies | null,
  now: Date,
  confidence?: readonly number[],
): Td3CheckField[] {
  if (secondReading === null) return [];
  const out: Td3CheckField[] = [];
  const fields = [
    ['document_number', numberCopy(printed.passportNumber), numberCopy(secondReading.passportNumber)],
    ['date_of_birth', dateCopy(printed.dateOfBirth), dateCopy(secondReading.dateOfBirth)],
    ['expiry_date', dateCopy(printed.expiryDate), dateCopy(secondReading.expiryDate)],
  ] as const;
  for (const [field, copy, again] of fields) {
    if (copy === null || copy !== again || !parse.checks[field] || !parse.checks.composite) continue;
    const spec = td3Field(field);
    const line2 = parse.lines[1];
    const was = line2.slice(spec.start, spec.end);
    if (was === copy) continue;
    // The print's OCR reads a number's letters as the digits they look like (`254532658` for ZS4532658), where the
    // MRZ's recogniser was sure of them: that copy is no second reading of those cells.
    const sureLookalikes = [...copy].every(
      (c, i) => c === was[i] || ((apartInOcrB[was[i]!] === c || apartInOcrB[c] === was[i]) && (confidence?.[spec.start + i] ?? 0) >= doubtedBelow),
    );
    if (sureLookalikes) continue;
    const other = parseTd3([parse.lines[0], line2.slice(0, spec.start) + copy + line2.slice(spec.end)], { now });
    // As printed: a copy that holds only once the parser repairs it (74032108 to 74Q32108) is no second reading.
    const asPrinted = other.lines[1].slice(spec.start, spec.end) === copy;
    if (asPrinted && other.checks[field] && other.checks.composite) out.push(field);
  }
  return out;
}

type Td3CheckField = 'document_number' | 'date_of_birth' | 'expiry_date';
