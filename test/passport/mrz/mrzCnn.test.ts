/**
 * The OCR-B cell CNN (core/mrz/mrzCnn.ts) reads, from the committed weights, the cells the reader cut from a clean
 * MRZ, and it reads the settled grid: name letters no check digit covers come out as printed where the MLP misread.
 */
import sharp from 'sharp';
import { itemRandom, splitSeed } from '../../../fixtures/generate.ts';
import type { ImageDegradation } from '../../../fixtures/manifest.ts';
import type { PassportExpected } from '../../../fixtures/passportRecord.ts';
import { buildStyledPassportItem } from '../../../fixtures/styledPassportSet.ts';
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../../core/imaging/types.ts';
import { readMrz } from '../../../plugins/passport/mrz/index.ts';
import { cellsOfReading } from '../../../plugins/passport/mrz/readMrz.ts';
import { cnnCellProbabilities, cnnCellsProbabilities, decodeCnnWeights, mrzCnnWeights } from '../../../core/mrz/mrzCnn.ts';
import { cellFeatureLength } from '../../../core/mrz/sampleCells.ts';
import { pluginImaging } from '../../../core/imaging/pluginImaging.ts';
import { printedMrzPage, specimenLines } from './printedMrzPage.ts';

const lines = specimenLines;
/** The lower part of a data page at 10 px/mm: OCR-B capitals 2.4 mm tall on a 2.54 mm pitch, lines 5.2 mm apart. */
const page = (): RawImage => printedMrzPage({ what: 'clean', capMm: 2.4, pitchMm: 2.54, spacingMm: 5.2 });

describe('the MRZ cell CNN', () => {
  it('reads every cell of a clean MRZ as printed', async () => {
    const reading = await readMrz(page(), { now: new Date('2026-11-22T00:00:00Z'), imaging: pluginImaging });
    if ('failure' in reading) throw new Error(reading.failure);
    const cells = cellsOfReading(reading);
    expect(cells).toBeDefined();
    const w = mrzCnnWeights();
    const read = cells!.map((shifted) =>
      shifted[0]!.map((_, c) => {
        // The surest of the shifted readings, as the reader takes it.
        let best = { char: '?', p: -1 };
        for (const line of shifted) {
          const p = cnnCellProbabilities(w, line[c]!);
          for (let k = 0; k < p.length; k++) if (p[k]! > best.p) best = { char: w.classes[k]!, p: p[k]! };
        }
        return best.char;
      }).join(''),
    );
    expect(read).toEqual([...lines]);
    expect(reading.parse?.valid).toBe(true);
  });

  // styled-dev items 100 and 104: the MLP read GLDDUNDSSON<<JCN and LLDDILA, every check digit holding.
  it.each<[number, ImageDegradation]>([[99, 'jpeg'], [103, 'dim']])('reads the names of styled-dev item %i (%s) as printed', async (index, degradation) => {
    const built = await buildStyledPassportItem('cnn', 'styled-dev', index, degradation, itemRandom(splitSeed('passport', 'styled-dev'), index));
    const { data, info } = await sharp(built.files[0]!.bytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const reading = await readMrz({ data, width: info.width, height: info.height, channels: info.channels as 3 }, { now: new Date('2026-11-22T00:00:00Z'), imaging: pluginImaging });
    if ('failure' in reading) throw new Error(reading.failure);
    const want = (built.truth.expected as PassportExpected).mrz;
    expect(reading.parse?.lines).toEqual([want.line1, want.line2]);
    expect(reading.parse?.valid).toBe(true);
  });

  it('reads a batch through the WebAssembly kernel as the one-cell path reads each cell', () => {
    let seed = 41;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    // Seven cells: the kernel's blocks of four and three left over; ink anywhere, the edges included.
    const cells = Array.from({ length: 7 }, () => Float32Array.from({ length: cellFeatureLength }, () => (random() < 0.3 ? random() : 0)));
    const w = mrzCnnWeights();
    const batched = cnnCellsProbabilities(w, cells);
    expect(batched).toHaveLength(7);
    for (const [i, cell] of cells.entries()) {
      const alone = cnnCellProbabilities(w, cell);
      for (let c = 0; c < alone.length; c++) expect(Math.abs(batched[i]![c]! - alone[c]!)).toBeLessThan(1e-5);
    }
    expect(cnnCellsProbabilities(w, [])).toEqual([]);
  });

  it('refuses weights whose shapes do not match the cell', () => {
    const s = JSON.parse(JSON.stringify({ width: 16, height: 20, c1: 8, c2: 16, hidden: 64, classes: '<0', conv1w: '', conv1b: '', conv2w: '', conv2b: '', fc1w: '', fc1b: '', fc2w: '', fc2b: '' }));
    expect(() => decodeCnnWeights(JSON.stringify(s))).toThrow(/shapes/);
    expect(() => decodeCnnWeights(JSON.stringify({ ...s, width: 12 }))).toThrow(/cell features/);
  });
});
