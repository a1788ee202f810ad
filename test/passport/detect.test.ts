/** The passport plugin's detect verdict (plugins/passport/detect.ts) on recorded looks at pages. */
import { describe, expect, it } from 'vitest';
import { hasTd3LineOne, passportVerdict } from '../../plugins/passport/detect.ts';
import { deskLines, idCardLines, looked, panCardLines, specimenPassportLines, visaLines } from '../support/recordedLooks.ts';

const withoutWord = specimenPassportLines.filter((line) => !/PASS/i.test(line));

describe('passportVerdict', () => {
  it('is sure of a passport page by its MRZ line 1 and the word, fillers misread as K and L', () => {
    expect(passportVerdict(looked(...specimenPassportLines))).toEqual({ confidence: 0.95, evidence: 'mrz line and passport word' });
  });
  it('is sure by the MRZ line alone when the word was missed', () => {
    expect(passportVerdict(looked(...withoutWord))).toEqual({ confidence: 0.85, evidence: 'mrz line' });
  });
  it.each(['PASAPORTE', 'REISEPASS', 'PASSAPORTO', 'PASPOORT', 'Passeport'])('is fairly sure by the word %s when the MRZ was missed', (word) => {
    const verdict = passportVerdict(looked('REPUBLIC OF UTOPIA', word, 'Surname', 'ERIKSSON'));
    expect(verdict.confidence).toBeGreaterThanOrEqual(0.5);
    expect(verdict.confidence).toBeLessThan(0.85);
  });
  it('reads an MRZ line that OCR spaced out or read with «', () => {
    expect(passportVerdict(looked('P < UTO ERIKSSON << ANNA < MARIA <<<<<<<<<<<<<<<<<<<')).confidence).toBe(0.85);
    expect(passportVerdict(looked('P<UTOERIKSSON«ANNA<MARIA««««««««<<<<<')).confidence).toBe(0.85);
  });
  it.each([
    ['an ID card', idCardLines],
    ['a visa', visaLines],
    ['a PAN card', panCardLines],
    ['a desk', deskLines],
  ])('says no to %s', (_name, lines) => {
    expect(passportVerdict(looked(...lines))).toEqual({ confidence: 0 });
  });
  it('says no to an ID card whose holder\'s surname starts with P (the name line comes after its data line)', () => {
    const lines = idCardLines.map((line) => line.replace(/^DEKJONG/, 'PEKJONG'));
    expect(passportVerdict(looked(...lines))).toEqual({ confidence: 0 });
  });
});

describe('hasTd3LineOne', () => {
  it('wants about 44 characters: an ID card\'s 30-character name line on its own is not one', () => {
    expect(hasTd3LineOne(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<'])).toBe(true);
    expect(hasTd3LineOne(['PETERSEN<<ANNA<MARIA<<<<<<<<<<'])).toBe(false);
  });
  it('wants MRZ letters only', () => {
    expect(hasTd3LineOne(['Place of birth / Lieu de naissance <<< ZENITH CITY'.replace(/\s+/g, '')])).toBe(false);
  });
});
