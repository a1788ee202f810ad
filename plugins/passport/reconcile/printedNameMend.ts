/**
 * The MRZ name has no check digit: a letter the recogniser was unsure of is checked against the printed name.
 * Only where the printed line, transliterated as ICAO does, has exactly the MRZ's shape and differs from it in one
 * or two letters that the recogniser itself doubted, do those letters change; each change is recorded. Pure.
 */
import { nameWordRuns, printedAsMrz, thornReadAs } from '../viz/printedName.ts';
import { nameSeparatedTwice, parseTd3, type Td3Parse } from '../mrz/index.ts';
import { disputedConfidence } from '../../../core/mrz/readCellGrid.ts';
import type { Td3Repair } from '../mrz/repairTd3.ts';

/** MRZ letters read at least this sure are never overruled by the print (Tesseract misreads print too). */
const doubtfulBelow = 0.99;
/**
 * When two readings of the print (the sparse pass and the sharper re-read) give the same letters, the print
 * overrules MRZ letters up to this sureness: the recogniser has read a clear I as A at 0.995.
 */
const doubtfulBelowWhenCorroborated = 0.999;
const maxChanges = 2;

export interface PrintedNameTexts {
  readonly surname?: string | null | undefined;
  readonly givenNames?: string | null | undefined;
}

/** Other readings of the same printed lines, from another OCR pass. */
export interface OtherPrintedReadings {
  readonly surname: readonly string[];
  readonly givenNames: readonly string[];
}

const nameStart = 5;

/** Positions (0-based, line 1) and text of the surname and given-names parts of the MRZ name. */
function nameParts(line1: string): { surname: { start: number; text: string }; givenNames: { start: number; text: string } | null } {
  const name = line1.slice(nameStart);
  const cut = name.indexOf('<<');
  const surnameText = (cut < 0 ? name : name.slice(0, cut)).replace(/<+$/, '');
  if (cut < 0) return { surname: { start: nameStart, text: surnameText }, givenNames: null };
  const givenText = name.slice(cut + 2).replace(/<+$/, '');
  return { surname: { start: nameStart, text: surnameText }, givenNames: givenText === '' ? null : { start: nameStart + cut + 2, text: givenText } };
}

/**
 * Every letter cell of a line 1 name that separates its parts twice (`EL<<SAYED<<AHMED`): ICAO 9303 writes one `<<`,
 * between the surname and the given names, so a second before more letters is a misread filler or letter that may lie
 * on either side: neither part, nor where one ends, is read.
 */
export function brokenNameCells(line1: string): number[] {
  if (!nameSeparatedTwice(line1)) return [];
  return [...line1.slice(nameStart)].flatMap((c, i) => (/[A-Z]/.test(c) ? [nameStart + i] : []));
}

/** A phrase of the print and the same joined with the row printed right under it (a name on two lines). */
export interface StackedReading {
  readonly first: string;
  readonly joined: string;
}

/** A phrase of the print and the one printed next under it, starting at its column. */
export interface RowPair {
  readonly upper: string;
  readonly lower: string;
}

export function mendNameFromPrint(
  parse: Td3Parse,
  line1Confidence: readonly number[],
  printed: PrintedNameTexts,
  options: {
    now: Date;
    otherReadings?: OtherPrintedReadings;
    line1Second?: readonly (string | undefined)[];
    /** Phrases of the print with the row under them: a name part's reading goes on there when it is short of the MRZ's. */
    stacked?: readonly StackedReading[];
    /**
     * Unlabelled phrases of the print with the one printed next under them at their column: the surname and the given
     * names, where OCR read neither's label.
     */
    rowPairs?: readonly RowPair[];
    /** Line 1's cells glare washed out: the washed-cell rule (washedCells.ts) fills those, not the disputed-cell one. */
    line1Washed?: readonly boolean[];
    /**
     * Line 1's letters the MRZ's three classifiers read alike, the CNN surely (readCellGrid's `unanimous` at sureCell or
     * more): never overruled by the print.
     */
    line1Unanimous?: readonly boolean[];
  },
): Td3Parse {
  const moved = surnameEndMoved(parse, printed, options.now);
  if (moved !== null) return mendNameFromPrint(moved, line1Confidence, printed, options);
  const chars = [...parse.lines[0]];
  const mends: Td3Repair[] = [];
  const parts = nameParts(parse.lines[0]);
  const others = options.otherReadings ?? { surname: [], givenNames: [] };
  // The other readings of the print, each aligned with its MRZ part once (null where it aligns nowhere).
  const aligned = (part: { text: string } | null, texts: readonly string[]): (PrintDifference[] | null)[] =>
    part === null ? [] : texts.map((other) => alignPrintToMrz(printedAsMrz(other), part.text));
  const otherSurnames = aligned(parts.surname, others.surname);
  const otherGivenNames = aligned(parts.givenNames, others.givenNames);
  // Cells where another reading of the print has the MRZ's own letter: there the print's readings disagree, and
  // neither overrules the MRZ (a serif O re-read as `RAQ`, read `RAO` by the sparse pass). Nor does the print overrule
  // a letter all three classifiers read, the CNN surely: on soft copies of pages never tuned on, 4,632 of 4,633 such
  // letters were right, and Tesseract misreads soft print more often than that (H read W, against a unanimous H).
  const held = new Set<number>((options.line1Unanimous ?? []).flatMap((unanimous, i) => (unanimous ? [i] : [])));
  for (const [part, alignedOthers] of [
    [parts.surname, otherSurnames],
    [parts.givenNames, otherGivenNames],
  ] as const) {
    for (const diffs of alignedOthers) {
      if (part === null || diffs === null) continue;
      for (let i = 0; i < part.text.length; i++) if (!diffs.some((d) => d.at === i)) held.add(part.start + i);
    }
  }
  const washed = options.line1Washed ?? [];
  for (const [part, text, alignedOthers] of [
    [parts.surname, printed.surname, otherSurnames],
    [parts.givenNames, printed.givenNames, otherGivenNames],
  ] as const) {
    if (part === null || text == null) continue;
    // The reading whole, else without stray words at its ends: the longest that aligns with the MRZ's part.
    const runs = nameWordRuns(text)
      .map((run) => printedAsMrz(run.text))
      .filter((tr) => /^[A-Z<]+$/.test(tr));
    // Failing that, a reading that is the first row of a name on two rows, with the row under it: the MRZ's part has
    // more words than the reading, and the print goes on below (two surnames, a long name wrapped).
    const goingOn = (options.stacked ?? [])
      .filter((s) => runs.includes(printedAsMrz(s.first)) && part.text.startsWith(`${printedAsMrz(s.first)}<`))
      .map((s) => printedAsMrz(s.joined));
    const diffs = [...runs, ...goingOn].map((tr) => alignPrintToMrz(tr, part.text)).find((d) => d !== null);
    if (diffs === undefined || diffs === null || diffs.length === 0) continue;
    const corroborated = alignedOthers.some((other) => agreesWith(other, diffs));
    const threshold = corroborated ? doubtfulBelowWhenCorroborated : doubtfulBelow;
    const confidenceAt = (d: PrintDifference): number => line1Confidence[part.start + d.at] ?? 1;
    const witnessed = (d: PrintDifference): boolean => corroborated || hesitatedOn(part.start + d.at, d.to, line1Confidence, options.line1Second, diffs.length > maxChanges);
    // More than two letters change only where the MRZ's two classifiers disagreed on every one of them: the MRZ has no
    // reading there to defend, and the print, aligned letter for letter with the rest, is the other witness.
    // Never over cells glare washed out: those are the washed-cell rule's (washedCells.ts), as in wholeNameMends.
    const fewOrDisputed =
      diffs.length <= maxChanges || diffs.every((d) => confidenceAt(d) <= disputedConfidence && washed[part.start + d.at] !== true);
    const allowed =
      fewOrDisputed &&
      diffs.every(
        (d) =>
          d.to !== '<' &&
          part.text[d.at] !== '<' &&
          confidenceAt(d) < threshold &&
          witnessed(d) &&
          !held.has(part.start + d.at) &&
          !doubtOnlyOfDigit(part.text[d.at], options.line1Second?.[part.start + d.at]),
      );
    if (!allowed) continue;
    for (const d of diffs) {
      mends.push({ field: 'name', line: 1, position: part.start + d.at + 1, from: part.text[d.at]!, to: d.to, reason: 'printed_page' });
      chars[part.start + d.at] = d.to;
    }
  }
  if (mends.length === 0) mends.push(...wholeNameMends(chars, line1Confidence, printed, others, options.line1Second, held, washed));
  // Names read under no label: a phrase and the one under it, as surname and given names, settle the same doubted
  // letters (a K read as a filler moves where the surname ends, so no part's reading aligns with the MRZ's).
  if (mends.length === 0 && (printed.surname == null || printed.givenNames == null)) {
    for (const pair of options.rowPairs ?? []) {
      mends.push(...wholeNameMends(chars, line1Confidence, { surname: pair.upper, givenNames: pair.lower }, others, options.line1Second, held, washed));
      if (mends.length > 0) break;
    }
  }
  if (mends.length === 0) return parse;
  const reparsed = parseTd3([chars.join(''), parse.lines[1]], { now: options.now });
  return { ...reparsed, repairs: [...parse.repairs, ...mends] };
}

/** Letters of the print past the mended filler that must spell the MRZ's on: the rest of a word, not a stray letter. */
const movedEndWitness = 4;

/**
 * A letter read as a filler beside the surname's end ends the surname early (`KOWALCZYK<KOWALCZY<<KOWALCZYK<<…` for
 * KOWALCZYK<KOWALCZYK<KOWALCZYK<<…, a K read `<` at 0.999): no printed part reconciles with the MRZ's then, so no
 * cell is disputed. The print, read under both labels, says where the surname ends: where its surname spells the
 * MRZ's field letter for letter but for a letter at the separator's first filler, and goes on spelling the field past
 * it, while its given names are what the MRZ's given names then become, that filler is the print's letter.
 */
function surnameEndMoved(parse: Td3Parse, printed: PrintedNameTexts, now: Date): Td3Parse | null {
  if (printed.surname == null || printed.givenNames == null) return null;
  const line1 = parse.lines[0];
  const parts = nameParts(line1);
  if (parts.givenNames === null) return null;
  const surname = printedAsMrz(printed.surname);
  const at = parts.surname.text.length;
  const field = line1.slice(nameStart);
  if (!/^[A-Z<]+$/.test(surname) || surname.length < at + 1 + movedEndWitness || field[at] !== '<' || !/[A-Z]/.test(surname[at]!)) return null;
  if (surname.slice(0, at) !== field.slice(0, at) || surname.slice(at + 1) !== field.slice(at + 1, surname.length)) return null;
  const chars = [...line1];
  chars[nameStart + at] = surname[at]!;
  const reparsed = parseTd3([chars.join(''), parse.lines[1]], { now });
  const given = nameParts(reparsed.lines[0]).givenNames;
  const printedGiven = printedAsMrz(printed.givenNames);
  // The given names so moved must be the print's: whole, or their start where the MRZ cut them at the line's end.
  const cutAtEnd = /[A-Z]$/.test(reparsed.lines[0]);
  if (given === null || !(printedGiven === given.text || (cutAtEnd && printedGiven.startsWith(given.text)))) return null;
  const mend: Td3Repair = { field: 'name', line: 1, position: nameStart + at + 1, from: '<', to: surname[at]!, reason: 'printed_page' };
  return { ...reparsed, repairs: [...parse.repairs, mend] };
}

/**
 * Whether the MRZ's recogniser itself hesitated towards the printed letter at a cell: the letter is its runner-up
 * (where its two classifiers disagreed, the other one's reading), or, in a run of more letters than one reading may
 * change (`many`: the print aligned letter for letter with the rest), its two classifiers disagreed there. One reading
 * of the print is Tesseract's guess as much as the MRZ's is the recogniser's: on a blurred page it reads SARAH as
 * SAMAM, and OĞUZ as OĞHZ where the classifiers said U and J; it overrules an MRZ letter only where the MRZ leaned its
 * way. Without runners-up to judge by, any doubted letter may change.
 */
function hesitatedOn(
  cell: number,
  printedLetter: string,
  line1Confidence: readonly number[],
  line1Second: readonly (string | undefined)[] | undefined,
  many: boolean,
): boolean {
  if (line1Second === undefined) return true;
  return (many && (line1Confidence[cell] ?? 1) <= disputedConfidence) || lettersFor(line1Second[cell] ?? '').includes(printedLetter);
}

/** Whether the print's letter may overrule a line-1 name cell: the recogniser doubted the cell and leaned its way. */
export function printMayOverrule(cell: number, printedLetter: string, line1Confidence: readonly number[], line1Second: readonly (string | undefined)[] | undefined): boolean {
  return (line1Confidence[cell] ?? 1) < doubtfulBelow && hesitatedOn(cell, printedLetter, line1Confidence, line1Second, false);
}

/** The letters a digit read in a name can stand for (OCR-B look-alikes). */
const letterLookAlikes: Readonly<Record<string, readonly string[]>> = { 0: ['O', 'D', 'Q'], 1: ['I'], 2: ['Z'], 5: ['S'], 6: ['G'], 8: ['B'] };

/**
 * Whether `letter` is the one OCR-B draws `digit` like (its first look-alike), where no other letter shares the
 * digit's shape when soft: not the 8, whose bowls soft B, R and A share.
 */
const twinOfDigit = (digit: string, letter: string): boolean => digit !== '8' && letterLookAlikes[digit]?.[0] === letter;

/** The letters an MRZ reading of a name cell can stand for: a letter itself, a digit its look-alikes. */
function lettersFor(read: string): readonly string[] {
  return /^[A-Z]$/.test(read) ? [read] : (letterLookAlikes[read] ?? []);
}

/**
 * Whether the recogniser's doubt at a name cell was only between the letter it read and the digit drawn like it (O
 * and 0): a name holds no digits, so the field's class settles that doubt, and the print has none to settle there
 * (Tesseract reads a textured O as Q, twice alike). doubtedNameCells counts no such doubt either.
 */
function doubtOnlyOfDigit(read: string | undefined, second: string | undefined): boolean {
  // A digit's first look-alike is the letter OCR-B draws it like (0 and O, 8 and B).
  return read !== undefined && second !== undefined && letterLookAlikes[second]?.[0] === read;
}

/** A letter the print would change in the MRZ: its index in the name part and the printed letter. */
export interface PrintDifference {
  readonly at: number;
  readonly to: string;
}

/**
 * OCR of the print often drops the marks that make two MRZ letters of one printed one (Ö, Ü, Ä, Å read as O, U, A):
 * such a letter may stand for itself followed by this second letter in the MRZ.
 */
export const droppedMarkSecond: Readonly<Record<string, string>> = { A: 'EA', O: 'E', U: 'E' };

/**
 * The printed name part (in MRZ letters) aligned with the MRZ's, letter for letter, except that a printed A, O or U
 * may cover two MRZ cells whose second is the E (or A) its dropped mark made: the fewest differing letters, then the
 * fewest such pairs. The differences, or null when no alignment spans both (a letter lost or gained). With
 * `splitWords`, a filler the print has inside an MRZ word (OCR split `KON STANTINOPOLSKA`) is passed over, for
 * witnessing letters only: it changes no letter either side.
 */
export function alignPrintToMrz(print: string, mrz: string, splitWords = false): PrintDifference[] | null {
  // The best alignment of print[i..] with mrz[j..]: its cost as [differences, pairs], and its differences.
  const memo = new Map<number, { cost: [number, number]; diffs: PrintDifference[] } | null>();
  const solve = (i: number, j: number): { cost: [number, number]; diffs: PrintDifference[] } | null => {
    if (i === print.length || j === mrz.length) return i === print.length && j === mrz.length ? { cost: [0, 0], diffs: [] } : null;
    const key = i * (mrz.length + 1) + j;
    if (memo.has(key)) return memo.get(key)!;
    const p = print[i]!;
    const here = p === mrz[j] ? [] : [{ at: j, to: p }];
    const options: { cost: [number, number]; diffs: PrintDifference[] }[] = [];
    const single = solve(i + 1, j + 1);
    if (single !== null) options.push({ cost: [single.cost[0] + here.length, single.cost[1]], diffs: [...here, ...single.diffs] });
    // The pair's second cell must be read as the mark makes it. Its first may be misread (the printed letter mends
    // it) only before an E: an A over a misread letter and an A would pass for a printed name that lost a letter.
    const second = mrz[j + 1] ?? '-';
    if ((droppedMarkSecond[p] ?? '').includes(second) && (here.length === 0 || second === 'E')) {
      const pair = solve(i + 1, j + 2);
      if (pair !== null) options.push({ cost: [pair.cost[0] + here.length, pair.cost[1] + 1], diffs: [...here, ...pair.diffs] });
    }
    if (splitWords && p === '<' && j > 0 && mrz[j] !== '<' && mrz[j - 1] !== '<') {
      const split = solve(i + 1, j);
      if (split !== null) options.push({ cost: [split.cost[0], split.cost[1] + 1], diffs: split.diffs });
    }
    options.sort((a, b) => a.cost[0] - b.cost[0] || a.cost[1] - b.cost[1]);
    const best = options[0] ?? null;
    memo.set(key, best);
    return best;
  };
  return solve(0, 0)?.diffs ?? null;
}

/**
 * Whether another reading of the print corroborates the changes: aligned with the MRZ, it would make the same letter
 * at each of them. It may differ elsewhere (`GERNY` for `ČERNÝ`, its caron read into the letter), but not there.
 */
function agreesWith(other: readonly PrintDifference[] | null, diffs: readonly PrintDifference[]): boolean {
  return other !== null && diffs.every((d) => other.some((o) => o.at === d.at && o.to === d.to));
}

/**
 * The whole name field against the printed surname and given names as ICAO writes them (`SURNAME<<GIVEN<NAMES`,
 * padded with `<`), when both were read: this also mends a letter the MRZ read as a filler (`MARQUE<<<JOAQUIN` for
 * `MARQUEZ<<JOAQUIN`), which shifts the part boundaries, and a name cut at the line's end. As for one part, the
 * letters that change must be ones the recogniser doubted (< 0.99), or, where another reading of the print agrees
 * there, not all but sure (< 0.999). A print that lost or gained a letter shifts every letter after it: more than
 * two differences, no change. Edits `chars`.
 */
function wholeNameMends(
  chars: string[],
  line1Confidence: readonly number[],
  printed: PrintedNameTexts,
  others: OtherPrintedReadings,
  line1Second: readonly (string | undefined)[] | undefined,
  /** Line 1's cells another reading of the print has as the MRZ does, or the classifiers read unanimously: never changed. */
  held: ReadonlySet<number>,
  washed: readonly boolean[],
): Td3Repair[] {
  if (printed.surname == null || printed.givenNames == null) return [];
  const surname = printedAsMrz(printed.surname);
  const given = printedAsMrz(printed.givenNames);
  const expected = `${surname}<<${given}`;
  const field = chars.slice(nameStart).join('');
  if (!/^[A-Z<]+$/.test(expected)) return [];
  // A name longer than the field is cut at its end (given names last); a shorter one is padded.
  const inField = (name: string): string => name.slice(0, field.length).padEnd(field.length, '<');
  const padded = inField(expected);
  const diffs: number[] = [];
  for (let i = 0; i < field.length; i++) if (padded[i] !== field[i]) diffs.push(i);
  // Another reading corroborates only with parts as long as these: padding would hide a letter it lost.
  const agreed = others.surname.some((s) =>
    others.givenNames.some(
      (g) =>
        printedAsMrz(s).length === surname.length &&
        printedAsMrz(g).length === given.length &&
        diffs.every((i) => inField(`${printedAsMrz(s)}<<${printedAsMrz(g)}`)[i] === padded[i]),
    ),
  );
  const threshold = agreed ? doubtfulBelowWhenCorroborated : doubtfulBelow;
  // A print shorter than the MRZ's name more often lost its last letters than the MRZ read letters into its fillers:
  // a letter becomes a filler only where the recogniser's own runner-up there was the filler, however often read.
  const cutsLetter = (i: number): boolean => padded[i] === '<' && field[i] !== '<' && line1Second !== undefined && line1Second[nameStart + i] !== '<';
  // As for one part: more than two only where the MRZ's two classifiers disagreed on every one (a photo's cells
  // sampled a letter off along ZIMMERMANN, read ZIMMERANN<).
  const fewOrDisputed =
    diffs.length <= maxChanges || diffs.every((i) => (line1Confidence[nameStart + i] ?? 1) <= disputedConfidence && washed[nameStart + i] !== true);
  const allowed =
    diffs.length > 0 &&
    fewOrDisputed &&
    diffs.every(
      (i) =>
        !cutsLetter(i) &&
        !held.has(nameStart + i) &&
        !doubtOnlyOfDigit(field[i], line1Second?.[nameStart + i]) &&
        (line1Confidence[nameStart + i] ?? 1) < threshold &&
        (agreed || hesitatedOn(nameStart + i, padded[i]!, line1Confidence, line1Second, diffs.length > maxChanges)),
    );
  if (!allowed) return [];
  return diffs.map((i) => {
    const mend: Td3Repair = { field: 'name', line: 1, position: nameStart + i + 1, from: field[i]!, to: padded[i]!, reason: 'printed_page' };
    chars[nameStart + i] = padded[i]!;
    return mend;
  });
}

/** The letters OCR reads Þ as (thornReadAs), in either case. */
const thornLetters = new RegExp(`[${thornReadAs.join('')}]`, 'giu');

/**
 * Name cells of line 1 (0-based) the MRZ's two classifiers disagreed on that nothing settles: not mended from the
 * print, no reading of it that aligns with the MRZ's name part has the MRZ's letter there, and the other reading was
 * not a digit (a name holds letters only); and letters read unsure (under 0.99) that every aligned reading of the
 * print has otherwise. The name has no check digit, so these are the letters a reading may have wrong however its
 * check digits hold.
 */
export function doubtedNameCells(
  parse: Td3Parse,
  line1Confidence: readonly number[],
  readings: OtherPrintedReadings,
  line1Second: readonly string[] = [],
  /** Line 1's cells glare washed out: the washed-cell rule (washedCells.ts) judges those. */
  line1Washed: readonly boolean[] = [],
  /** An Icelandic document: OCR reads Þ, which the MRZ writes TH, as P or B (thornReadAs). */
  thorn = false,
  /** Line 1's cells the three classifiers read alike, the CNN surely: the print does not doubt them (mendNameFromPrint). */
  line1Unanimous: readonly boolean[] = [],
): number[] {
  const parts = nameParts(parse.lines[0]);
  // Settled: mended from the print, or a dispute the name's letters-only class decides: the letters each classifier's
  // reading can stand for (a digit its look-alikes: 5 for S, 0 for O, D or Q) meet in the one letter the line holds.
  // 0 against O is settled; 0 against D, or 5 against K, is not.
  const mended = new Set(parse.repairs.filter((r) => r.field === 'name' && r.reason === 'printed_page').map((r) => r.position - 1));
  const line = parse.lines[0];
  for (let i = 0; i < line.length; i++) {
    const other = line1Second[i] ?? '';
    const repaired = parse.repairs.find((r) => r.field === 'name' && r.reason === 'character_class' && r.position - 1 === i);
    const own = repaired?.from ?? line[i] ?? '';
    const both = lettersFor(own).filter((c) => lettersFor(other).includes(c));
    // A digit the recogniser read is settled only by its one twin letter: a runner-up among its looser look-alikes is
    // a guess (an O read 0 had D or Q second), and an 8's bowls are soft B's, R's and A's alike.
    if (both.length === 1 && both[0] === line[i] && (/^[A-Z]$/.test(own) || twinOfDigit(own, other))) mended.add(i);
  }
  const doubted: number[] = [];
  // Cells just past a name part that a reading of the print spells letter for letter: the print says the name ends
  // there (see the fillers below).
  const endsSpelled = new Set<number>();
  // Cells a reading of the print spells exactly, fillers between its words among them: a separator printed there.
  const spelledCells = new Set<number>();
  for (const [part, texts] of [
    [parts.surname, readings.surname],
    [parts.givenNames, readings.givenNames],
  ] as const) {
    if (part === null) continue;
    // Every reading, whole and without words at its ends, as the MRZ writes it; on an Icelandic document, also with its
    // Ps and Bs read as the Þ OCR has no class for (`POR` for ÞÓR), which can only witness cells the MRZ has as TH.
    // Kept per reading: a unanimous letter is doubted only by two readings (below).
    const spelledPerReading = texts.map((t) => {
      const asRead = nameWordRuns(t).map((run) => run.text);
      const withThorn = thorn ? asRead.map((r) => r.replace(thornLetters, 'Þ')).filter((r) => !asRead.includes(r)) : [];
      return [...asRead, ...withThorn].map(printedAsMrz);
    });
    const spelled = spelledPerReading.flat();
    const end = part.start + part.text.length;
    // A part running to the line's end may be cut there: the print's start is what the MRZ holds. So may one ending a
    // cell short of it, the last cell a filler: the MRZ cut the name at a word's end (parseTd3's name_truncated).
    const cut = end >= line.length - 1;
    const alignedPerReading = spelledPerReading.map((runs) =>
      runs.map((run) => alignedPrint(run, part.text, cut)).filter((d): d is PrintDifference[] => d !== null),
    );
    const aligned = alignedPerReading.flat();
    // The print ends the part there where a reading spells it, or has its letters' count with one misread among them
    // (`SDECIMEN`): aligned letter for letter, it neither lost nor gained one.
    if (part.text !== '' && end < line.length && (spelled.includes(part.text) || (!cut && aligned.some((diffs) => diffs.length <= 1)))) endsSpelled.add(end);
    // A reading that lost a letter at an end (`PECIMEN`, its crop started late) aligns nowhere, yet where it spells a
    // run of the part's letters exactly (four at least, half the part) it witnesses each of them.
    const runs = spelled
      .filter((run) => run.length >= Math.max(4, part.text.length / 2) && part.text.includes(run))
      .map((run) => ({ from: part.text.indexOf(run), to: part.text.indexOf(run) + run.length }));
    // Nor does one that gained a letter in one word (`JI-WO00 YUKI`, OCR's extra zero): where it has the part's
    // words, each it spells exactly witnesses its letters.
    const words = part.text.split('<');
    const starts = words.map((_, k) => words.slice(0, k).join('<').length + (k === 0 ? 0 : 1));
    // Nor one that ran two words together or parted one (`ALIHAMAD ABDULLAH`): where it spells the part's letters
    // exactly, its separators aside, it witnesses every word's letters, though none of the fillers between them.
    const letters = (t: string): string => t.replace(/</g, '');
    for (const reading of spelled) {
      const read = reading.split('<');
      const allLetters = letters(reading) === letters(part.text);
      if (!allLetters && read.length !== words.length) continue;
      for (const [k, word] of words.entries()) if (word !== '' && (allLetters || read[k] === word)) runs.push({ from: starts[k]!, to: starts[k]! + word.length });
    }
    for (const r of runs) for (let i = r.from; i < r.to; i++) spelledCells.add(part.start + i);
    for (let i = 0; i < part.text.length; i++) {
      const cell = part.start + i;
      const confidence = line1Confidence[cell] ?? 1;
      if (part.text[i] === '<' || mended.has(cell) || runs.some((r) => i >= r.from && i < r.to)) continue;
      // A reading that puts this cell's letter where the recogniser read another letter sure makes that letter of
      // other shapes (a blurred H and M both read N): its letter here witnesses nothing.
      const misreads = (d: PrintDifference): boolean => d.to === part.text[i] && (line1Confidence[part.start + d.at] ?? 1) >= doubtfulBelow;
      const agreeing = aligned.some((diffs) => diffs.every((d) => d.at !== i && !misreads(d)));
      // A letter the three classifiers read alike the print does not overrule (mendNameFromPrint), yet where two
      // readings of the print, and every one that aligns, have another letter there, it is no longer sure: glare can
      // lead all three astray alike (BENJAMIN's I read M). Under the sureness the print may overrule when corroborated.
      if (line1Unanimous[cell] === true) {
        const against = alignedPerReading.filter((a) => a.length > 0 && a.every((diffs) => diffs.some((d) => d.at === i)));
        if (confidence < doubtfulBelowWhenCorroborated && against.length >= 2 && !agreeing) doubted.push(cell);
        continue;
      }
      if (confidence >= doubtfulBelow) continue;
      // Disputed by the classifiers: in doubt unless the print has the letter. Merely unsure: in doubt where the print,
      // read, has another letter there in every reading that aligns (TOBOR for a printed TOBON, R read at 0.91).
      if (!agreeing && (confidence <= disputedConfidence || aligned.length > 0)) doubted.push(cell);
    }
  }
  // A filler that one classifier read where the other read a letter: where a name part ends, and which words it
  // has, hang on it (KOWALCZY<<KOWALCZYK for KOWALCZYK<KOWALCZYK), and no reading of the print is aligned across it,
  // unless a reading spells the part it ends letter for letter: the print says the name ends there. Nor one between
  // two words of a part that a reading spells with them (AL<KAABI read `AL-KAABI`, the filler disputed by a W).
  // Nor one in the padding: ICAO writes no three fillers in a row inside a name, so past three read sure every cell is
  // a filler, whatever a classifier took for a letter in the texture there.
  const sure = (i: number): boolean => line[i] === '<' && (line1Confidence[i] ?? 1) > disputedConfidence && line1Washed[i] !== true;
  let padding = line.length;
  for (let i = nameStart; i + 2 < line.length; i++) {
    if (sure(i) && sure(i + 1) && sure(i + 2)) {
      padding = i + 3;
      break;
    }
  }
  for (let i = nameStart; i < padding; i++) {
    const disputed = (line1Confidence[i] ?? 1) <= disputedConfidence;
    const judged = mended.has(i) || line1Washed[i] === true || doubted.includes(i) || endsSpelled.has(i) || spelledCells.has(i);
    if (line[i] === '<' && disputed && /^[A-Z]$/.test(line1Second[i] ?? '') && !judged) doubted.push(i);
  }
  return doubted.sort((a, b) => a - b);
}

/**
 * The print aligned with an MRZ name part, or, when the MRZ may have cut the name, the start of it that aligns with
 * the fewest differences (the longer on a tie): letters for letters, any start aligns, and one a few letters too long
 * for marks the MRZ writes as two (`MULLER` for MUELLER) differs everywhere after them.
 */
function alignedPrint(print: string, mrzPart: string, cut: boolean): PrintDifference[] | null {
  if (!cut) return alignPrintToMrz(print, mrzPart, true);
  let best: PrintDifference[] | null = null;
  // A filler the print has inside a word covers no MRZ cell: the start may run that much longer.
  const split = [...print].filter((c) => c === '<').length;
  for (let n = Math.min(print.length, mrzPart.length + split); n >= Math.ceil(mrzPart.length / 2); n--) {
    const diffs = alignPrintToMrz(print.slice(0, n), mrzPart, true);
    if (diffs !== null && (best === null || diffs.length < best.length)) best = diffs;
  }
  return best;
}

