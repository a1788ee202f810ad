import { describe, expect, it } from 'vitest';
import { holdsWords, holdsWordsInside } from '../../plugins/pan/cardOcr.ts';

describe('a name read again over a wider box', () => {
  it.each<[string, string, boolean]>([
    ['FIRST NAME MIDDLE NAME SURNAME', 'MIDDLE NAME SURNAME', true],
    ['MEERA TAN', 'ERA TAN', true],
    ['KAVERI AGRO INDUSTRIES', 'KAVERI AGRO INDUSTRI', true],
    ['JOHN PAUL KRISHNAMURTHY', 'PAUL', true],
    ['SOMEONE ELSE ENTIRELY', 'MIDDLE NAME', false],
    ['RAVI SHANKAR', 'RAVI KUMAR', false],
  ])('%s holds %s: %s', (longer, first, holds) => {
    expect(holdsWordsInside(longer, first)).toBe(holds);
  });

  it('reads rightwards with a word OCR dropped between, but never takes other words first', () => {
    expect(holdsWords('SURESH KUMAR KRISHNAN', 'SURESH KRISHN')).toBe(true);
    expect(holdsWords('NOISE SURESH KRISHNAN', 'SURESH KRISHN')).toBe(false);
  });
});
