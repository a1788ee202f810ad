import { describe, expect, it } from 'vitest';
import { parseTd3 } from '../../plugins/passport/mrz/index.ts';
import { provenFieldsLeft } from '../../plugins/passport/viz/provenFieldsLeft.ts';
import { page } from './ocrPage.ts';

const now = new Date('2026-11-22T00:00:00Z');
const parse = parseTd3(['P<ESPPENA<<MARIA<JOSE<<<<<<<<<<<<<<<<<<<<<<<<', 'L898902C36ESP7408122F2501149ZE184226B<<<<<10'], { now });
// `page` starts every row at x = 40 and puts 200 px where a row says `_`: the portrait's noise sits at 40.
const labelsAt = 40 + 2 * 20 + 14 + 200;

describe('provenFieldsLeft', () => {
  it('is where the labels and the values spelling the MRZ begin, right of the portrait noise', () => {
    const viz = page(['Ee _ Surname / Apellidos', 'fad _ PENA', 'yy _ Date of birth', 'Hi _ 12 AUG 1974', 'oa _ Date of issue', 'Se _ 15 JAN 2015']);
    expect(provenFieldsLeft(viz, parse)).toBe(labelsAt);
  });

  it('knows nothing when no value read spells the MRZ, however many labels', () => {
    const viz = page(['Ee _ Surname / Apellidos', 'fad _ PERA', 'yy _ Date of birth', 'Hi _ 12 AUG 1975', 'oa _ Date of issue']);
    expect(provenFieldsLeft(viz, parse)).toBeNull();
  });

  it('knows nothing from fewer than three labels and proven values', () => {
    expect(provenFieldsLeft(page(['Ee _ Date of birth', 'Hi _ 12 AUG 1974']), parse)).toBeNull();
  });
});
