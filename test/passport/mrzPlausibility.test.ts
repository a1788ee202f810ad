import { describe, expect, it } from 'vitest';
import { td3Plausibility } from '../../plugins/passport/mrzPlausibility.ts';

const specimen = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'] as const;

describe('td3Plausibility', () => {
  it('accepts the ICAO specimen, and a reading with a couple of misread digits', () => {
    expect(td3Plausibility(specimen)).toEqual({ plausible: true, reasons: [] });
    const misread = `${specimen[1].slice(0, 13)}74O8122F12O4159ZE184226B<<<<<10`;
    expect(td3Plausibility([specimen[0], misread]).plausible).toBe(true);
  });

  it('refuses texture read as letters (a blank page on a desk)', () => {
    const junk = ['BBBBBBBBBBBBEEEEEEEHHHHHHHHHHHHHHHHHHHHHPPPI', 'V<<<HHHWWWWWWWWWWWWHMHHHHHHHHHHHHHHHHHHH<<<1'];
    const verdict = td3Plausibility(junk);
    expect(verdict.plausible).toBe(false);
    expect(verdict.reasons).toEqual(['document code', 'digit cells']);
  });

  it('refuses lines of the wrong length, a non-passport code, a name without letters', () => {
    expect(td3Plausibility([specimen[0].slice(1), specimen[1]]).reasons).toContain('line length');
    expect(td3Plausibility([`V${specimen[0].slice(1)}`, specimen[1]]).reasons).toEqual(['document code']);
    // One misread cell (here the sex) is a bad reading of a real MRZ, not a page without one.
    expect(td3Plausibility([specimen[0], `${specimen[1].slice(0, 20)}Q${specimen[1].slice(21)}`]).plausible).toBe(true);
    expect(td3Plausibility([`P<UTO${'<'.repeat(39)}`, specimen[1]]).reasons).toEqual(['name']);
  });
});
