import { describe, expect, it } from 'vitest';
import { calendarIso, isPlausibleDate, parseCardDate } from '../../plugins/pan/cardDate.ts';

describe('parseCardDate', () => {
  it.each([
    ['12/03/1990', '1990-03-12', false],
    ['12-03-1990', '1990-03-12', false],
    ['01/12/2005', '2005-12-01', false],
    ['31-12-1950', '1950-12-31', false],
    ['12 / 03 / 1990', '1990-03-12', false],
    ['29/02/2000', '2000-02-29', false],
    ['Date of Birth 18-08-1959', '1959-08-18', false],
    ['I2/O3/199O', '1990-03-12', true],
    ['0410811966', '1966-08-04', true],
    ['12031990', '1990-03-12', true],
    ['18 11/1944', '1944-11-18', true],
    ['18-11 1944', '1944-11-18', true],
  ])('%s is %s (repaired: %s)', (text, iso, repaired) => {
    expect(parseCardDate(text)).toMatchObject({ iso, repaired });
  });

  it('reads DD/MM, never MM/DD', () => {
    expect(parseCardDate('05/07/1980')?.iso).toBe('1980-07-05');
    expect(parseCardDate('07-05-1980')?.iso).toBe('1980-05-07');
  });

  it.each(['31/02/1990', '29/02/1900', '12/13/1990', '00/01/1990', 'ABCPK1234F', '12/03/90', '12 03 1990'])('%s is no card date', (text) => {
    expect(parseCardDate(text)).toBeNull();
  });
});

describe('calendarIso and isPlausibleDate', () => {
  it('builds ISO dates only for real calendar dates', () => {
    expect(calendarIso(2024, 2, 29)).toBe('2024-02-29');
    expect(calendarIso(2023, 2, 29)).toBeNull();
  });

  it('refuses future dates and absurdly old ones', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(isPlausibleDate('1990-03-12', now)).toBe(true);
    expect(isPlausibleDate('2027-01-01', now)).toBe(false);
    expect(isPlausibleDate('1820-01-01', now)).toBe(false);
  });
});

describe('a stroke read before the year', () => {
  it('12- 08- 12005 is 12/08/2005, repaired; a five-digit run that is no date is not', () => {
    expect(parseCardDate('12- 08- 12005')).toEqual({ iso: '2005-08-12', year: 2005, repaired: true });
    expect(parseCardDate('12- 08- 13005')).toBeNull();
  });
});
