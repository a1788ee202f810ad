import { describe, expect, it } from 'vitest';
import { nationalityByWording, nationalityCode } from '../../plugins/passport/viz/printedNationality.ts';

describe('the printed nationality as an MRZ code', () => {
  it("reads a state's name in its own language or in English, as well as a demonym", () => {
    expect(nationalityCode('ČESKÁ REPUBLIKA')).toBe('CZE');
    expect(nationalityCode('ÍSLENSK')).toBe('ISL');
    expect(nationalityCode('T.C.')).toBe('TUR');
    expect(nationalityCode('REPUBLIC OF KOREA')).toBe('KOR');
    expect(nationalityCode('SOUTH AFRICAN')).toBe('ZAF');
    expect(nationalityCode('ARGENTINA')).toBe('ARG');
    expect(nationalityCode('NIGERIAN')).toBe('NGA');
    expect(nationalityCode('NIGERIENNE')).toBe('NER');
    expect(nationalityCode('DOMINICAN REPUBLIC')).toBe('DOM');
    expect(nationalityCode('DEMOCRATIC PEOPLE\'S REPUBLIC OF KOREA')).toBe('PRK');
    expect(nationalityCode('FRANÇAISE')).toBe('FRA');
    expect(nationalityCode('CZE')).toBe('CZE');
  });

  it('names no state for a word two states share, nor for an unknown one', () => {
    expect(nationalityCode('CONGOLESE')).toBeNull();
    expect(nationalityCode('KOREAN')).toBeNull();
    expect(nationalityCode('GUADALAJARA')).toBeNull();
  });

  it("tells a nationality's row from a name's by demonyms alone: a state's name is a person's name too", () => {
    expect(nationalityByWording('UNITED STATES OF AMERICA')).toBe('USA');
    expect(nationalityByWording('JORDAN')).toBeNull();
    expect(nationalityByWording('GEORGIA')).toBeNull();
  });
});
