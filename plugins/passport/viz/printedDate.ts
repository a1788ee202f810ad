/**
 * Dates as passports print them (DOMAIN.md): `12 JAN 2015`, `12 JAN /JAN 15`, bilingual month abbreviations
 * (English, French, German, Spanish, Dutch, Italian, Portuguese), `12/01/2015`, `12.01.2015`, `12-01-15`, and
 * year first, `2015-01-12`.
 * Pure: text in, every date-shaped reading out; which one is the date asked for is decided elsewhere.
 */

import { isoOf, validDay } from '../../../core/mrz/mrzDate.ts';

/** A date as printed; `year` has 4 digits, or 2 when only two were printed (`century` then unresolved). */
export interface PrintedDate {
  readonly day: number;
  readonly month: number;
  readonly year: number;
  readonly yearDigits: 2 | 4;
  /** False for impossible dates (day 32, month 13): kept because one misread digit may be repairable. */
  readonly valid: boolean;
  /** The digits as printed (after OCR-confusion mapping), DDMMYYYY or DDMMYY, for one-digit repairs. */
  readonly digits: string;
  /** Offset of the match in the normalised text, to prefer the first date after a label. */
  readonly index: number;
  /** All digits (`12.01.2015`) rather than a month word (`12 JAN 2015`). */
  readonly numeric: boolean;
  /**
   * How it is written: the day's and (all-digit) month's widths and the year's digits (`2-2-4` for `07.04.1974`,
   * `1-w-4` for `7 APR 1974`). A page prints its dates one way.
   */
  readonly shape: string;
  /** A four-digit year that lost its last digit (cutYearDates): `year` is its first three digits times ten. */
  readonly yearCut?: boolean;
  /** Its month word read one letter off one month's (`NOW` for NOV): parsePrintedDates' `guessMonths`. */
  readonly monthGuessed?: boolean;
  /**
   * A day and a year with a word between them that names no month even a letter off (`11 SERSER 17`, a bilingual pair
   * misread): `month` is 0, and only the 5/10-year rule's one date with that day and year can come of it
   * (issueDateChoice.ts). parsePrintedDates' `guessMonths` as well.
   */
  readonly monthUnread?: boolean;
  /**
   * Year first, its separators lost (`20190201` for 2019-02-01): eight digits are as often a number as a date, so such
   * a reading counts only as the 5/10-year rule's exact date (issueDateChoice.ts).
   */
  readonly yearFirstRunTogether?: boolean;
}

/** A date read from a misread month word or eight digits run together: it counts only as the 5/10-year rule's exact date. */
export const onlyOnRule = (date: PrintedDate): boolean => date.monthGuessed === true || date.monthUnread === true || date.yearFirstRunTogether === true;

/** Month abbreviations and names most passports print (accents removed, upper case), by month number. */
const commonMonthTable: readonly (readonly [number, readonly string[]])[] = [
  [1, ['JAN', 'JANUARY', 'JANV', 'JANVIER', 'JANUAR', 'JAEN', 'JANNER', 'ENE', 'ENERO', 'GEN', 'GENNAIO', 'JANEIRO', 'JANUARI', 'OCA', 'OCAK']],
  [2, ['FEB', 'FEBRUARY', 'FEV', 'FEVR', 'FEVRIER', 'FEBRUAR', 'FEBRERO', 'FEBBRAIO', 'FEVEREIRO', 'FEBRUARI', 'SUB', 'SUBAT']],
  [3, ['MAR', 'MARCH', 'MARS', 'MAER', 'MARZ', 'MRZ', 'MAERZ', 'MARZO', 'MRT', 'MAART', 'MARCO', 'MART']],
  [4, ['APR', 'APRIL', 'AVR', 'AVRIL', 'ABR', 'ABRIL', 'APRILE', 'NIS', 'NISAN']],
  [5, ['MAY', 'MAI', 'MAYO', 'MEI', 'MAG', 'MAGGIO', 'MAIO', 'MAJ', 'MAYIS']],
  [6, ['JUN', 'JUNE', 'JUIN', 'JUNI', 'JUNIO', 'GIU', 'GIUGNO', 'JUNHO', 'HAZ', 'HAZIRAN']],
  [7, ['JUL', 'JULY', 'JUIL', 'JUILLET', 'JULI', 'JULIO', 'LUG', 'LUGLIO', 'JULHO', 'TEM', 'TEMMUZ']],
  [8, ['AUG', 'AUGUST', 'AOU', 'AOUT', 'AGO', 'AGOSTO', 'AUGUSTUS', 'AGU', 'AGUSTOS']],
  [9, ['SEP', 'SEPT', 'SEPTEMBER', 'SEPTEMBRE', 'SEPTIEMBRE', 'SET', 'SETTEMBRE', 'SETEMBRO', 'EYL', 'EYLUL']],
  [10, ['OCT', 'OCTOBER', 'OCTOBRE', 'OKT', 'OKTOBER', 'OCTUBRE', 'OTT', 'OTTOBRE', 'OUT', 'OUTUBRO', 'EKI', 'EKIM']],
  [11, ['NOV', 'NOVEMBER', 'NOVEMBRE', 'NOVIEMBRE', 'NOVEMBRO', 'KAS', 'KASIM']],
  [12, ['DEC', 'DECEMBER', 'DECEMBRE', 'DEZ', 'DEZEMBER', 'DIC', 'DICIEMBRE', 'DICEMBRE', 'DEZEMBRO', 'ARA', 'ARALIK']],
];

/**
 * Month words of states that print a language of their own, alone or beside English: Polish, Czech, Croatian,
 * Romanian, Malay, Indonesian, Filipino, Norwegian and Icelandic, Hungarian, Latvian, Estonian, Finnish, Irish, and
 * Greek in Latin letters. Words that name different months in two languages (LIS, LIP, SRP, LISTOPAD) are left
 * out: such a word proves no month. So is Irish LUN, which an I/L misread of Romanian IUN spells.
 */
const otherMonthTable: readonly (readonly [number, readonly string[]])[] = [
  [1, ['STY', 'STYCZEN', 'STYCZNIA', 'IAN', 'IANUARIE', 'LED', 'LEDEN', 'LEDNA', 'SIJ', 'SIJECANJ', 'SIJECNJA', 'JAAN', 'JAANUAR', 'EAN', 'EANAIR', 'TAMMIKUU']],
  [2, ['LUT', 'LUTY', 'LUTEGO', 'PEB', 'PEBRERO', 'UNO', 'UNOR', 'UNORA', 'VEL', 'VELJACA', 'VELJACE', 'VEEBR', 'VEEBRUAR', 'FEABH', 'FEBR', 'FEBRUARIE', 'HELMIKUU']],
  [3, ['MAC', 'MARZEC', 'MARCA', 'BRE', 'BREZEN', 'BREZNA', 'OZU', 'OZUJAK', 'OZUJKA', 'MARTS', 'MAARTS', 'MARTIE', 'MARTA', 'MARC', 'MAALISKUU']],
  [4, ['KWI', 'KWIECIEN', 'KWIETNIA', 'DUB', 'DUBEN', 'DUBNA', 'TRA', 'TRAVANJ', 'TRAVNJA', 'APRILIE', 'AIB', 'AIBREAN', 'HUHTIKUU']],
  [5, ['KVE', 'KVETEN', 'KVETNA', 'SVI', 'SVIBANJ', 'SVIBNJA', 'MAJA', 'MAIJS', 'BEAL', 'BEALTAINE', 'TOUKOKUU']],
  [6, ['CZE', 'CZERWIEC', 'CZERWCA', 'CER', 'CERVEN', 'CERVNA', 'IUN', 'IUNIE', 'HUN', 'HUNYO', 'JUUNI', 'MEITH', 'LIPANJ', 'LIPNJA', 'IOUN', 'KESAKUU']],
  [7, ['LIPIEC', 'LIPCA', 'CVC', 'CERVENEC', 'CERVENCE', 'IUL', 'IULIE', 'HUL', 'HULYO', 'JUULI', 'IUIL', 'SRPANJ', 'SRPNJA', 'IOUL', 'HEINAKUU']],
  [8, ['SIE', 'SIERPIEN', 'SIERPNIA', 'SRPEN', 'SRPNA', 'KOL', 'KOLOVOZ', 'KOLOVOZA', 'AGT', 'AGS', 'OGO', 'OGOS', 'AVG', 'LUNASA', 'ELOKUU']],
  [9, ['WRZ', 'WRZESIEN', 'WRZESNIA', 'ZAR', 'ZARI', 'RUJ', 'RUJAN', 'RUJNA', 'SZEP', 'SZEPT', 'SEPTEMBRIE', 'MFOMH', 'SYYSKUU']],
  [10, ['PAZ', 'PAZDZIERNIK', 'PAZDZIERNIKA', 'RIJ', 'RIJEN', 'RIJNA', 'OCTOMBRIE', 'OKTOOBER', 'DFOMH', 'LOKAKUU']],
  [11, ['NOI', 'NOIEMBRIE', 'NOB', 'NOBYEMBRE', 'STU', 'STUDENI', 'STUDENOGA', 'SAMH', 'SAMHAIN', 'MARRASKUU']],
  [12, ['GRU', 'GRUDZIEN', 'GRUDNIA', 'DES', 'DESEMBER', 'DIS', 'DISEMBER', 'PRO', 'PROSINEC', 'PROSINCE', 'PROSINAC', 'PROSINCA', 'DECEMBRIE', 'DETS', 'DETSEMBER', 'NOLL', 'NOLLAIG', 'DEK', 'JOULUKUU']],
];

/** Word -> month of a table; a word two months claim is a mistake in the table, caught at load. */
function monthIndex(table: readonly (readonly [number, readonly string[]])[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [month, words] of table) {
    for (const w of words) {
      if (out[w] !== undefined && out[w] !== month) throw new Error(`month word ${w} names months ${out[w]} and ${month}`);
      out[w] = month;
    }
  }
  return out;
}

const commonMonthWords = monthIndex(commonMonthTable);
const otherMonthWords = monthIndex(otherMonthTable);
// Nor may a word of one table name another month in the other.
monthIndex([...commonMonthTable, ...otherMonthTable]);

/**
 * The other table's words a letter from a common word of another month (`MAC`, Malay March, is MAY or MAG with a
 * letter misread): more often that misread than the rarer word, so they name their month only as a guess, which
 * counts only as the 5/10-year rule's exact date (monthGuessed).
 */
const lookalikeMonthWords: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(otherMonthWords).filter(([w, month]) => Object.entries(commonMonthWords).some(([c, m]) => m !== month && oneEditApart(w, c))),
);

/** Month words (accents removed, upper case) -> month number: the common ones and the others no lookalike. */
const monthWords: Readonly<Record<string, number>> = {
  ...commonMonthWords,
  ...Object.fromEntries(Object.entries(otherMonthWords).filter(([w]) => lookalikeMonthWords[w] === undefined)),
};

/** Month word (as OCR gives it) -> month number, tolerant of accents and the usual OCR letter confusions. */
export function monthFromWord(word: string): number | null {
  const w = stripAccents(word).toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (w.length < 3) return null;
  const direct = monthWords[w] ?? monthWords[w.replace(/0/g, 'O').replace(/1/g, 'I').replace(/5/g, 'S').replace(/8/g, 'B')];
  return direct ?? monthPair(w);
}

/**
 * A bilingual month pair run together where OCR lost the slash or read it as a letter (`JULJUL`, `NOVINOV`, `OCTLOKT`,
 * `JULITEM`): two month words that agree. Where the slash stands in the second word's first letter's place (`JULAUL`
 * for JUL/JUL), or went with that letter (`JULUL`), the rest ends a word of the first's month. Two words naming
 * different months are a misread: none.
 */
function monthPair(w: string): number | null {
  for (let k = 3; k <= w.length - 2; k++) {
    const first = monthWords[w.slice(0, k)];
    if (first === undefined) continue;
    const seconds = [w.slice(k), w.slice(k + 1)].map((rest) => monthWords[rest]).filter((m): m is number => m !== undefined);
    if (seconds.length > 0) {
      if (seconds.includes(first)) return first;
      continue;
    }
    // The slash read as a letter in place of the second word's first (`JULAUL`), or lost with it (`JULUL`).
    for (const tail of [w.slice(k + 1), w.slice(k)]) {
      if (tail.length >= 2 && Object.entries(monthWords).some(([word, m]) => m === first && word.length === tail.length + 1 && word.endsWith(tail))) return first;
    }
  }
  return withUnknownFirst(w) ?? withUnknownSecond(w);
}

/**
 * A state's own three-letter abbreviation the table lacks, run together with a month word it knows (`LIPJUL`, Polish
 * lipiec with July; the slash lost, or read as I or L): the known word's month, where the unknown letters are no
 * one-letter misread of another month's abbreviation.
 */
function withUnknownFirst(w: string): number | null {
  const head = w.slice(0, 3);
  if (!/^[A-Z]{3}$/.test(head) || monthWords[head] !== undefined) return null;
  const month = monthWords[w.slice(3)] ?? (/^[IL]$/.test(w[3] ?? '') ? monthWords[w.slice(4)] : undefined);
  if (month === undefined) return null;
  return misreadOfAnother(head, month) ? null : month;
}

/** Three letters one letter from another month's three-letter word than `month`'s (`AUC` may be AUG misread). */
function misreadOfAnother(letters: string, month: number): boolean {
  const oneApart = (word: string): boolean => word.length === 3 && [...word].filter((c, i) => c !== letters[i]).length <= 1;
  return Object.entries(monthWords).some(([word, m]) => m !== month && oneApart(word));
}

/**
 * The same the other way round: a month word the table knows, then the state's own three-letter abbreviation
 * (`JANISTY`, January with Polish styczeń; the slash lost, or read as I or L). The known word's month, where the
 * unknown letters are no one-letter misread of another month's abbreviation.
 */
function withUnknownSecond(w: string): number | null {
  const head = w.slice(0, 3);
  const month = monthWords[head];
  if (month === undefined) return null;
  const rest = w.slice(3);
  const tail = rest.length === 4 && /^[IL]/.test(rest) ? rest.slice(1) : rest;
  if (!/^[A-Z]{3}$/.test(tail) || monthWords[tail] !== undefined) return null;
  return misreadOfAnother(tail, month) ? null : month;
}

/** The common three-letter month words, a misread month word is weighed against (a misread is most often of those). */
const threeLetterMonths = Object.entries(commonMonthWords).filter(([w]) => w.length === 3);

/**
 * The months whose three-letter words `word` (as OCR gave it) is one letter off: one letter misread, added or lost
 * (`NOW`, `OCCT`, `NV` for NOV and OCT).
 */
function monthsOneLetterOff(word: string): Set<number> {
  const w = stripAccents(word).toUpperCase().replace(/0/g, 'O').replace(/5/g, 'S').replace(/[^A-Z]/g, '');
  if (w.length < 2 || w.length > 4 || monthWords[w] !== undefined) return new Set();
  return new Set(threeLetterMonths.filter(([m]) => oneEditApart(w, m)).map(([, month]) => month));
}

/** Whether `a` becomes `b` by one letter changed, added or taken out. */
function oneEditApart(a: string, b: string): boolean {
  if (a.length === b.length) return [...a].filter((c, i) => c !== b[i]).length === 1;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  return [...long].some((_, i) => long.slice(0, i) + long.slice(i + 1) === short);
}

/**
 * The month whose three-letter word a misread one is one letter off (`NOW` for NOV), where only one month's is; null
 * where none or two are (`OCY` is one letter off OCT and Turkish OCA) or the word is a month's as read.
 */
export function monthOneLetterOff(word: string): number | null {
  const months = monthsOneLetterOff(word);
  return months.size === 1 ? [...months][0]! : null;
}

export function stripAccents(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** Digits OCR often gives as letters; applied only inside tokens that must be numbers and hold a real digit. */
function toDigits(token: string): string | null {
  if (!/[0-9]/.test(token)) return null;
  const mapped = token
    .replace(/\s/g, '')
    .replace(/[OoQD]/g, '0')
    .replace(/[Il|!]/g, '1')
    .replace(/[Ss]/g, '5')
    .replace(/B/g, '8')
    .replace(/Z/g, '2')
    .replace(/G/g, '6');
  return /^\d+$/.test(mapped) ? mapped : null;
}

// Separators OCR may read between the parts of a date (a slash is often read as `[`, `]`, `{`, `(`, `|` or `\`,
// a dot as `°` or `,`, a speck as a straight or curly quote: `09 SEP /SEP’19`).
const sep = String.raw`[\s./\-,'‘’\[\]{}()|\\°!]*`;
const num = String.raw`[0-9OoQDIl|!SsBZG]`;
// A month word's leading O may be read as a zero (`21 0CT 2017`, `210CT 2017`), its S as a five (`22 5EP 2018`):
// monthFromWord reads them back.
const wordStart = String.raw`[\p{L}05]`;
const word = String.raw`${wordStart}\p{L}{2,9}\.?`;
// A bilingual pair's second word may lose its last letter to a misread (`MAY/MA] 87`, the J of MAJ read as a bracket).
const secondWord = String.raw`${wordStart}\p{L}{1,9}\.?`;

/**
 * Not a two-digit year: two digits with a symbol stuck to them, which OCR gives for a digit it could not read (`18 AUG
 * 20%` for 18 AUG 2025, blurred), are a four-digit year with its end lost.
 */
const notCut = '(?![%#&*$@?£€¥§])';
/**
 * Nor two digits with a letter OCR gives for a digit stuck to them (`16 DEC/OEC 20S` for 16 DEC 2015, its 1 and 5
 * run together): a longer year misread. A bar or I there may be a rule's edge, and does not count.
 */
const notLonger = '(?![OoQDSsBZG])';
/**
 * `12 JAN 2015`, `12 JAN /JAN 15`, `12 JANV./JAN 2015`: day, one or two month words, a year. A speck OCR read as a
 * letter stuck to the day (`C14 JAN JAN 13`) is passed over, unless it is a letter that stands for a digit.
 */
const wordDate = new RegExp(
  String.raw`(?<![0-9\p{L}])(?:(?![OoQDIlSsBZG])\p{Lu})?(${num}{1,2})${sep}(${word})(?:${sep}(${secondWord}))?${sep}(${num}{4}|${num}{2}${notCut}${notLonger})(?![0-9])`,
  'gu',
);
/**
 * `12/01/2015`, `12.01.2015`, `12-01-15`, `12 01 2015`; OCR may split a two-digit day or month (`02/1 1/2023`), and
 * read a dot with a speck of texture over it as a colon (`01: 12. 2023`).
 */
const numericDate = new RegExp(
  String.raw`(?<![0-9\p{L}])(${num}\s?${num}|${num})\s*[./\-, °:]\s*(${num}\s?${num}|${num})\s*[./\-, °:]\s*(${num}{4}|${num}{2}${notCut}${notLonger})(?![0-9])`,
  'gu',
);

/**
 * `1911 2014`, `08032017`: day and month (and year) run together where OCR lost the spaces between them; only with a
 * four-digit year.
 */
const runTogetherDate = new RegExp(String.raw`(?<![0-9\p{L}])(${num}{2})(${num}{2})\s*(${num}{4})(?![0-9])`, 'gu');

/** `2015-01-12`, `2015.01.12`, `2015/01/12`: year first, as some states print (ISO 8601); only with four year digits. */
const yearFirstDate = new RegExp(
  String.raw`(?<![0-9\p{L}])(${num}{4})\s*[./\-]\s*(${num}\s?${num}|${num})\s*[./\-]\s*(${num}\s?${num}|${num})(?![0-9])`,
  'gu',
);

/**
 * `20190201`: a year-first date whose dashes OCR lost under blur. Digits only, a year of this century or the last and
 * a month and day that can be, so that a day-first run (`08032017`) never reads so.
 */
const yearFirstRun = /(?<![0-9\p{L}])((?:19|20)[0-9]{2})(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])(?![0-9])/gu;

/**
 * Every date-shaped reading in `text` (day first as most passports print them, or year first), in text order. For the
 * date of issue's candidates, `guessMonths` reads a month word a letter off and `yearFirstRuns` eight digits year
 * first; each such date is flagged, and counts only as the 5/10-year rule's exact date.
 */
export function parsePrintedDates(
  text: string,
  { guessMonths = false, yearFirstRuns = false }: { readonly guessMonths?: boolean; readonly yearFirstRuns?: boolean } = {},
): PrintedDate[] {
  const found: PrintedDate[] = [];
  // A match that is no date must not swallow the one after it: `STATE 02 JUN 2017` first matches `STATE 02` (S for
  // 5, TATE for a month), so the search goes on from the character after that match's start.
  wordDate.lastIndex = 0;
  for (let m = wordDate.exec(text); m !== null; m = wordDate.exec(text)) {
    const day = toDigits(m[1]!);
    const year = toDigits(m[4]!);
    const month = agreedMonth(m[2]!, m[3]);
    // With `guessMonths`, a month word one letter off one month's, where no word names a month as read.
    const guessed = month === null && guessMonths ? guessedMonth(m[2]!, m[3]) : null;
    // Or none at all: no word names a month, even a letter off (`SERSER`, `LISINOV`); words a letter off other months
    // than each other's (`NOW JUM`) say a month, two ways, and give no date.
    const unread =
      month === null && guessed === null && guessMonths && [m[2]!, m[3]].every((w) => w === undefined || (monthFromWord(w) === null && monthsOneLetterOff(w).size === 0));
    if (day === null || year === null || ((month ?? guessed) === null && !unread)) {
      wordDate.lastIndex = m.index + 1;
      continue;
    }
    pushDate(found, Number(day), month ?? guessed ?? 0, year, m.index, false, `${width(m[1]!)}-w`, { monthGuessed: guessed !== null, monthUnread: unread });
  }
  // All-digit dates: which capture group holds the day, the month and the year in each pattern.
  const numericForms = [
    { pattern: numericDate, day: 1, month: 2, year: 3 },
    // Before the day-first run: `20190201` is no day 20 of month 19 (pushDate keeps one reading a place).
    // Only where asked (the date of issue's candidates): a personal number that spells the birth date year first
    // (`19850312…`) must not read as the page's birth date where birth and expiry are checked against the MRZ.
    ...(yearFirstRuns ? [{ pattern: yearFirstRun, day: 3, month: 2, year: 1, yearFirstRunTogether: true }] : []),
    { pattern: runTogetherDate, day: 1, month: 2, year: 3 },
    // Only four digits may lead: a year-first reading never reads the same text as a day-first one.
    { pattern: yearFirstDate, day: 3, month: 2, year: 1 },
  ];
  for (const { pattern, yearFirstRunTogether = false, ...group } of numericForms) {
    // As above: a stray mark read as a digit before a date (`| 03.12.2004`, a rule's edge) first matches as a day
    // with no digit in it, and must not swallow the date it stands before.
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      const day = toDigits(m[group.day]!);
      const month = toDigits(m[group.month]!);
      const year = toDigits(m[group.year]!);
      if (day === null || month === null || year === null) {
        pattern.lastIndex = m.index + 1;
        continue;
      }
      pushDate(found, Number(day), Number(month), year, m.index, true, `${width(m[group.day]!)}-${width(m[group.month]!)}`, { yearFirstRunTogether });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** `27 DEC 202`, `27.12.202`: a day, a month and three year digits, at the text's end, where the fourth was lost. */
const wordDateCut = new RegExp(String.raw`(?<![0-9\p{L}])(${num}{1,2})${sep}(${word})(?:${sep}(${secondWord}))?${sep}(${num}{3})\s*$`, 'u');
const numericDateCut = new RegExp(String.raw`(?<![0-9\p{L}])(${num}\s?${num}|${num})\s*[./\-]\s*(${num}\s?${num}|${num})\s*[./\-]\s*(${num}{3})\s*$`, 'u');

/**
 * A date whose four-digit year lost its last digit at the text's end (`27 DEC 202`: glare or a crop took it), as an
 * impossible date (`valid` false, `yearCut`) whose digits are the seven read: the 5/10-year rule may complete it
 * (issueDateChoice), nothing else takes it. Three digits, never two: `03 APR 20` may be a year printed in two.
 */
export function cutYearDates(text: string): PrintedDate[] {
  const found: PrintedDate[] = [];
  const word = wordDateCut.exec(text);
  if (word !== null) {
    const month = agreedMonth(word[2]!, word[3]);
    const day = toDigits(word[1]!);
    const year = toDigits(word[4]!);
    if (day !== null && year !== null && month !== null) found.push(cutDate(Number(day), month, year, word.index, false, `${width(word[1]!)}-w`));
  }
  const numeric = numericDateCut.exec(text);
  if (numeric !== null) {
    const [day, month, year] = [numeric[1]!, numeric[2]!, numeric[3]!].map(toDigits);
    if (day != null && month != null && year != null) found.push(cutDate(Number(day), Number(month), year, numeric.index, true, `${width(numeric[1]!)}-${width(numeric[2]!)}`));
  }
  return found.filter((d) => d.day >= 1 && d.day <= 31 && d.month >= 1 && d.month <= 12);
}

function cutDate(day: number, month: number, yearStart: string, index: number, numeric: boolean, widths: string): PrintedDate {
  return { day, month, year: Number(yearStart) * 10, yearDigits: 4, valid: false, digits: dateDigits(day, month, yearStart), index, numeric, shape: `${widths}-3`, yearCut: true };
}

/** How many characters a number was printed with (OCR's spaces inside it not counted). */
const width = (token: string): number => token.replace(/\s/g, '').length;

function pushDate(
  found: PrintedDate[],
  day: number,
  month: number,
  yearText: string,
  index: number,
  numeric: boolean,
  widths: string,
  {
    monthGuessed = false,
    monthUnread = false,
    yearFirstRunTogether = false,
  }: { readonly monthGuessed?: boolean; readonly monthUnread?: boolean; readonly yearFirstRunTogether?: boolean } = {},
): void {
  const yearDigits = yearText.length === 4 ? 4 : 2;
  const year = Number(yearText);
  // Two-digit years are checked against a leap year so 29 FEB survives until the century is known.
  const valid = validDay(yearDigits === 4 ? year : 2000, month, day);
  if (day > 99 || month > 99) return;
  if (found.some((d) => d.index === index)) return;
  found.push({
    day,
    month,
    year,
    yearDigits,
    valid,
    digits: dateDigits(day, month, yearText),
    index,
    numeric,
    shape: `${widths}-${yearDigits}`,
    ...(monthGuessed ? { monthGuessed } : {}),
    ...(monthUnread ? { monthUnread } : {}),
    ...(yearFirstRunTogether ? { yearFirstRunTogether } : {}),
  });
}

/** The month of a date's month word, or of a bilingual pair, which must agree (a disagreeing pair is a misread). */
function agreedMonth(first: string, second: string | undefined): number | null {
  const months = [first, second].filter((w): w is string => w !== undefined).map(monthFromWord);
  const month = months.find((x) => x !== null) ?? null;
  return month !== null && months.every((x) => x === null || x === month) ? month : null;
}

/**
 * The month of words none of which names one as read: one word a letter off that month's alone
 * (monthOneLetterOff), and no word a letter off only other months' (`NOW JUM`: JUM is June's or July's).
 */
function guessedMonth(first: string, second: string | undefined): number | null {
  const words = [first, second].filter((w): w is string => w !== undefined);
  if (words.some((w) => monthFromWord(w) !== null)) return null;
  // A lookalike word of a state's own language (`MAC`) stands for its month here, where only the rule can confirm it.
  const near = words.map((w) => {
    const own = lookalikeMonthWords[stripAccents(w).toUpperCase().replace(/[^A-Z]/g, '')];
    return own === undefined ? monthsOneLetterOff(w) : new Set([own]);
  });
  const sole = new Set(near.filter((months) => months.size === 1).map((months) => [...months][0]!));
  if (sole.size !== 1) return null;
  const [month] = sole;
  return near.every((months) => months.size === 0 || months.has(month!)) ? month! : null;
}

/** A date's digits as printed, DDMM and the year's digits: what one-digit repairs compare. */
const dateDigits = (day: number, month: number, yearText: string): string => `${String(day).padStart(2, '0')}${String(month).padStart(2, '0')}${yearText}`;

/**
 * Text that holds a date with a part missing: a month and year without the day (`JAN/JAN 2023`), a day and month
 * without the year (`05.05`, `14 JAN`), or a day before a month cut short (`24 MA`). OCR drops the short word at a
 * value's edge; such a line is worth reading again, wider. False when a whole date is there.
 */
export function holdsPartialDate(text: string): boolean {
  const dates = parsePrintedDates(text).filter((d) => d.valid);
  // A day in one digit (`4 MAR 2020`) has most often lost its first (ICAO 9303 prints days in two): read again too.
  if (dates.length > 0) return dates.every((d) => d.shape.startsWith('1-'));
  const words = [...text.matchAll(/\p{L}{2,10}/gu)].map((m) => ({ word: m[0], at: m.index }));
  for (const { word, at } of words) {
    const after = text.slice(at + word.length);
    const before = text.slice(0, at);
    const month = monthFromWord(word) !== null;
    if (month && /^[\s./\-,'|\p{L}]*[0-9]{2,4}(?![0-9])/u.test(after)) return true;
    if (month && /(?<![0-9])[0-9]{1,2}[\s./\-]*$/.test(before)) return true;
    // `24 MA`: two or three letters at the line's end that begin a month word, after a day.
    if (!month && word.length <= 3 && after.trim() === '' && /(?<![0-9])[0-9]{1,2}\s*$/.test(before) && monthStarts(word)) return true;
  }
  // A year in one or three digits (`29.07.2`, `29.07.200`) is one cut short: years print in two or four.
  if (/(?<![0-9])[0-9]{2}\s*[./\-]\s*[0-9]{2}\s*[./\-]\s*(?:[0-9]|[0-9]{3})(?![0-9])/.test(text)) return true;
  return /(?<![0-9])[0-9]{2}\s*[./\-]\s*[0-9]{2}\s*[./\-]?\s*$/.test(text.trim()) && !/[0-9]{2}\s*[./\-]\s*[0-9]{2}\s*[./\-]\s*[0-9]/.test(text);
}

function monthStarts(prefix: string): boolean {
  const p = stripAccents(prefix).toUpperCase();
  return Object.keys(commonMonthWords).some((w) => w.startsWith(p));
}

/** ISO `YYYY-MM-DD` of a printed date whose century is resolved (core/mrz/mrzDate.ts); null when not a real date. */
export { isoOf };

/** A printed date as the MRZ writes it, `YYMMDD` (the year's last two digits): to compare with a field's raw cells. */
export function mrzDigitsOf(date: Pick<PrintedDate, 'day' | 'month' | 'year'>): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return two(date.year % 100) + two(date.month) + two(date.day);
}

/**
 * The 4-digit year of a two-digit printed year inside the window [fromYear, toYear] (e.g. birth to expiry);
 * null when no century puts it there.
 */
export function resolveTwoDigitYear(yy: number, fromYear: number, toYear: number): number | null {
  for (let century = Math.floor(toYear / 100) * 100; century >= Math.floor(fromYear / 100) * 100 - 100; century -= 100) {
    const year = century + yy;
    if (year >= fromYear && year <= toYear) return year;
  }
  return null;
}
