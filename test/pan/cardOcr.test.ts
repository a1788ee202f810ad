import { describe, expect, it } from 'vitest';
import { holdsWords, wordsInsideAt } from '../../plugins/pan/cardOcr.ts';

describe('a name read again over a wider box', () => {
  it.each<[string, string, boolean]>([
    ['FIRST NAME MIDDLE NAME SURNAME', 'MIDDLE NAME SURNAME', true],
    ['MEERA TAN', 'ERA TAN', true],
    ['KAVERI AGRO INDUSTRIES', 'KAVERI AGRO INDUSTRI', true],
    ['JOHN PAUL KRISHNAMURTHY', 'PAUL', true],
    ['SOMEONE ELSE ENTIRELY', 'MIDDLE NAME', false],
    ['RAVI SHANKAR', 'RAVI KUMAR', false],
    ['FIRST NAME MIDOLE NAME SURNAME', 'MIDDLE NAME SURNAME', true],
    ['FIRST NAME MODEL NAME SURNAME', 'MIDDLE NAME SURNAME', false],
  ])('%s holds %s: %s', (longer, first, holds) => {
    expect(wordsInsideAt(longer, first) >= 0).toBe(holds);
  });

  it('says where the first reading begins in the wider one', () => {
    expect(wordsInsideAt('FIRST NAME MIDOLE NAME SURNAME', 'MIDDLE NAME SURNAME')).toBe(2);
    expect(wordsInsideAt('MEERA TAN', 'ERA TAN')).toBe(0);
    expect(wordsInsideAt('SOMEONE ELSE', 'MIDDLE NAME')).toBe(-1);
  });

  it('reads rightwards with a word OCR dropped between, but never takes other words first', () => {
    expect(holdsWords('SURESH KUMAR KRISHNAN', 'SURESH KRISHN')).toBe(true);
    expect(holdsWords('NOISE SURESH KRISHNAN', 'SURESH KRISHN')).toBe(false);
  });
});
