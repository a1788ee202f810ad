/**
 * When two classifiers outvote the third on an MRZ cell: the CNN and the MLP each sure of one letter, the
 * renderer-only MLP alone reading otherwise.
 */
import { describe, expect, it } from 'vitest';
import type { CellReading } from '../../../core/mrz/mrzClassifier.ts';
import { outvotedDissent } from '../../../core/mrz/readCellGrid.ts';

const read = (char: string, probability: number): CellReading => ({ char, probability, second: char === 'H' ? 'M' : 'H', secondProbability: 1 - probability });
const opinions = (main: CellReading, renderer: CellReading) => ({ main, renderer });

describe('outvotedDissent', () => {
  it('gives the CNN its own probability where it and the MLP are sure of the letter the renderer-only MLP disputes', () => {
    expect(outvotedDissent(read('E', 0.96), opinions(read('E', 0.93), read('H', 0.8)), 'E')).toBe(0.96);
  });

  it('does not outvote where either of the two is unsure', () => {
    // The development grid's misreadings outvoted at one point: CNN sure, the MLP at 0.76 and 0.56.
    expect(outvotedDissent(read('P', 0.93), opinions(read('P', 0.76), read('H', 0.74)), 'P')).toBeNull();
    expect(outvotedDissent(read('E', 0.89), opinions(read('E', 0.99), read('H', 0.8)), 'E')).toBeNull();
  });

  it('does not outvote on a digit or a filler, which a name cannot hold', () => {
    expect(outvotedDissent(read('0', 0.95), opinions(read('0', 0.95), read('Q', 0.6)), '0')).toBeNull();
    expect(outvotedDissent(read('<', 0.95), opinions(read('<', 0.95), read('H', 0.6)), '<')).toBeNull();
  });

  it('is null where there is no lone dissent, or the chosen letter is not the two readings', () => {
    expect(outvotedDissent(read('E', 0.96), opinions(read('E', 0.95), read('E', 0.9)), 'E')).toBeNull();
    expect(outvotedDissent(read('E', 0.96), opinions(read('F', 0.95), read('H', 0.9)), 'E')).toBeNull();
    // The O/0 settling made the cell another character than the two read.
    expect(outvotedDissent(read('O', 0.96), opinions(read('O', 0.95), read('D', 0.9)), '0')).toBeNull();
  });
});
