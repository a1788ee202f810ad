import { describe, expect, it } from 'vitest';
import { chooseIssueDate, inkDateTaken, offRule, readIssueDate, rivalRuleDates, settleAtypical, typicalIssueDates, weakIssueDate } from '../../plugins/passport/viz/issueDateChoice.ts';
import { cutYearDates, parsePrintedDates } from '../../plugins/passport/viz/printedDate.ts';

const labelled = (text: string) => parsePrintedDates(text).map((date) => ({ date, labelled: true }));
const anywhere = (text: string) => parsePrintedDates(text).map((date) => ({ date, labelled: false }));

describe('chooseIssueDate', () => {
  it('takes the labelled date and resolves its two-digit year inside birth..expiry', () => {
    expect(chooseIssueDate(labelled('12 JAN /JAN 15'), '1980-03-04', '2025-01-11')).toMatchObject({ iso: '2015-01-12', repair: null, typical: true });
  });
  it('accepts an atypical printed date as printed (never replaced by the rule)', () => {
    expect(chooseIssueDate(labelled('12 JAN 2016'), '1980-03-04', '2025-01-11')).toMatchObject({ iso: '2016-01-12', repair: null, typical: false });
  });
  it('repairs one misread digit towards the 10-years-minus-a-day date', () => {
    expect(chooseIssueDate(labelled('32.01.2015'), '1980-03-04', '2025-01-11')).toMatchObject({ iso: '2015-01-12', repair: { from: '32012015', to: '12012015' } });
  });
  it('repairs nothing one digit from two typical dates', () => {
    // Expiry 08.10.2027: 09.10.2017 (ten years less a day) and 08.10.2017 (ten years) are both typical.
    expect(chooseIssueDate(labelled('00.10.2017'), '1980-03-04', '2027-10-08')).toBeNull();
    expect(chooseIssueDate(labelled('39.10.2017'), '1980-03-04', '2027-10-08')?.iso).toBe('2017-10-09');
  });
  it('never repairs two digits that are not look-alikes', () => {
    expect(chooseIssueDate(labelled('38.07.2015'), '1980-03-04', '2025-01-11')).toBeNull();
    expect(chooseIssueDate(anywhere('61.12.2523'), '2000-12-31', '2033-11-30')).toBeNull();
  });
  it('repairs two look-alike digits (0 read as 6 or 9) only of a read that is no date', () => {
    expect(chooseIssueDate(anywhere('61.12.2923'), '2000-12-31', '2033-11-30')).toMatchObject({ iso: '2023-12-01', repair: { from: '61122923', to: '01122023' }, basis: 'repair' });
    // A real date out of the window is one, read as printed: two digits from the rule's date prove nothing.
    expect(chooseIssueDate(labelled('07.12.2923'), '2000-12-31', '2033-11-30')).toBeNull();
  });
  it('repairs no two look-alike digits where another of the rule\'s dates is as few digits away', () => {
    // German specimen, real train part, its sheared harsh copy: 31.08.1993 under the stamp read `37.08.1995`, made
    // 31.08.1998 (1 for 7, 8 for 5; five years less a day before 30.08.2003); the ten-year date is two digits off too.
    expect(chooseIssueDate(anywhere('37.08.1995'), '1945-09-12', '2003-08-30')).toBeNull();
    expect(chooseIssueDate(labelled('37.08.1995'), '1945-09-12', '2003-08-30')).toBeNull();
    // A month read `18`, one digit from the five-year date and two from any other: repaired as before.
    expect(chooseIssueDate(labelled('31.18.1998'), '1945-09-12', '2003-08-30')?.iso).toBe('1998-08-31');
  });
  it('skips unlabelled copies of the birth and expiry dates and picks the date between them', () => {
    expect(chooseIssueDate(anywhere('04.03.1980 12.01.2015 11.01.2025'), '1980-03-04', '2025-01-11')?.iso).toBe('2015-01-12');
  });
  it('prefers a labelled date over an unlabelled typical one', () => {
    const candidates = [...anywhere('12.01.2015'), ...labelled('20.02.2016')];
    expect(chooseIssueDate(candidates, '1980-03-04', '2025-01-11')?.iso).toBe('2016-02-20');
  });
  it('never repairs the printed expiry date into an exact-years issue date', () => {
    // Expiry 27 MAY 2032 is one digit from 27 MAY 2022 (10 years exactly); the issue date itself was not read.
    expect(chooseIssueDate(anywhere('26 FEB /FEB 96 27 MAY /MAY 32'), '1996-02-26', '2032-05-27')).toBeNull();
    expect(chooseIssueDate(labelled('06/05/2031'), '1978-11-23', '2031-05-06')).toBeNull();
  });
  it('never repairs an unlabelled misread of the expiry\'s copy into the rule\'s date, though it is no date', () => {
    // The expiry 21 01 26 read `21 01 28` (1928, before the birth): a digit from it, and from the rule's 21 01 21.
    expect(chooseIssueDate(anywhere('17 02 89 02 01 18 21 01 28'), '1989-02-17', '2026-01-21', '2026-12-07')).toBeNull();
    // Not a digit from any copy: the misread issue date is still repaired.
    expect(chooseIssueDate(anywhere('17 02 89 21 07 21 21 01 26'), '1989-02-17', '2026-01-21', '2026-12-07')?.iso).toBe('2021-01-21');
  });
  it('never repairs the expiry printed beside the issue label into an issue date, its two-digit year resolved away', () => {
    // `29 AUG/AOUT 30` under the issue label: 30 resolves to 1930 before the expiry, one digit from 29 AUG 20.
    const candidates = [...labelled('29 AUG/AOUT 30'), ...anywhere('30 AUG/AOUT 20.')];
    expect(chooseIssueDate(candidates, '1997-03-31', '2030-08-29', '2026-11-26')?.iso).toBe('2020-08-30');
    expect(chooseIssueDate(labelled('29 AUG/AOUT 30'), '1997-03-31', '2030-08-29', '2026-11-26')).toBeNull();
  });
  it('takes no date with a day or month shorter than the page, whose copies pad them, prints it', () => {
    // `14 01 2023` read as `1 01 2023` beside `13 01 2033` and `31.07 1982`.
    const page = [...labelled('1 01 2023'), ...anywhere('31.07 1982 13 01 2033')];
    expect(chooseIssueDate(page, '1982-07-31', '2033-01-13')).toBeNull();
    // A page that prints days unpadded (`7 APR 1974`) keeps its one-digit days.
    expect(chooseIssueDate([...labelled('1 MAR 2016'), ...anywhere('7 APR 1974 28 FEB 2026')], '1974-04-07', '2026-02-28')?.iso).toBe('2016-03-01');
  });
  it('takes no one-digit day from a page whose copies do not show it prints days that way, even on the rule', () => {
    // Colombia's specimen under glare: `01 ABR/APR 2026` read `2/APR 2026`, the expiry's copy not read as a date, and
    // the birth's day (20) two digits either way. 2 APR 2026 is the 5-year rule's date less a day: chance, not a reading.
    const page = [...labelled('2 APR 2026'), ...anywhere('20 MAY 1998')];
    expect(chooseIssueDate(page, '1998-05-20', '2031-04-01')).toBeNull();
    expect(chooseIssueDate([...labelled('01 APR 2026'), ...anywhere('20 MAY 1998')], '1998-05-20', '2031-04-01')?.iso).toBe('2026-04-01');
  });
  it('takes a month read in one digit that only its leading zero can have left', () => {
    // A JPEG copy of Germany's specimen (real train part, deu-5): `03.04.1997` read `03.4.1997`, beside the expiry's
    // `02.04.2007`. No month is 14 or 40: the date is the one printed, and the 10-year rule's.
    const page = [...anywhere('03.4.1997'), ...anywhere('02.04.2007')];
    expect(chooseIssueDate(page, '1957-08-12', '2007-04-02')?.iso).toBe('1997-04-03');
    // A `1` may have been 10, 11 or 12: as for a day, such a reading is taken only on a page that prints them so.
    expect(chooseIssueDate([...anywhere('03.1.1997'), ...anywhere('02.01.2007')], '1957-08-12', '2007-01-02')).toBeNull();
  });
  it('takes no unlabelled date where two of the rule\'s dates were read', () => {
    // Czechia's specimen tilted 30°: `29.07.2006` read twice, once as `30.07.2006`, the rule's date less a day for an
    // expiry of 29 JUL 2016. Which one is printed, the rule cannot say.
    expect(chooseIssueDate(anywhere('22.06.1969 30.07.2006 29.07.2006 29.07.2016'), '1969-06-22', '2016-07-29')).toBeNull();
    expect(chooseIssueDate(anywhere('22.06.1969 29.07.2006 29.07.2016'), '1969-06-22', '2016-07-29')?.iso).toBe('2006-07-29');
    // Under its label a date is read for what it is, whatever else the page holds.
    expect(chooseIssueDate([...labelled('29.07.2006'), ...anywhere('30.07.2006')], '1969-06-22', '2016-07-29')?.iso).toBe('2006-07-29');
  });
  it("takes the page's one date besides its printed birth and expiry, whatever its label was read as", () => {
    // A two-year specimen: not what the 5/10-year rule expects, and its label read as `Dae de dérance`.
    const choice = chooseIssueDate(anywhere('2512 1984 28 03 2017 27 03 2019'), '1984-12-25', '2019-03-27');
    expect(choice).toMatchObject({ iso: '2017-03-28', typical: false, basis: 'only_other_date' });
    expect(choice!.confidence).toBeLessThan(0.8);
  });
  it("takes no page's other date one look-alike digit from the rule's", () => {
    // A hard photo's `01 DEC/DIC 18` for 01 DEC/DIC 15, the expiry 01 DEC/DIC 20: a two-year passport or a 5 read as 8.
    expect(chooseIssueDate(anywhere('23 OCT/OCT 98 01 DEC/DIC 18 01 DEC/DIC 20'), '1998-10-23', '2020-12-01')).toBeNull();
    expect(chooseIssueDate(anywhere('23 OCT/OCT 98 01 DEC/DIC 17 01 DEC/DIC 20'), '1998-10-23', '2020-12-01')?.iso).toBe('2017-12-01');
  });
  it('takes the one other date whole years less a day before the expiry without copies of birth and expiry', () => {
    // Germany's child specimen under JPEG: `01.11.2014` and the expiry's `31.10.2020` read, not the birth's copy.
    const choice = chooseIssueDate(anywhere('01.11.2014 31.10.2020'), '2009-03-15', '2020-10-31');
    expect(choice).toMatchObject({ iso: '2014-11-01', typical: false, basis: 'only_other_date' });
    expect(weakIssueDate(choice!)).toBe(true);
    // Not with a second other date beside it, nor on the expiry's own day and month, nor cut to one digit.
    expect(chooseIssueDate(anywhere('01.11.2014 03.05.2016 31.10.2020'), '2009-03-15', '2020-10-31')).toBeNull();
    expect(chooseIssueDate(anywhere('31.10.2014 31.10.2020'), '2009-03-15', '2020-10-31')).toBeNull();
    expect(chooseIssueDate(anywhere('1.11.2014 31.10.2020'), '2009-03-15', '2020-10-31')).toBeNull();
    // Nor one look-alike digit from the rule's date: `01.11.2018` may be 01.11.2015 misread.
    expect(chooseIssueDate(anywhere('01.11.2018 31.10.2020'), '2009-03-15', '2020-10-31')).toBeNull();
  });
  it('takes no other date unless birth and expiry were read, it is the only one, and it is written as they are', () => {
    expect(chooseIssueDate(anywhere('20 03 2017 27 03 2019'), '1984-12-25', '2019-03-27')).toBeNull();
    expect(chooseIssueDate(anywhere('25 12 1984 28 03 2017 01 04 2018 27 03 2019'), '1984-12-25', '2019-03-27')).toBeNull();
    expect(chooseIssueDate(anywhere('25 12 1984 28 3 2017 27 03 2019'), '1984-12-25', '2019-03-27')).toBeNull();
    // After expiry or before birth: no date of issue.
    expect(chooseIssueDate(anywhere('25 12 1984 28 03 2020 27 03 2019'), '1984-12-25', '2019-03-27')).toBeNull();
  });
  it('repairs one digit of an unlabelled date towards the rule, weakly', () => {
    // Canada's specimen: `14 JAN/JAN 2023` read `04 JAN/JAN 2023` by every pass, its label garbled.
    const read = chooseIssueDate(anywhere('01 AUG 1990 04 JAN/JAN 2023 14 JAN/JAN 2033'), '1990-08-01', '2033-01-14');
    expect(read).toMatchObject({ iso: '2023-01-14', repair: { from: '04012023', to: '14012023' }, basis: 'unlabelled_repair' });
    expect(weakIssueDate(read!)).toBe(true);
    // A labelled date, even off the rule, and a date on the rule outrank it.
    expect(chooseIssueDate([...anywhere('04 JAN 2023'), ...labelled('09 JAN 2023')], '1990-08-01', '2033-01-14')?.iso).toBe('2023-01-09');
    expect(chooseIssueDate(anywhere('04 JAN 2023 14 JAN 2023'), '1990-08-01', '2033-01-14')).toMatchObject({ iso: '2023-01-14', repair: null });
  });
  it('repairs no month an unlabelled date spelled as a word', () => {
    // Glare 1242012 item 72: `17 MAR 2015` washed, `17 JUL 10` read unlabelled; JUL is no digit misread of MAR, and
    // the rule's 2010 date the repair made was five years off.
    expect(chooseIssueDate(anywhere('17 JUL 10'), '1988-07-17', '2020-03-16', '2026-12-07')).toBeNull();
    // Its day still is: `07 MAR 10` for 17 MAR 10.
    expect(chooseIssueDate(anywhere('07 MAR 10'), '1988-07-17', '2020-03-16', '2026-12-07')).toMatchObject({ iso: '2010-03-17', basis: 'unlabelled_repair' });
    // And an all-digit month is one: `17.07.2010` for 17.03.2010.
    expect(chooseIssueDate(anywhere('17.07.2010'), '1988-07-17', '2020-03-16', '2026-12-07')).toMatchObject({ iso: '2010-03-17', basis: 'unlabelled_repair' });
  });
  it('repairs an unlabelled date\'s year only where the year read cannot be the date of issue', () => {
    // `21 10 19` read `21 10 10` beside an expiry of 2029 (no passport runs 19 years; 0 and 9 are look-alikes).
    expect(chooseIssueDate(anywhere('21 10 10'), '1987-07-18', '2029-10-21', '2026-12-07')).toMatchObject({ iso: '2019-10-21', basis: 'unlabelled_repair' });
    // A year that can be the date of issue is read as printed: a two-year passport's 27 03 2017, not the rule's 2014.
    expect(chooseIssueDate(anywhere('27 03 2017'), '1984-12-25', '2019-03-27', '2026-12-07')).toBeNull();
    // Nor a year digit OCR does not confuse: `04.08.5015` is no 2015 it can prove.
    expect(chooseIssueDate(anywhere('04.08.5015'), '1947-07-26', '2025-08-03', '2026-12-07')).toBeNull();
  });
  it('takes as look-alikes the digits the page\'s own copy of the expiry shows OCR confusing', () => {
    // Hard photo 1242007 item 63: every 9 of the blurred print read as 3, `14.01.2013` (no passport runs 16 years)
    // beside the expiry's copy `13.01.2023` for 13.01.2029; 3 and 9 are no look-alikes otherwise.
    const seen = chooseIssueDate(anywhere('14.01.2013 13.01.2023'), null, '2029-01-13', '2026-12-07');
    expect(seen).toMatchObject({ iso: '2019-01-14', repair: { from: '14012013', to: '14012019' }, basis: 'unlabelled_repair' });
    expect(chooseIssueDate(anywhere('14.01.2013'), null, '2029-01-13', '2026-12-07')).toBeNull();
    // A copy read right shows no confusion.
    expect(chooseIssueDate(anywhere('14.01.2013 13.01.2029'), null, '2029-01-13', '2026-12-07')).toBeNull();
  });
  it('repairs no unlabelled date a digit from the birth or expiry the MRZ gives', () => {
    // A child's birth, 25 JAN 2013, read `25 JAN 2018`: one digit from the rule's 15 JAN 2018 too.
    expect(chooseIssueDate(anywhere('25 JAN 2018'), '2013-01-25', '2028-01-15')).toBeNull();
    // The expiry, 14 JAN 2033, read `14 JAN 2043`: one digit from the rule's 14 JAN 2023 too.
    expect(chooseIssueDate(anywhere('14 JAN 2043'), '1990-08-01', '2033-01-14')).toBeNull();
  });
  it('does not take an unlabelled date the 5/10-year rule does not expect', () => {
    expect(chooseIssueDate(anywhere('25/03/1968 1/1/2023 01/11/2033'), '1968-03-25', '2033-11-01')).toBeNull();
  });
  it('reads a two-digit month split by OCR', () => {
    expect(chooseIssueDate(anywhere('25/03/1968 02/1 1/2023 01/11/2033'), '1968-03-25', '2033-11-01')?.iso).toBe('2023-11-02');
  });
  it('takes no two-digit year cut from a page that prints four-digit years', () => {
    const candidates = [...anywhere('18.04.2031'), ...labelled('19.04.20 21')];
    expect(chooseIssueDate(candidates, '1990-01-01', '2031-04-18')).toBeNull();
    expect(chooseIssueDate([...anywhere('18.04.2031'), ...labelled('19.04.2021')], '1990-01-01', '2031-04-18')?.iso).toBe('2021-04-19');
    // Month words likewise: `24 FEB 2017` read `24 FEB 20` beside `19 AUG 2006`.
    expect(chooseIssueDate([...labelled('24 FEB 20'), ...anywhere('19 AUG 2006')], '2006-08-19', '2022-02-23', '2026-12-07')).toBeNull();
    // A page printing two-digit years keeps them (`11 MAY/MAI 08`).
    expect(chooseIssueDate([...labelled('11 MAY/MAI 08'), ...anywhere('02 JAN/JAN 71')], '1971-01-02', '2018-05-10', '2026-12-07')?.iso).toBe('2008-05-11');
  });
  it('takes no year read as a century\'s digits where the rule completes it otherwise, unless the page prints two-digit years', () => {
    // Seed 1241902 hard photos, item 21: `18 DEC 2015` read `18 DEC 20` under a hologram, the 5-year rule's 18 DEC 2020.
    expect(chooseIssueDate(labelled('18 DEC 20'), '1992-08-30', '2025-12-17', '2026-12-07')).toBeNull();
    expect(chooseIssueDate(labelled('18 DEC 2015'), '1992-08-30', '2025-12-17', '2026-12-07')?.iso).toBe('2015-12-18');
    // A page whose other dates print two-digit years prints this one so too.
    expect(chooseIssueDate([...labelled('18 DEC 20'), ...anywhere('17 DEC 25')], '1992-08-30', '2025-12-17', '2026-12-07')?.iso).toBe('2020-12-18');
    // Where no other rule date completes it, `19` is the year read (18 DEC 2024 is no `18 DEC 19` cut short).
    expect(chooseIssueDate(labelled('18 DEC 19'), '1992-08-30', '2029-12-17', '2026-12-07')?.iso).toBe('2019-12-18');
    // 18 DEC 2025 cut short is as likely as the 10-year rule's 18 DEC 2020.
    expect(chooseIssueDate(labelled('18 DEC 20'), '1992-08-30', '2030-12-17', '2026-12-07')).toBeNull();
  });
  it('returns null when nothing printed is a plausible issue date', () => {
    expect(chooseIssueDate(labelled('12.07.2030'), '1980-03-04', '2025-01-11')).toBeNull();
    expect(chooseIssueDate([], '1980-03-04', '2025-01-11')).toBeNull();
  });
  it('knows the typical dates of a 5- and 10-year book, leap days included', () => {
    expect(typicalIssueDates('2012-04-15')).toEqual(['2002-04-16', '2007-04-16', '2002-04-15', '2007-04-15']);
    expect(typicalIssueDates('2030-02-28')[0]).toBe('2020-02-29');
  });
});

describe('printed dates with a slash misread', () => {
  it('reads `21 JUL [JUL 18` as 21 July 2018', () => {
    expect(chooseIssueDate(labelled('21 JUL [JUL 18'), '1962-03-19', '2028-07-20')?.iso).toBe('2018-07-21');
  });
  it('never takes a date after the day of reading, whatever a misread expiry allows', () => {
    expect(chooseIssueDate(labelled('16 NOV 16'), '1990-01-01', '2126-11-15', '2026-11-22')?.iso).toBe('2016-11-16');
    expect(chooseIssueDate(labelled('03 MAR 2027'), '1990-01-01', '2032-11-15', '2026-11-22')).toBeNull();
    expect(chooseIssueDate(labelled('22 NOV 2026'), '1990-01-01', '2036-11-21', '2026-11-22')?.iso).toBe('2026-11-22');
  });
});

describe('a labelled date further from the expiry than any passport runs', () => {
  it('is a misread: one digit from the rule\'s date, repaired; else not taken', () => {
    // Seed 991001 styled-dev 135: glare, `17 MAY 2020` read for 2024 beside an expiry of 2034-05-16.
    expect(chooseIssueDate(labelled('17 MAY 2020'), '1992-12-22', '2034-05-16', '2026-11-29')).toMatchObject({ iso: '2024-05-17', basis: 'repair' });
    expect(chooseIssueDate(labelled('03 FEB 2019'), '1992-12-22', '2034-05-16', '2026-11-29')).toBeNull();
  });
  it('leaves a validity of ten years and some months, as a renewal carried over', () => {
    expect(chooseIssueDate(labelled('12 FEB 2016'), '1980-03-04', '2026-11-11', '2026-11-29')).toMatchObject({ iso: '2016-02-12', basis: 'label' });
  });
});

describe('a labelled date off the 5/10-year rule', () => {
  // Expiry 2020-05-14: five years less a day is 2015-05-15; OCR read the label's `15.05.2015` as `18.05.2015`.
  const misread = chooseIssueDate(labelled('18.05.2015'), '1980-03-04', '2020-05-14')!;
  const reread = chooseIssueDate(labelled('15.05.2015'), '1980-03-04', '2020-05-14')!;
  it('is off the rule, and asks for a second reading, however far off', () => {
    expect(offRule(misread, '2020-05-14')).toBe(true);
    expect(offRule(reread, '2020-05-14')).toBe(false);
    expect(offRule(chooseIssueDate(labelled('18.06.2015'), '1980-03-04', '2020-05-14'), '2020-05-14')).toBe(true);
    // Not without an expiry to hold it to, nor for a date found unlabelled on the rule.
    expect(offRule(misread, null)).toBe(false);
    expect(offRule(chooseIssueDate(anywhere('15.05.2015'), '1980-03-04', '2020-05-14'), '2020-05-14')).toBe(false);
  });
  it('gives way to a second pass that read the rule\'s date itself, and stands where none did', () => {
    expect(settleAtypical([misread, reread]).map((c) => c?.iso)).toEqual(['2015-05-15', '2015-05-15']);
    expect(settleAtypical([misread, null]).map((c) => c?.iso)).toEqual(['2015-05-18', undefined]);
    // The rule's date made by a one-digit repair is no second reading.
    const repaired = chooseIssueDate(labelled('35.05.2015'), '1980-03-04', '2020-05-14');
    expect(repaired).toMatchObject({ iso: '2015-05-15', basis: 'repair' });
    expect(settleAtypical([misread, repaired])[0]?.iso).toBe('2015-05-18');
  });
  it('gives way, however far off the rule, to another pass that read the rule\'s date under its label', () => {
    // The expiry beside the issue label read as `28012024` in one pass; `28 JUL 2019` under the label in the sharper one.
    const misplaced = chooseIssueDate(labelled('28012024'), '2013-01-12', '2024-07-28')!;
    const labelledRule = chooseIssueDate(labelled('28 JUL 2019'), '2013-01-12', '2024-07-28')!;
    expect(misplaced).toMatchObject({ iso: '2024-01-28', typical: false });
    expect(settleAtypical([misplaced, labelledRule]).map((c) => c?.iso)).toEqual(['2019-07-28', '2019-07-28']);
    // An unlabelled date on the rule is no second reading of the label's.
    const unlabelled = chooseIssueDate(anywhere('28 JUL 2019'), '2013-01-12', '2024-07-28')!;
    expect(settleAtypical([misplaced, unlabelled])[0]?.iso).toBe('2024-01-28');
  });
});

describe('two of the rule\'s dates read', () => {
  // Oman's specimen at low contrast: one pass read `18.11.2014`, the other `19.11.2014`; the expiry is 18 NOV 2024, so
  // each is one of the rule's dates (exact years, and less a day). The first pass's was taken, and was the misread.
  const first = readIssueDate(anywhere('04.03.1978 18.11.2014'), '1978-03-04', '2024-11-18');
  const second = readIssueDate(anywhere('04.03.1978 19.11.2014 18.11.2024'), '1978-03-04', '2024-11-18');
  it('are rivals the rule cannot settle, across passes', () => {
    expect([first.choice?.iso, second.choice?.iso]).toEqual(['2014-11-18', '2014-11-19']);
    expect(rivalRuleDates([first, second, null])).toBe(true);
  });
  it('are rivals within a pass too, though another pass read only one of them', () => {
    // Croatia's specimen, small and soft: `01.07.2009` and `01.07.2004` (the expiry, 01.07.2014, misread) in one pass,
    // `01.07.2004` alone in the other. The pass with both takes neither; the other's alone was taken, and was wrong.
    const both = readIssueDate(anywhere('01.07.2009 01.07.2004'), '1982-12-25', '2014-07-01');
    const one = readIssueDate(anywhere('01.07.2000 01.07.2004'), '1982-12-25', '2014-07-01');
    expect([both.choice, one.choice?.iso]).toEqual([null, '2004-07-01']);
    expect(rivalRuleDates([both, one])).toBe(true);
  });
  it('has no rival in a date repaired onto the rule: it was read as none', () => {
    // The personalised ink read the expiry 02.09.2025 as `02.00.2028`, two look-alike digits from the 5-year rule's
    // exact date 02.09.2020; both other passes read the rule's 03.09.2020 as printed (seed 1125001 glare 044).
    const read = readIssueDate(anywhere('11.12.1966 03.09.2020 02.09.2025'), '1966-12-11', '2025-09-02');
    const inkRead = readIssueDate(anywhere('11.12.1906 02.00.2028'), '1966-12-11', '2025-09-02');
    expect([read.choice?.iso, inkRead.choice?.iso, inkRead.choice?.repair]).toEqual(['2020-09-03', '2020-09-02', { from: '02002028', to: '02092020' }]);
    expect(rivalRuleDates([read, read, inkRead])).toBe(false);
  });
  it('are no rivals when they agree, or when one is off the rule', () => {
    expect(rivalRuleDates([first, first, undefined])).toBe(false);
    expect(rivalRuleDates([first, readIssueDate(labelled('12.11.2014'), '1978-03-04', '2024-11-18')])).toBe(false);
    expect(rivalRuleDates([null, second])).toBe(false);
  });
});

describe('a date of issue whose year lost its last digit', () => {
  const cut = (text: string, labelled = true) => cutYearDates(text).map((date) => ({ date, labelled }));
  it('is read from the day, the month and three year digits only, at the text end, never from two', () => {
    expect(cutYearDates('/°27 DEC 202').map((d) => d.digits)).toEqual(['2712202']);
    expect(cutYearDates('27.12.202').map((d) => d.digits)).toEqual(['2712202']);
    // A year printed in two digits is whole, and one digit says no decade.
    expect(cutYearDates('03 APR/ABR 20')).toEqual([]);
    expect(cutYearDates('27 DEC 2')).toEqual([]);
    expect(cutYearDates('27 DEC 2024')).toEqual([]);
    expect(parsePrintedDates('27 DEC 202')).toEqual([]);
  });
  it("under its label, is the 5/10-year rule's one date it spells the start of, as a repair", () => {
    // Expiry 27.12.2034, read on 1 December 2026: glare over the issue date's last digit (New Zealand issues for ten
    // years to the day). The five-year rule's 2029 has not come yet.
    const today = '2026-12-01';
    expect(chooseIssueDate(cut('27 DEC 202'), '1960-04-20', '2034-12-27', today)).toMatchObject({ iso: '2024-12-27', repair: { from: '2712202', to: '27122024' }, basis: 'repair' });
    // Unlabelled, it is no date of issue; nor where the rule has two dates that start so (2020 and 2025 both `202`).
    expect(chooseIssueDate(cut('27 DEC 202', false), '1960-04-20', '2034-12-27', today)).toBeNull();
    expect(chooseIssueDate(cut('27 DEC 202'), '1960-04-20', '2030-12-27', today)).toBeNull();
    // A day the rule does not spell: nothing.
    expect(chooseIssueDate(cut('21 DEC 202'), '1960-04-20', '2034-12-27', today)).toBeNull();
  });
});

describe('a date of issue read past the expiry, on a passport of other whole years', () => {
  const today = '2026-12-02';
  it("mends one year digit where the day and month are the expiry's less a day and one whole-years date fits", () => {
    // A child's six-year passport (expiry 31.10.2020), its issue date `01.11.2014` read `01.11.2074` with no label.
    expect(chooseIssueDate(anywhere('01.11.2074'), '2009-03-15', '2020-10-31', today)).toMatchObject({
      iso: '2014-11-01',
      repair: { from: '01112074', to: '01112014', years: 6 },
      typical: false,
      basis: 'unlabelled_repair',
    });
    expect(chooseIssueDate(labelled('01.11.2074'), '2009-03-15', '2020-10-31', today)).toMatchObject({ iso: '2014-11-01', basis: 'repair' });
    // The exact-years variant: a two-year passport issued on its expiry's day.
    expect(chooseIssueDate(labelled('31.10.2078'), '2009-03-15', '2020-10-31', today)?.iso).toBe('2018-10-31');
  });
  it("mends nothing where the day and month are not the rule's or the year is not one look-alike digit off", () => {
    expect(chooseIssueDate(labelled('02.11.2074'), '2009-03-15', '2020-10-31', today)).toBeNull();
    expect(chooseIssueDate(labelled('01.11.2174'), '2009-03-15', '2020-10-31', today)).toBeNull();
    // 8 and 1 are no look-alikes: `01.11.2086` is not the six-year date 01.11.2016 misread.
    expect(chooseIssueDate(labelled('01.11.2086'), '2009-03-15', '2020-10-31', today)).toBeNull();
    // Nor, without a label, 2 for 1: `01.11.2020` past the expiry is no nine-year 01.11.2010.
    expect(chooseIssueDate(anywhere('01.11.2020'), '2009-03-15', '2020-10-31', today)).toBeNull();
    // A year read inside the window is taken as read, never mended.
    expect(chooseIssueDate(labelled('01.11.2016'), '1980-03-15', '2020-10-31', today)).toMatchObject({ iso: '2016-11-01', repair: null });
  });
  it("mends an unlabelled year read before any issue the expiry allows to the 5/10-year rule's date, as typical", () => {
    // Germany's specimen under the Muster overprint: `31.08.1983` (8 for 9) beside an expiry of 30.08.2003.
    expect(chooseIssueDate(anywhere('31.08.1983'), '1945-09-12', '2003-08-30', today)).toMatchObject({
      iso: '1993-08-31',
      repair: { from: '31081983', to: '31081993' },
      typical: true,
      basis: 'unlabelled_repair',
    });
    expect(chooseIssueDate(anywhere('31.08.1983'), '1945-09-12', '2003-08-30', today)?.repair?.years).toBeUndefined();
  });
  it('says which whole years it mended to', () => {
    const choice = chooseIssueDate(anywhere('01.11.2074'), '2009-03-15', '2020-10-31', today);
    expect(choice?.repair?.years).toBe(6);
  });
});

describe("the personalised-ink pass's date of issue (inkDateTaken)", () => {
  const today = '2026-12-02';
  it('is not taken mended towards a whole number of years off the 5/10-year rule', () => {
    // deu-3's copy turned 180 degrees: its ink page read `01.11.2077` for 01.11.2014 (two digits), mended to 2017.
    const mended = chooseIssueDate(anywhere('01.11.2077'), '2009-03-15', '2020-10-31', today);
    expect(mended).toMatchObject({ iso: '2017-11-01', repair: { years: 3 } });
    expect(inkDateTaken(mended)).toBe(false);
  });
  it("is taken as printed, or mended one digit towards the rule's date", () => {
    expect(inkDateTaken(chooseIssueDate(anywhere('01.11.2014'), '2009-03-15', '2024-10-31', today))).toBe(true);
    const towardsRule = chooseIssueDate(anywhere('31.08.1983'), '1945-09-12', '2003-08-30', today);
    expect(towardsRule).toMatchObject({ iso: '1993-08-31', typical: true });
    expect(inkDateTaken(towardsRule)).toBe(true);
    expect(inkDateTaken(null)).toBe(false);
  });
});

describe.each([
  {
    kind: 'whose month word was misread a letter off',
    options: { guessMonths: true },
    // Expiry 19 NOV 2026: 19 NOV 2016 is ten years before.
    expiry: '2026-11-19',
    onRule: ['19 WOW NOW 16', '2016-11-19'],
    offRule: ['12 WOW NOW 16', '18 WOW NOW 16'],
    copies: '01.01.1990 19.11.2026',
    other: '12 WOW NOW 18',
  },
  {
    // Hard photos of seed 1240301 (items 23, 90): `11 SERSER 17`, `12 LISINOV 19`, the month pair unread.
    kind: 'whose month no word names',
    options: { guessMonths: true },
    // Expiry 10 SEP 2027: 11 SEP 2017 is ten years less a day before.
    expiry: '2027-09-10',
    onRule: ['11 SERSER 17', '2017-09-11'],
    offRule: ['12 SERSER 17', '11 SERSER 16'],
    copies: '01.01.1990 10.09.2027',
    other: '12 SERSER 19',
  },
  {
    kind: 'year first, whose dashes OCR lost',
    options: { yearFirstRuns: true },
    expiry: '2029-02-01',
    onRule: ['20190201', '2019-02-01'],
    offRule: ['20190205', '20190211'],
    copies: '01.01.1990 01.02.2029',
    other: '20210304',
  },
])('a date of issue $kind', ({ options, expiry, onRule, offRule, copies, other }) => {
  const read = (text: string, labelledToo: boolean) => parsePrintedDates(text, options).map((date) => ({ date, labelled: labelledToo }));
  it("is taken where it is the 5/10-year rule's date exactly, labelled or not", () => {
    for (const labelledToo of [false, true]) {
      expect(readIssueDate(read(onRule[0]!, labelledToo), '1990-01-01', expiry).choice).toMatchObject({ iso: onRule[1], typical: true });
    }
  });
  it('is not taken off the rule, nor repaired onto it, even under its label', () => {
    for (const text of offRule) expect(readIssueDate(read(text, true), '1990-01-01', expiry).choice).toBeNull();
  });
  it("is not the page's one other date besides its birth and expiry", () => {
    expect(readIssueDate([...anywhere(copies), ...read(other, false)], '1990-01-01', expiry).choice).toBeNull();
  });
});
