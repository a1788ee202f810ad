/**
 * The OCR-B cell MLP read in batches (classifyCellsProbabilities, what the reader's grids use) gives the numbers one
 * cell at a time gives, to the bit: the reader's choices between grids cannot drift with the batching.
 */
import { describe, expect, it } from 'vitest';
import { cellFeatureLength } from '../../../core/mrz/sampleCells.ts';
import { classifyCellProbabilities, classifyCellsProbabilities, mrzClassifierWeights, secondOpinionWeights } from '../../../core/mrz/mrzClassifier.ts';

describe('the MRZ cell MLP in batches', () => {
  it('reads every cell of a batch (four at a time and the rest) exactly as alone', () => {
    let seed = 9303;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    // Seven cells: one block of four and three left over.
    const cells = Array.from({ length: 7 }, () => Float32Array.from({ length: cellFeatureLength }, () => random() * 2 - 1));
    for (const weights of [mrzClassifierWeights(), secondOpinionWeights()]) {
      const batched = classifyCellsProbabilities(weights, cells);
      expect(batched).toHaveLength(cells.length);
      for (const [i, cell] of cells.entries()) expect(Array.from(batched[i]!)).toEqual(Array.from(classifyCellProbabilities(weights, cell)));
    }
  });
});
