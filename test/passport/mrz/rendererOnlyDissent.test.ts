/**
 * A line-2 cell the CNN (sure) and the MLP read alike, the renderer-only MLP alone otherwise: read as though all
 * agreed, so a soft line 2 is not every cell in doubt.
 */
import { describe, expect, it } from 'vitest';
import type { CellReading } from '../../../core/mrz/mrzClassifier.ts';
import { rendererOnlyDissent } from '../../../core/mrz/readCellGrid.ts';

const read = (char: string, probability: number, second = 'H'): CellReading => ({ char, probability, second, secondProbability: 1 - probability });
const opinions = (main: CellReading, renderer: CellReading) => ({ main, renderer });

describe('rendererOnlyDissent', () => {
  it('takes the surer of the CNN and the MLP, the dissent kept as the runner-up', () => {
    const r = rendererOnlyDissent(read('7', 0.95, '1'), opinions(read('7', 0.99), read('T', 0.8)), '7');
    expect(r).toEqual({ char: '7', probability: 0.99, second: 'T', secondProbability: 0.8 });
    // The CNN surer than the MLP: its own probability.
    expect(rendererOnlyDissent(read('A', 0.97), opinions(read('A', 0.7), read('H', 0.9)), 'A')?.probability).toBe(0.97);
  });

  it('counts a 0 the CNN and the MLP read alike, the renderer-only MLP reading O', () => {
    expect(rendererOnlyDissent(read('0', 0.93), opinions(read('0', 0.9), read('O', 0.7)), '0')?.probability).toBe(0.93);
  });

  it('is null where the CNN is unsure, however sure the MLP', () => {
    expect(rendererOnlyDissent(read('7', 0.89), opinions(read('7', 0.999), read('1', 0.8)), '7')).toBeNull();
  });

  it('is null where the MLP disagrees too, or nobody dissents', () => {
    expect(rendererOnlyDissent(read('7', 0.95), opinions(read('1', 0.9), read('1', 0.8)), '7')).toBeNull();
    expect(rendererOnlyDissent(read('7', 0.95), opinions(read('1', 0.9), read('7', 0.8)), '7')).toBeNull();
    expect(rendererOnlyDissent(read('7', 0.95), opinions(read('7', 0.9), read('7', 0.8)), '7')).toBeNull();
  });

  it('is null where the O/0 settling made the cell another character than the two read', () => {
    expect(rendererOnlyDissent(read('O', 0.95), opinions(read('O', 0.9), read('D', 0.8)), '0')).toBeNull();
  });
});
