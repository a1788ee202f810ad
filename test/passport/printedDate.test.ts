import { describe, expect, it } from 'vitest';
import { holdsPartialDate, monthFromWord, monthOneLetterOff, parsePrintedDates, resolveTwoDigitYear } from '../../plugins/passport/viz/printedDate.ts';

/** Each date found in `text`, as day, month and year read. */
const read = (text: string) => parsePrintedDates(text).map((d) => [d.day, d.month, d.year]);

describe('parsePrintedDates', () => {
  const cases: [string, string, { day: number; month: number; year: number; yearDigits: 2 | 4 } | null][] = [
    ['word month, 4-digit year', '12 JAN 2015', { day: 12, month: 1, year: 2015, yearDigits: 4 }],
    ['bilingual month, 2-digit year', '12 JAN /JAN 15', { day: 12, month: 1, year: 15, yearDigits: 2 }],
    ['French abbreviation first', '03 FÉV/FEB 2019', { day: 3, month: 2, year: 2019, yearDigits: 4 }],
    ['French without accent', '03 FEV /FEB 19', { day: 3, month: 2, year: 19, yearDigits: 2 }],
    ['French dotted', '12 JANV./JAN 2015', { day: 12, month: 1, year: 2015, yearDigits: 4 }],
    ['German MÄR', '07 MÄR/MAR 2021', { day: 7, month: 3, year: 2021, yearDigits: 4 }],
    ['German DEZ', '24 DEZ/DEC 2020', { day: 24, month: 12, year: 2020, yearDigits: 4 }],
    ['German OKT', '01 OKT/OCT 18', { day: 1, month: 10, year: 18, yearDigits: 2 }],
    ['Spanish ENE', '15 ENE/JAN 2017', { day: 15, month: 1, year: 2017, yearDigits: 4 }],
    ['Spanish AGO', '15 AGO/AUG 2017', { day: 15, month: 8, year: 2017, yearDigits: 4 }],
    ['Spanish DIC', '31 DIC/DEC 2017', { day: 31, month: 12, year: 2017, yearDigits: 4 }],
    ['Dutch MEI', '09 MEI/MAY 2022', { day: 9, month: 5, year: 2022, yearDigits: 4 }],
    ['Norwegian DES alone', '12 DES 2019', { day: 12, month: 12, year: 2019, yearDigits: 4 }],
    ['Romanian IUN alone', '03 IUN 2015', { day: 3, month: 6, year: 2015, yearDigits: 4 }],
    ['Polish CZE before English', '03 CZE/JUN 2020', { day: 3, month: 6, year: 2020, yearDigits: 4 }],
    ["a state's own word disagreeing with the English one is a misread", '12 DES/JAN 2015', null],
    ['slash before the second month read as a brace', '03 OCT {OCT 17', { day: 3, month: 10, year: 17, yearDigits: 2 }],
    ['slash before the second month read as a parenthesis', '03 OCT (OCT 17', { day: 3, month: 10, year: 17, yearDigits: 2 }],
    // Seed 1005001 styled-dev 70 (a turned photo): a speck before the year read as a curly quote.
    ['speck before the year read as a curly quote', '09 SEP /SEP’19', { day: 9, month: 9, year: 19, yearDigits: 2 }],
    ['second month word with its last letter misread', '21 MAY/MA] 23', { day: 21, month: 5, year: 23, yearDigits: 2 }],
    ['month word with its O read as a zero', '21 0CT 2017', { day: 21, month: 10, year: 2017, yearDigits: 4 }],
    ['month word with its O read as a zero, run into the day', '210CT 2017', { day: 21, month: 10, year: 2017, yearDigits: 4 }],
    ['month word with its S read as a five, its pair misread', '22 5EP SER 2018', { day: 22, month: 9, year: 2018, yearDigits: 4 }],
    ['month word with its S read as a five, run into the day', '225EP 2018', { day: 22, month: 9, year: 2018, yearDigits: 4 }],
    ['a five before a word that is no month is no date', '12 5TH 2018', null],
    // Austria's 2004 specimen, the date of issue re-read wider: a rule's edge before it, read as a bar.
    ['after a stray bar that first reads as a digitless day', '| 03.12.2004', { day: 3, month: 12, year: 2004, yearDigits: 4 }],
    ['after a stray I that first reads as a digitless day', 'I 03.12.2004', { day: 3, month: 12, year: 2004, yearDigits: 4 }],
    ['dot read as a degree sign', '30°10.2020', { day: 30, month: 10, year: 2020, yearDigits: 4 }],
    ['dot read as a colon', '01: 12. 2023', { day: 1, month: 12, year: 2023, yearDigits: 4 }],
    ['slashes', '12/01/2015', { day: 12, month: 1, year: 2015, yearDigits: 4 }],
    ['dots', '12.01.2015', { day: 12, month: 1, year: 2015, yearDigits: 4 }],
    ['dashes, 2-digit year', '12-01-15', { day: 12, month: 1, year: 15, yearDigits: 2 }],
    ['OCR O for 0 inside digits', '1O.O1.2O15', { day: 10, month: 1, year: 2015, yearDigits: 4 }],
    ['label before', 'Date of issue / Date de délivrance 16 AVR/APR 2002', { day: 16, month: 4, year: 2002, yearDigits: 4 }],
    ['year first, ISO dashes', '2019-02-12', { day: 12, month: 2, year: 2019, yearDigits: 4 }],
    ['year first, dots and OCR letters', '2O19.O2.1Z', { day: 12, month: 2, year: 2019, yearDigits: 4 }],
    ['year first after a label', 'Date of issue 2008-05-11', { day: 11, month: 5, year: 2008, yearDigits: 4 }],
    ['day and month run together', '1911 2014', { day: 19, month: 11, year: 2014, yearDigits: 4 }],
    ['day, month and year run together', '08032017', { day: 8, month: 3, year: 2017, yearDigits: 4 }],
    ['eight digits inside a longer number are no date', '0803201745', null],
    ['eight digits year first are no date unless asked for', '20190201', null],
    ['month pair whose slash OCR read as I', '26 NOVINOV 17', { day: 26, month: 11, year: 17, yearDigits: 2 }],
    ['month pair whose slash OCR read as L', '13 OCTLOKT 2020', { day: 13, month: 10, year: 2020, yearDigits: 4 }],
    ['month pair whose slash OCR lost', '12 JANJAN 2015', { day: 12, month: 1, year: 2015, yearDigits: 4 }],
    ['month pair whose slash took the second word\'s first letter', '22JULAUL 23', { day: 22, month: 7, year: 23, yearDigits: 2 }],
    ['month pair whose slash OCR lost with the second word\'s first letter', '21JULUL 25', { day: 21, month: 7, year: 25, yearDigits: 2 }],
    ['month pair lost that way, a letter short of a month', '03 DECEC 2019', { day: 3, month: 12, year: 2019, yearDigits: 4 }],
    ['a month word and a tail of another month is a misread', '03 DECUL 2019', null],
    ['month pair run together whose first word the table lacks (Polish LIP/JUL)', '13 LIPJUL 17', { day: 13, month: 7, year: 17, yearDigits: 2 }],
    ['such a pair whose slash OCR read as I', '13 LIPIJUL 2017', { day: 13, month: 7, year: 2017, yearDigits: 4 }],
    ['an unknown word one letter from another month\'s is a misread of it', '13 AUCJUL 17', null],
    ['month pair run together whose second word the table lacks (Polish JAN/STY), its slash read as I', '24 JANISTY 26', { day: 24, month: 1, year: 26, yearDigits: 2 }],
    ['such a pair whose slash OCR lost', '24 JANSTY 2026', { day: 24, month: 1, year: 2026, yearDigits: 4 }],
    ['an unknown second word one letter from another month\'s is a misread of it', '04 OCTIPAZ 95', null],
    ['Turkish month pair whose slash OCR read as I', '19 JULITEM 24', { day: 19, month: 7, year: 24, yearDigits: 2 }],
    ['Turkish second month word', '28 OCT/EKI 53', { day: 28, month: 10, year: 53, yearDigits: 2 }],
    ['disagreeing month pair run together is a misread', '13 FEBIMAR 2020', null],
    ['disagreeing month pair without a slash is a misread', '05 MAYMAR 2012', null],
    ['disagreeing month pair is a misread', '12 JAN/FEB 2015', null],
    ['after a word that first reads as a day and month (S for 5)', 'UNITED STATES DEPARTMENT OF STATE 02 JUN 2017', { day: 2, month: 6, year: 2017, yearDigits: 4 }],
    ['no date', 'PASSPORT / PASSEPORT', null],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    const found = parsePrintedDates(text).filter((d) => d.valid);
    if (expected === null) expect(found).toEqual([]);
    else expect(found[0]).toMatchObject(expected);
  });

  it('reads a year-first date once, not also as a day-first one', () => {
    expect(parsePrintedDates('2019-02-12').map((d) => [d.day, d.month, d.year])).toEqual([[12, 2, 2019]]);
  });

  it('reads eight digits year first only when asked (yearFirstRuns), flagged, and a day-first run as before', () => {
    expect(parsePrintedDates('20190201', { yearFirstRuns: true }).filter((d) => d.valid)).toEqual([
      expect.objectContaining({ day: 1, month: 2, year: 2019, yearDigits: 4, yearFirstRunTogether: true }),
    ]);
    expect(parsePrintedDates('08032017', { yearFirstRuns: true })).toEqual([expect.objectContaining({ day: 8, month: 3, year: 2017, valid: true })]);
    expect(parsePrintedDates('08032017', { yearFirstRuns: true })[0]?.yearFirstRunTogether).toBeUndefined();
    // No month 13, nor eight digits inside a longer number.
    expect(parsePrintedDates('20191301', { yearFirstRuns: true }).filter((d) => d.yearFirstRunTogether)).toEqual([]);
    expect(parsePrintedDates('2019020145', { yearFirstRuns: true }).filter((d) => d.yearFirstRunTogether)).toEqual([]);
  });

  it('keeps an impossible date as invalid, for a later one-digit repair', () => {
    expect(parsePrintedDates('32.01.2015')[0]).toMatchObject({ valid: false, digits: '32012015' });
  });

  it('passes over a speck read as a letter stuck to the day, but not a letter that stands for a digit', () => {
    expect(read('C14 JAN JAN 13')).toEqual([[14, 1, 13]]);
    expect(read('I5 JAN 2015')).toEqual([[15, 1, 2015]]);
    expect(read('O5 JAN 2015')).toEqual([[5, 1, 2015]]);
    expect(read('PASS14 JAN 2015')).toEqual([]);
  });
  it('reads no two-digit year in two digits a symbol stands stuck to', () => {
    // Seed 1237401 scan 88, blurred to 494 px wide: the expiry 18 AUG 2025 was read `18 AUG AOUT 20%`, taken as
    // 18 AUG 2020, which the 5-year rule made the date of issue (printed 19 AUG 2015).
    expect(read('18 AUG AOUT 20%')).toEqual([]);
    expect(read('18.08.20#')).toEqual([]);
    expect(read('18 AUG AOUT 20')).toEqual([[18, 8, 20]]);
    expect(read('18 AUG/AOUT 20, BRUXELLES')).toEqual([[18, 8, 20]]);
  });
  it('reads no two-digit year in two digits a letter OCR gives for a digit stands stuck to', () => {
    // A hard photo's `16 DEC/DÉC 2015` read `16 DEC/OEC 20S`: taken as 16 DEC 2020, the 5-year rule's date.
    expect(read('16 DEC/OEC 20S')).toEqual([]);
    expect(read('16.12.20S')).toEqual([]);
    expect(read('16.12.2O')).toEqual([[16, 12, 20]]);
    // A rule's edge read as a bar or an I beside a two-digit year leaves it one.
    expect(read('16 DEC/DEC 20|')).toEqual([[16, 12, 20]]);
    expect(read('16 DEC/DEC 20 SEX')).toEqual([[16, 12, 20]]);
  });
  it('finds several dates in reading order', () => {
    expect(parsePrintedDates('10.11.2003  05.03.2020').map((d) => d.year)).toEqual([2003, 2020]);
  });
});

describe('monthFromWord', () => {
  it.each([
    ['JAN', 1], ['JANV', 1], ['FÉV', 2], ['MÄR', 3], ['MRZ', 3], ['AVR', 4], ['ABR', 4], ['MAI', 5], ['MEI', 5], ['JUIN', 6],
    ['JUIL', 7], ['AOÛT', 8], ['AGO', 8], ['SEPT', 9], ['OKT', 10], ['OCT', 10], ['NOV', 11], ['DÉC', 12], ['DEZ', 12], ['DIC', 12],
  ] as const)('%s -> %i', (word, month) => expect(monthFromWord(word)).toBe(month));
  it('refuses words that are no month', () => expect(monthFromWord('PASS')).toBeNull());
  it.each([
    ['DES', 12], ['IUN', 6], ['IUL', 7], ['CZE', 6], ['STY', 1], ['GRUDNIA', 12], ['PROSINAC', 12], ['AGT', 8], ['OKTOOBER', 10], ['ČVC', 7],
  ] as const)("knows %s, a state's own month word printed alone (-> %i)", (word, month) => expect(monthFromWord(word)).toBe(month));
  it('knows no word that names different months in two languages', () => {
    // Listopad is November in Polish and Czech, October in Croatian; lipiec July, lipanj June.
    for (const word of ['LIS', 'LISTOPAD', 'LIP', 'SRP']) expect(monthFromWord(word)).toBeNull();
  });
});

describe("a state's own month word a letter from a common word of another month", () => {
  it('names its month only when asked, flagged as a guess (MAC: Malay March, or MAY misread)', () => {
    expect(monthFromWord('MAC')).toBeNull();
    expect(parsePrintedDates('16 MAC 2019')).toEqual([]);
    expect(parsePrintedDates('16 MAC 2019', { guessMonths: true })).toMatchObject([{ day: 16, month: 3, year: 2019, monthGuessed: true }]);
    expect(parsePrintedDates('04 PAZ 2011', { guessMonths: true })).toMatchObject([{ day: 4, month: 10, monthGuessed: true }]);
  });
  it('gives way to the common word beside it', () => {
    expect(read('16 MAC/MAR 2019')).toEqual([[16, 3, 2019]]);
    expect(parsePrintedDates('16 MAC/MAY 2019', { guessMonths: true })).toMatchObject([{ month: 5 }]);
    expect(parsePrintedDates('16 MAC/MAY 2019', { guessMonths: true })[0]?.monthGuessed).toBeUndefined();
  });
});

describe('a month word misread one letter off (guessMonths)', () => {
  it("names the one month whose three-letter word it is a letter off, and none that is two months' or a month's", () => {
    expect(monthOneLetterOff('NOW')).toBe(11);
    expect(monthOneLetterOff('AIG')).toBe(8);
    // One letter off OCT and off Turkish OCA: no month.
    expect(monthOneLetterOff('0CY')).toBeNull();
    expect(monthOneLetterOff('JUM')).toBeNull();
    expect(monthOneLetterOff('NOV')).toBeNull();
    expect(monthOneLetterOff('WOW')).toBeNull();
  });
  it('counts a letter added or lost as one letter off', () => {
    expect(monthOneLetterOff('OCCT')).toBe(10);
    expect(monthOneLetterOff('NV')).toBe(11);
    // MAY, MAI, MAR, MAG, MAJ: no month.
    expect(monthOneLetterOff('MA')).toBeNull();
    expect(monthOneLetterOff('OCTOB')).toBeNull();
  });
  it('reads such a date only when asked, flagged, and only where no word names another month', () => {
    expect(parsePrintedDates('19 WOW NOW 16')).toEqual([]);
    expect(parsePrintedDates('19 WOW NOW 16', { guessMonths: true })).toMatchObject([{ day: 19, month: 11, year: 16, monthGuessed: true }]);
    expect(parsePrintedDates('19 NOV NOW 16', { guessMonths: true })).toMatchObject([{ day: 19, month: 11 }]);
    expect(parsePrintedDates('19 NOV NOW 16', { guessMonths: true })[0]?.monthGuessed).toBeUndefined();
    // Each word one letter off a different month: no date.
    expect(parsePrintedDates('19 NOW JUM 16', { guessMonths: true })).toEqual([]);
    expect(parsePrintedDates('19 NOW AIG 16', { guessMonths: true })).toEqual([]);
    // OCCT one letter added to OCT; OCY one letter from OCT and from OCA, so no word says another month only.
    expect(parsePrintedDates('07 ocCT /0CY 2022', { guessMonths: true })).toMatchObject([{ day: 7, month: 10, year: 2022, monthGuessed: true }]);
  });
  it('reads a day and a year around words that name no month, even a letter off, only when asked: month 0, flagged', () => {
    expect(parsePrintedDates('11 SERSER 17')).toEqual([]);
    expect(parsePrintedDates('11 SERSER 17', { guessMonths: true })).toMatchObject([{ day: 11, month: 0, year: 17, monthUnread: true }]);
    expect(parsePrintedDates('12 LISINOV 19', { guessMonths: true })).toMatchObject([{ day: 12, month: 0, year: 19, monthUnread: true }]);
    expect(parsePrintedDates('12 NOV 19', { guessMonths: true })[0]?.monthUnread).toBeUndefined();
  });
  it("takes an exclamation mark between a month pair's words for the slash", () => {
    expect(read('04 AUG! AIG 2016')).toEqual([[4, 8, 2016]]);
  });
});

describe('resolveTwoDigitYear within the MRZ window', () => {
  it.each([
    [15, 1980, 2025, 2015],
    [99, 1985, 2009, 1999],
    [5, 1999, 2030, 2005],
    [50, 1960, 2030, null],
  ] as const)('%i in [%i, %i] -> %s', (yy, from, to, year) => expect(resolveTwoDigitYear(yy, from, to)).toBe(year));
});

describe('holdsPartialDate', () => {
  it.each(['JAN/JAN 2023', '05.05', '24 MA', '14 JAN', 'AUG/A00T 1990', '4 MAR /MAR 2020', '1.04.2005', '29.07.2', '29.07.200'])('%s holds a date with a part missing', (text) => {
    expect(holdsPartialDate(text)).toBe(true);
  });
  it.each(['14 JAN 2023', '28 03 2017', 'MARTIN', 'CAPE TOWN', '170 cm', 'ACCRA 2023', 'PASSPORT NO 123', '29.07.2016', '29.07.20'])('%s does not', (text) => {
    expect(holdsPartialDate(text)).toBe(false);
  });
});
