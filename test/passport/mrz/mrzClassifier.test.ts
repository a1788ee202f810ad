/**
 * The OCR-B cell MLPs read in batches by the WebAssembly kernel (classifyCellsProbabilities, what the reader's grids
 * use): the numbers the one-cell JavaScript path gives, to f32 rounding; and each cell's numbers to the bit whatever
 * batch it comes in, so the reader's choices between grids cannot drift with the batching.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cellFeatureLength } from '../../../core/mrz/sampleCells.ts';
import { classifyCellProbabilities, classifyCellsProbabilities, mrzClassifierWeights, secondOpinionWeights } from '../../../core/mrz/mrzClassifier.ts';
import { compileWat, wasmOf, wasmSources } from '../../../scripts/build-wasm.ts';

function randomCells(count: number, seedFrom: number): Float32Array[] {
  let seed = seedFrom;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return Array.from({ length: count }, () => Float32Array.from({ length: cellFeatureLength }, () => random() * 2 - 1));
}

const models = [mrzClassifierWeights(), secondOpinionWeights()];

describe('the MRZ cell MLP in batches', () => {
  it('reads every cell of a batch (four at a time and the rest) as the one-cell path does', () => {
    // Seven cells: one block of four and three left over.
    const cells = randomCells(7, 9303);
    for (const weights of models) {
      const batched = classifyCellsProbabilities(weights, cells);
      expect(batched).toHaveLength(cells.length);
      for (const [i, cell] of cells.entries()) {
        const alone = classifyCellProbabilities(weights, cell);
        expect(batched[i]!.length).toBe(alone.length);
        for (let c = 0; c < alone.length; c++) expect(Math.abs(batched[i]![c]! - alone[c]!)).toBeLessThan(1e-5);
      }
    }
  });

  it('gives a cell the same bits alone, in a small batch and after a large one', () => {
    const cells = randomCells(5, 17);
    for (const weights of models) {
      const alone = cells.map((cell) => Array.from(classifyCellsProbabilities(weights, [cell])[0]!));
      // A large batch grows the kernel's memory and leaves its cells behind the next, smaller batch's padding.
      const large = randomCells(1200, 5);
      expect(classifyCellsProbabilities(weights, large)).toHaveLength(1200);
      expect(classifyCellsProbabilities(weights, cells).map((p) => Array.from(p))).toEqual(alone);
      expect(classifyCellsProbabilities(weights, [...large.slice(0, 3), ...cells]).slice(3).map((p) => Array.from(p))).toEqual(alone);
    }
  });

  it('reads an empty batch as nothing', () => {
    expect(classifyCellsProbabilities(mrzClassifierWeights(), [])).toEqual([]);
  });
});

describe('the committed WebAssembly kernels', () => {
  it('are what their text sources build to (npx tsx scripts/build-wasm.ts)', async () => {
    for (const source of wasmSources) expect(Buffer.from(readFileSync(wasmOf(source))).equals(Buffer.from(await compileWat(source)))).toBe(true);
  });
});
