/**
 * When two classifiers outvote the third on an MRZ cell: the CNN sure of a letter, one MLP reading it too, the other
 * alone reading otherwise.
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

  it('outvotes where the CNN is sure and the MLP reads the same letter unsurely', () => {
    // Soft copies of fresh generated pages (seed 1109001): 144 such letters, none misread but a 0 for O.
    expect(outvotedDissent(read('P', 0.93), opinions(read('P', 0.76), read('H', 0.74)), 'P')).toBe(0.93);
    expect(outvotedDissent(read('M', 0.91), opinions(read('M', 0.4), read('H', 0.5)), 'M')).toBe(0.91);
  });

  it('outvotes the MLP alone where the CNN is sure and the renderer-only MLP reads the same letter', () => {
    // The specimens' train part and its soft copies: the MLP's lone dissent against a sure CNN was right on none of 37.
    expect(outvotedDissent(read('A', 0.95), opinions(read('H', 0.9), read('A', 0.6)), 'A')).toBe(0.95);
    expect(outvotedDissent(read('A', 0.89), opinions(read('H', 0.9), read('A', 0.99)), 'A')).toBeNull();
  });

  it('does not outvote where the CNN is unsure, however sure the MLP', () => {
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
