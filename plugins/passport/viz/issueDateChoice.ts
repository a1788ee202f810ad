/**
 * Chooses the date of issue among the dates read on the printed page, with the MRZ's help: the issue date lies
 * between birth and expiry, usually 10 (or 5) years minus a day before expiry. That rule picks among candidates
 * and repairs one misread digit of a printed date (two look-alike digits of one that is no date, or the last digit of a
 * labelled year that lost it); it never produces a date nobody printed.
 */
import type { BoundingBox } from '../../../core/ocr/types.ts';
import { isoOf, onlyOnRule, resolveTwoDigitYear, type PrintedDate } from './printedDate.ts';
import { shiftIsoDate } from '../../../core/mrz/mrzDate.ts';

export interface IssueDateCandidate {
  readonly date: PrintedDate;
  /** Read under or beside a "Date of issue" label (vs. anywhere on the page). */
  readonly labelled: boolean;
  /** Where the text the date was read in lies, in the pixels of the OCR pass (for the field's geometry). */
  readonly bbox?: BoundingBox;
  /**
   * Read only from phrases OCR split along a row, joined (vizLayout's rowRuns): whether they are one date's parts is
   * a guess, so it is taken only where it is exactly the 5/10-year rule's date.
   */
  readonly joined?: boolean;
}

export interface IssueDateChoice {
  readonly iso: string;
  readonly confidence: number;
  /**
   * Set when one digit was repaired: the printed digits and what they became; `years` when the year was mended to a
   * whole number of years before the expiry other than the 5/10-year rule's (wholeYearsMend).
   */
  readonly repair: { readonly from: string; readonly to: string; readonly years?: number } | null;
  /** True when the date follows the 5/10-years-minus-a-day rule (or its exact-years variant). */
  readonly typical: boolean;
  /** Where the chosen date was read (its candidate's box), when known. */
  readonly bbox?: BoundingBox;
  /**
   * What made it the date of issue: its label, the 5/10-year rule, a one-digit repair towards that rule (of a date
   * read under its label, or of one read without: weak), or being the page's only date besides birth and expiry (the
   * weakest: another reading with a label or the rule outranks it).
   */
  readonly basis: 'label' | 'typical' | 'repair' | 'unlabelled_repair' | 'only_other_date';
}

/** A choice another pass's label or rule date outranks: the page's sole other date, or a date read unlabelled and repaired. */
export function weakIssueDate(choice: IssueDateChoice): boolean {
  return choice.basis === 'only_other_date' || choice.basis === 'unlabelled_repair';
}

/**
 * Whether the personalised-ink pass's date of issue is taken: read as printed, or mended one digit towards the
 * 5/10-year rule's date. A last-resort reading mended towards any of ten whole years before the expiry lands on one
 * by chance too often (`01.11.2077` made 2017 for a six-year passport issued 2014: two digits were misread).
 */
export function inkDateTaken(choice: IssueDateChoice | null | undefined): choice is IssueDateChoice {
  return choice != null && choice.repair?.years === undefined;
}

/**
 * A date read by its label that is not what the 5/10-year rule expects: an atypical passport, or a misread (`18.05.2015`
 * for 15.05.2015, `28012024` for the expiry beside the label), which a second reading of the print settles.
 */
export function offRule(choice: IssueDateChoice | null | undefined, expiryIso: string | null): boolean {
  return choice != null && !choice.typical && choice.basis === 'label' && expiryIso !== null;
}

/**
 * The passes' dates of issue, each labelled one off the 5/10-year rule replaced by another pass's that read the rule's
 * date itself: by its label, or one character away. Two readings of one print disagree, and a misreading lands on
 * exactly the rule's date far less often than it lands off it (`28012024`, the expiry beside the issue label, against
 * `28 JUL 2019` read sharper): the second reading of the print, not the rule alone, settles it.
 */
export function settleAtypical(passes: readonly (IssueDateChoice | null | undefined)[]): (IssueDateChoice | null | undefined)[] {
  const confirms = (other: IssueDateChoice | null | undefined, atypical: IssueDateChoice): boolean =>
    other != null && other.typical && other.repair === null && (other.basis === 'label' || hamming(other.iso, atypical.iso) === 1);
  return passes.map((c) => (c != null && c.basis === 'label' && !c.typical ? (passes.find((o) => confirms(o, c)) ?? c) : c));
}

/** A pass's date of issue, and the 5/10-year rule's dates it read anywhere on the page (its own among them). */
export interface IssueDateReading {
  readonly choice: IssueDateChoice | null;
  readonly ruleDates: readonly string[];
}

/**
 * Whether the passes read two of the 5/10-year rule's dates, in one pass or across them (`18.11.2014` and `19.11.2014`
 * for an expiry of 18 NOV 2024: the rule's exact-years date and the one less a day; `01.07.2004` beside `01.07.2009`,
 * an expiry of 01.07.2014 misread). A look-alike digit moves a date from one of the rule's dates to another, so the
 * rule cannot say which was printed.
 */
export function rivalRuleDates(passes: readonly (IssueDateReading | null | undefined)[]): boolean {
  // A choice repaired onto the rule was read as no rule date (the expiry's `02.00.2028` made 02.09.2020): no rival.
  const asRead = (c: IssueDateChoice | null | undefined): boolean => c?.typical === true && c.repair === null;
  const read = new Set(passes.flatMap((p) => [...(p?.ruleDates ?? []), ...(asRead(p?.choice) ? [p!.choice!.iso] : [])]));
  return read.size > 1;
}

/** The typical issue dates for an expiry: 10 and 5 years before, minus a day, and the exact-years variants. */
export function typicalIssueDates(expiryIso: string): string[] {
  return [shiftIsoDate(expiryIso, -10, 1), shiftIsoDate(expiryIso, -5, 1), shiftIsoDate(expiryIso, -10, 0), shiftIsoDate(expiryIso, -5, 0)];
}

function digitsLike(iso: string, yearDigits: 2 | 4): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  return `${d}${m}${yearDigits === 4 ? y : y.slice(2)}`;
}

/** The day's and (all-digit) month's printed widths, from the date's shape (`2-2-4`, `1-w-4`). */
function widths(date: PrintedDate): { day: number; month: number | null } {
  const [day, month] = date.shape.split('-');
  return { day: Number(day), month: month === 'w' || month === undefined ? null : Number(month) };
}

/** Printed with a leading zero: a day or all-digit month below 10 in two digits. */
function padded(date: PrintedDate): boolean {
  const w = widths(date);
  return (date.day < 10 && w.day === 2) || (date.month < 10 && w.month === 2);
}

/** A day or all-digit month printed in one digit. */
function cut(date: PrintedDate): boolean {
  const w = widths(date);
  return w.day === 1 || w.month === 1;
}

/**
 * A part read in one digit that may have lost a digit other than its leading zero: a month read `4` can only be 04 (no
 * month is 14 or 40), while a `1` may be 10, 11 or 12, and a day's digit a day of the teens, twenties or thirties.
 */
function cutAmbiguously(date: PrintedDate): boolean {
  const w = widths(date);
  return w.day === 1 || (w.month === 1 && date.month < 3);
}

/** Digits OCR reads one for the other: round shapes with their counters crossed or filled, and 1 for 7. */
const lookalikeDigits = new Set(['06', '08', '09', '38', '56', '58', '68', '89', '17']);

/** Positions at which two digit strings differ, when every difference is a look-alike pair; else infinity. */
function lookalikeDigitsApart(a: string, b: string, alsoAlike: ReadonlySet<string> = new Set()): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    const pair = [a[i], b[i]].sort().join('');
    if (!lookalikeDigits.has(pair) && !alsoAlike.has(pair)) return Number.POSITIVE_INFINITY;
    n++;
  }
  return n;
}

function hamming(a: string, b: string): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

/** The longest a passport runs, in years, with room for months carried over from the one it renews. */
const longestValidityYears = 11;

function resolve(date: PrintedDate, fromYear: number, toYear: number): string | null {
  if (!date.valid) return null;
  const year = date.yearDigits === 4 ? date.year : resolveTwoDigitYear(date.year, fromYear, toYear);
  return year === null ? null : isoOf(year, date.month, date.day);
}

/**
 * A date that cannot be the date of issue as read (`iso`, as the caller resolved it: past the expiry or the day of
 * reading, `01.11.2074`, or before the earliest issue the expiry allows, `31.08.1983` for an expiry of 30.08.2003),
 * whose day and month are the expiry's less a day (or its own) and whose four-digit year is one look-alike digit (1
 * for 7, 6 for 0, …) from exactly one year a whole number of years (1-10) before the expiry that the window allows:
 * Germany's six-year passports, a child's two. The day and month agreeing with the expiry make it that date misread;
 * one digit OCR confuses is all it mends (`2020` is no misread of 2010).
 */
function wholeYearsMend(
  date: PrintedDate,
  iso: string | null,
  expiryIso: string,
  inWindow: (iso: string) => boolean,
): { iso: string; years: number } | null {
  if (!date.valid || date.yearDigits !== 4 || (iso !== null && inWindow(iso))) return null;
  const found = new Map<string, number>();
  for (let years = 1; years <= 10; years++) {
    for (const dayLess of [1, 0]) {
      const t = shiftIsoDate(expiryIso, -years, dayLess);
      const target = digitsLike(t, 4);
      if (inWindow(t) && target.slice(0, 4) === date.digits.slice(0, 4) && lookalikeDigitsApart(target.slice(4), date.digits.slice(4)) === 1) found.set(t, years);
    }
  }
  if (found.size !== 1) return null;
  const [[t, years]] = [...found] as [[string, number]];
  return { iso: t, years };
}

/**
 * A page prints its dates one way: beside `18.04.2031`, a `19.04.20` is a four-digit year cut short, and beside
 * `19 AUG 2006`, a `24 FEB 20` (24 FEB 2017, its last digits lost). Whether `date` is such a year. So is a two-digit
 * year that reads as a century's digits (`18 DEC 20`, a hologram over 2015's last two), where the rule's dates
 * (`ruleDates`, those the window allows) hold another that completes it (18 DEC 2015 beside the 5-year rule's
 * 18 DEC 2020) and no date the pass read shows the page printing two-digit years: which was printed is not known.
 */
function yearsCutShort(candidates: readonly IssueDateCandidate[], ruleDates: readonly string[]): (date: PrintedDate) => boolean {
  const fourDigitNumeric = candidates.some(({ date }) => date.numeric && date.yearDigits === 4);
  const fourDigitNamed = candidates.some(({ date }) => !date.numeric && date.yearDigits === 4);
  const centuryDigits = (date: PrintedDate): boolean => date.yearDigits === 2 && (date.year === 19 || date.year === 20);
  const twoDigitYears = candidates.some(({ date }) => date.valid && date.yearDigits === 2 && !centuryDigits(date));
  const completedOtherwise = (date: PrintedDate): boolean =>
    ruleDates.some((t) => digitsLike(t, 4).startsWith(date.digits) && digitsLike(t, 2) !== date.digits);
  return (date) =>
    date.yearDigits === 2 && ((date.numeric ? fourDigitNumeric : fourDigitNamed) || (centuryDigits(date) && !twoDigitYears && completedOtherwise(date)));
}

/**
 * Picks the issue date from `candidates` given the MRZ's birth and expiry (ISO, either may be null) and the day of
 * reading.
 * Returns null when no candidate is a plausible issue date, even after a one-digit repair.
 */
export function chooseIssueDate(
  candidates: readonly IssueDateCandidate[],
  birthIso: string | null,
  expiryIso: string | null,
  todayIso: string | null = null,
): IssueDateChoice | null {
  return readIssueDate(candidates, birthIso, expiryIso, todayIso).choice;
}

/** chooseIssueDate's choice, with the rule's dates the candidates hold (for rivalRuleDates across passes). */
export function readIssueDate(
  candidates: readonly IssueDateCandidate[],
  birthIso: string | null,
  expiryIso: string | null,
  todayIso: string | null = null,
): IssueDateReading {
  const lower = birthIso ?? (expiryIso ? shiftIsoDate(expiryIso, -30, 0) : '1900-01-01');
  // A passport is issued before it expires and not after the day it is read (a misread MRZ expiry must not
  // let a two-digit year resolve a century ahead).
  const dayAfterToday = todayIso === null ? null : shiftIsoDate(todayIso, 0, 1);
  const upper = [expiryIso ?? '2200-01-01', dayAfterToday ?? '2200-01-01'].sort()[0]!;
  const fromYear = Number(lower.slice(0, 4));
  const toYear = Number(upper.slice(0, 4));
  const typical = expiryIso ? typicalIssueDates(expiryIso) : [];
  // No state issues a passport for much over ten years (the UK added up to nine months its holder had left): a date of
  // issue further back than that from the expiry is a misread (`2020` for 2024 under glare, the expiry 2034). An
  // expiry further ahead than that is itself misread (a century ahead), and bounds nothing.
  const longestBack = expiryIso === null ? null : shiftIsoDate(expiryIso, -longestValidityYears, 0);
  const earliest = longestBack !== null && (todayIso === null || longestBack <= todayIso) ? longestBack : null;
  const windowFrom =
    (from: string) =>
    (iso: string): boolean =>
      iso > from && iso < upper && (earliest === null || iso >= earliest);
  const inWindow = windowFrom(lower);
  // The rule's dates are bounded by the expiry, not the birth, where the birth's two year digits were read this
  // century: a page issued 2004 beside a birth read 2011-11-11 is its holder's born 1911 (withBirthBeforeIssue).
  const inRuleWindow = windowFrom(birthIso !== null && birthIso >= '2000' ? shiftIsoDate(birthIso, -100, 0) : lower);

  let best: { choice: IssueDateChoice; score: number } | null = null;
  const offer = (choice: IssueDateChoice, score: number): void => {
    if (best === null || score > best.score) best = { choice, score };
  };
  // The rule's dates read anywhere on the page, labelled or not: with two, the rule cannot choose an unlabelled one.
  const ruleDatesRead = new Set<string>();

  const yearCutShort = yearsCutShort(candidates, typical.filter(inWindow));
  // The page's own copies of the MRZ's birth and expiry, digit for digit, are read right, not misread issue dates: never
  // read or repaired as one (`29 AUG 30`, the expiry beside the issue label, is one digit from 29 AUG 20).
  const copyOf = (date: PrintedDate, iso: string | null): boolean => iso !== null && date.digits === digitsLike(iso, date.yearDigits);
  const copies = candidates.filter(({ date }) => copyOf(date, birthIso) || copyOf(date, expiryIso));
  // Nor a date with a part shorter than the page prints it. ICAO 9303-4 prints a day (and an all-digit month) in two
  // digits, so one read in one digit has lost one (`1 01 2023` for 14 01 2023), and its matching the 5/10-year rule
  // is chance (`2/APR 2026` for 01 APR 2026, the rule's date less a day). Only a page whose own copies of birth or
  // expiry print a part in one digit, and none with a zero, writes dates that way.
  const pads = copies.some(({ date }) => padded(date));
  const unpadded = copies.some(({ date }) => cut(date));
  // The digits this page's OCR was seen to read one for the other: its copy of the birth or expiry (which the MRZ's
  // check digits prove) read a digit off (`13.01.2023` for 13.01.2029 on a blurred photo, its 9s read as 3s).
  const seenConfused = new Set(
    candidates.flatMap(({ date }) =>
      [birthIso, expiryIso].flatMap((iso) => {
        if (iso === null || !date.valid) return [];
        const proven = digitsLike(iso, date.yearDigits);
        const at = [...date.digits].flatMap((d, i) => (d === proven[i] ? [] : [i]));
        return date.digits.length === proven.length && at.length === 1 ? [[date.digits[at[0]!], proven[at[0]!]].sort().join('')] : [];
      }),
    ),
  );
  for (const candidate of candidates) {
    const { date, labelled, bbox } = candidate;
    const at = bbox === undefined ? {} : { bbox };
    // A year that lost its last digit under its label (`27 DEC 202`): the rule's one date that the day, the month and
    // the year's first three digits spell, as for a digit misread (a fourth digit read wrong is a repair as well).
    if (date.yearCut === true) {
      const completions = [...new Set(typical)].filter((t) => inWindow(t) && digitsLike(t, 4).startsWith(date.digits));
      if (labelled && completions.length === 1) {
        const t = completions[0]!;
        offer({ iso: t, confidence: 0.6, repair: { from: date.digits, to: digitsLike(t, 4) }, typical: true, basis: 'repair', ...at }, 3);
      }
      continue;
    }
    if (yearCutShort(date)) continue;
    if (copies.includes(candidate) || (cutAmbiguously(date) && (pads || !unpadded))) continue;
    // A day and a year around a word that names no month (`11 SERSER 17`): the rule's one date with that day and that
    // year, a repair of the month as of a digit; no other date comes of it, nor of one only phrases joined along a row
    // spell (their being one date's parts is a guess already).
    if (date.monthUnread === true) {
      const spelled =
        candidate.joined === true
          ? []
          : [...new Set(typical)].filter((t) => {
              const target = digitsLike(t, date.yearDigits);
              return inRuleWindow(t) && target.slice(0, 2) === date.digits.slice(0, 2) && target.slice(4) === date.digits.slice(4);
            });
      if (spelled.length === 1) {
        const t = spelled[0]!;
        const basis = labelled ? 'repair' : 'unlabelled_repair';
        offer({ iso: t, confidence: labelled ? 0.6 : 0.45, repair: { from: date.digits, to: digitsLike(t, date.yearDigits) }, typical: true, basis, ...at }, labelled ? 3 : -2);
      }
      continue;
    }
    const iso = resolve(date, fromYear, toYear);
    const isTypical = iso !== null && typical.includes(iso);
    // A month guessed from a misread word (monthOneLetterOff), or eight digits read as a year-first date, is evidence
    // only where the rule confirms the whole date.
    if ((candidate.joined === true || onlyOnRule(date)) && !(isTypical && inRuleWindow(iso))) continue;
    // Without its label, only a date the 5/10-year rule expects is taken: any other date on the page is a guess.
    if (iso !== null && (isTypical ? inRuleWindow(iso) : labelled && inWindow(iso))) {
      if (isTypical) ruleDatesRead.add(iso);
      offer(
        { iso, confidence: (labelled ? 0.8 : 0.6) + (isTypical ? 0.15 : 0), repair: null, typical: isTypical, basis: labelled ? 'label' : 'typical', ...at },
        (labelled ? 4 : 0) + (isTypical ? 2 : 0) - date.index / 1e6,
      );
      continue;
    }
    // Impossible or out of window: one misread digit away from a typical date is a repair; and only when
    // one typical date is that near (`001017` is one digit from both 09.10.17 and 08.10.17: no repair).
    // Two digits only where the read is no date at all and each is a digit OCR takes for the other (a 0 whose counter
    // background lines cross reads as 6, 8 or 9: `61.12.2923` for 01.12.2023).
    // An unlabelled real date only from one digit of its day or month: a page prints three dates, and one that is no
    // copy of birth or expiry and a day's digit from the rule's is that date misread (`04 JAN 2023` for 14 JAN 2023).
    // A year a digit off is no misread: a two-year passport's `28 03 2017` beside the five-year rule's 28 03 2014.
    // An unlabelled date a digit from the page's copy of birth or expiry may be that copy misread, the impossible ones
    // too (`21 01 28` for the expiry 21 01 26, a digit from the rule's 21 01 21 as well): which, the page cannot say.
    const unlabelledDate = !labelled && iso !== null;
    const nearCopy = (other: string | null): boolean => other !== null && hamming(date.digits, digitsLike(other, date.yearDigits)) <= 1;
    if (!labelled && (nearCopy(birthIso) || nearCopy(expiryIso))) continue;
    const near = [...new Set(typical)].filter((t) => {
      const target = digitsLike(t, date.yearDigits);
      // Its year only by a digit OCR confuses (or that this page's copies show it confusing), and where the year read
      // cannot be the date of issue (`21 10 10` beside an expiry of 2029: no passport runs 19 years): a misread then,
      // not another passport's run.
      if (unlabelledDate) {
        const sameYear = date.digits.slice(4) === target.slice(4);
        // A month read as a word is no digit misread: `17 JUL 10` is not 17 MAR 10 with one digit wrong.
        const monthAsRead = date.numeric || date.digits.slice(2, 4) === target.slice(2, 4);
        return (
          inWindow(t) &&
          monthAsRead &&
          hamming(date.digits, target) === 1 &&
          (sameYear || (!inWindow(iso) && lookalikeDigitsApart(date.digits, target, seenConfused) === 1))
        );
      }
      return inWindow(t) && (hamming(date.digits, target) === 1 || (iso === null && lookalikeDigitsApart(date.digits, target) === 2));
    });
    if (near.length === 1) {
      const t = near[0]!;
      const target = digitsLike(t, date.yearDigits);
      // The look-alike pairs only rank two readings: where another of the rule's dates is as few digits from the one
      // read, whatever they are (`37.08.1995` beside 31.08.1998 and 31.08.1993, its 3 read 5), the page tells neither.
      const asNear = (other: string): boolean => other !== t && inWindow(other) && hamming(date.digits, digitsLike(other, date.yearDigits)) <= 2;
      if (hamming(date.digits, target) === 2 && typical.some(asNear)) continue;
      const basis = labelled || iso === null ? 'repair' : 'unlabelled_repair';
      offer({ iso: t, confidence: labelled ? 0.6 : 0.45, repair: { from: date.digits, to: target }, typical: true, basis, ...at }, labelled ? 3 : iso === null ? -1 : -2);
      continue;
    }
    const yearMended = near.length === 0 && expiryIso !== null ? wholeYearsMend(date, iso, expiryIso, inWindow) : null;
    if (yearMended !== null) {
      const { iso: t, years } = yearMended;
      // Without a label the one-digit repair leaves years alone, so the 5/10-year rule's own date can come here too.
      const onRule = typical.includes(t);
      const repair = { from: date.digits, to: digitsLike(t, 4), ...(onRule ? {} : { years }) };
      offer({ iso: t, confidence: labelled ? 0.5 : 0.4, repair, typical: onRule, basis: labelled ? 'repair' : 'unlabelled_repair', ...at }, labelled ? 1 : -3);
    }
  }
  const ruleDates = [...ruleDatesRead];
  if (best !== null) {
    const { choice } = best as { choice: IssueDateChoice };
    return { choice: choice.basis === 'typical' && ruleDatesRead.size > 1 ? null : choice, ruleDates };
  }
  return { choice: soleOtherDate(candidates, birthIso, expiryIso, fromYear, toYear, inWindow, yearCutShort), ruleDates };
}

/**
 * A data page prints three full dates: birth, issue and expiry (ICAO 9303-4's VIZ). Where the page's own copies of
 * the MRZ's birth and expiry were read and exactly one other date lies between them, that date is the date of issue
 * whatever its label was read as (`Dae de dérance`) and however long the passport runs; so is a page's one other date
 * that lies whole years less a day before the expiry, its copies of birth and expiry read or not. Never a year cut
 * short (`yearCutShort`, readIssueDate's).
 */
function soleOtherDate(
  candidates: readonly IssueDateCandidate[],
  birthIso: string | null,
  expiryIso: string | null,
  fromYear: number,
  toYear: number,
  inWindow: (iso: string) => boolean,
  yearCutShort: (date: PrintedDate) => boolean,
): IssueDateChoice | null {
  if (birthIso === null || expiryIso === null) return null;
  const read = candidates
    .filter(({ date, joined }) => date.valid && joined !== true && !onlyOnRule(date) && !yearCutShort(date))
    .map((c) => ({ c, iso: resolve(c.date, fromYear, toYear) }))
    .filter((r): r is { c: IssueDateCandidate; iso: string } => r.iso !== null);
  const copies = read.filter((r) => r.iso === birthIso || r.iso === expiryIso);
  const others = read.filter((r) => r.iso !== birthIso && r.iso !== expiryIso);
  const distinct = new Set(others.map((r) => r.iso));
  if (distinct.size !== 1) return null;
  const { c, iso } = others[0]!;
  if (!inWindow(iso)) return null;
  // A date a whole number of years less a day before the expiry (Germany's six-year passports, a child's two or
  // three) is how a passport's run is set, not how a misread lands: no single misread digit moves the day and the
  // month off the expiry's, so it needs no copies of birth and expiry beside it. Read whole, not cut to one digit.
  const yearsLessADay = Array.from({ length: 9 }, (_, n) => shiftIsoDate(expiryIso, -(n + 1), 1)).includes(iso) && !cut(c.date);
  const bothCopies = copies.some((r) => r.iso === birthIso) && copies.some((r) => r.iso === expiryIso);
  // Written as the page writes its other dates: `1/1/2023` among `25/03/1968` is a date OCR cut digits from.
  if (!yearsLessADay && (!bothCopies || !copies.some((r) => r.c.date.shape === c.date.shape))) return null;
  // One digit OCR confuses from the 5/10-year rule's date (`01 DEC 18` for 01 DEC 15, the expiry 01 DEC 20): a misread
  // as likely as a passport that runs two years; which was printed, the page cannot say.
  if (typicalIssueDates(expiryIso).some((t) => lookalikeDigitsApart(c.date.digits, digitsLike(t, c.date.yearDigits)) === 1)) return null;
  // Unlabelled typical dates were taken above: this one is not typical.
  return { iso, confidence: 0.6, repair: null, typical: false, basis: 'only_other_date', ...(c.bbox === undefined ? {} : { bbox: c.bbox }) };
}
