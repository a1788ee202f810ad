import { describe, expect, it } from 'vitest';
import { applyHomography, type Homography } from '../../../core/imaging/homography.ts';
import { sampleBilinear, type GreyImage } from '../../../core/imaging/greyImage.ts';
import { createRandom } from '../../../fixtures/random.ts';
import { cellFeature, lowAndHigh, measureLineBand, normaliseLineCells, sampleLineCells } from '../../../core/mrz/sampleCells.ts';

describe('lowAndHigh', () => {
  it('gives the sorted copy at both ranks, for every pair of ranks, with ties and sorted or reversed runs', () => {
    const random = createRandom(7);
    const next = (): number => random.next();
    const shapes: Float32Array[] = [
      Float32Array.from({ length: 2 }, () => next()),
      Float32Array.from({ length: 3 }, () => next()),
      Float32Array.from({ length: 120 }, () => Math.floor(next() * 6)),
      Float32Array.from({ length: 90 }, (_, i) => i),
      Float32Array.from({ length: 90 }, (_, i) => 90 - i),
      Float32Array.from({ length: 150 }, () => next() * 255),
      new Float32Array(40).fill(3),
    ];
    for (const values of shapes) {
      const sorted = values.slice().sort();
      const before = values.slice();
      const scratch = new Float32Array(values.length);
      for (let high = 1; high < values.length; high++) {
        for (let low = 0; low < high; low++) expect(lowAndHigh(values, low, high, scratch)).toEqual({ low: sorted[low], high: sorted[high] });
      }
      // The input is left as it was.
      expect(values).toEqual(before);
    }
  });
});

describe('MRZ cell sampling', () => {
  // A textured image and a projective map with every term set: the written-out arithmetic must give what
  // applyHomography and sampleBilinear give, sample for sample, or the classifier sees other features than it trained on.
  const random = createRandom(11);
  const next = (): number => random.next();
  const image: GreyImage = { width: 1500, height: 600, data: Float32Array.from({ length: 1500 * 600 }, () => Math.floor(next() * 256)) };
  const h: Homography = [12.1, 0.13, 20.5, -0.07, 11.9, 35.25, 0.0004, -0.0002, 1];
  const line = { leftMm: 6, centreMm: 40, pitchMm: 2.54, count: 44, capMm: 2.7 };

  it('samples each cell as applyHomography and sampleBilinear do, supersampled', () => {
    const cells = sampleLineCells(image, h, line);
    const { width: fw, height: fh } = cellFeature;
    const k = line.capMm / 2.58;
    const winW = line.pitchMm * cellFeature.widthPitches * k;
    const winH = cellFeature.heightMm * k;
    const stepX = winW / fw;
    const stepY = winH / fh;
    const mid = line.leftMm + (line.count / 2) * line.pitchMm;
    const p0 = applyHomography(h, mid, line.centreMm);
    const p1 = applyHomography(h, mid + stepX, line.centreMm);
    const p2 = applyHomography(h, mid, line.centreMm + stepY);
    const sub = Math.min(4, Math.max(1, Math.round(Math.max(Math.hypot(p1.x - p0.x, p1.y - p0.y), Math.hypot(p2.x - p0.x, p2.y - p0.y)))));
    expect(sub).toBeGreaterThan(1);
    for (const c of [0, 17, 43]) {
      const x0 = line.leftMm + (c + 0.5) * line.pitchMm - winW / 2;
      const y0 = line.centreMm - winH / 2;
      for (let j = 0; j < fh; j++) {
        for (let i = 0; i < fw; i++) {
          let s = 0;
          for (let sy = 0; sy < sub; sy++) {
            for (let sx = 0; sx < sub; sx++) {
              const p = applyHomography(h, x0 + (i + (sx + 0.5) / sub) * stepX, y0 + (j + (sy + 0.5) / sub) * stepY);
              s += sampleBilinear(image, p.x, p.y);
            }
          }
          expect(cells[c]![j * fw + i]).toBe(Math.fround(s / (sub * sub)));
        }
      }
    }
  });

  it('normalises a cell between the 3rd and 90th percentiles of its neighbourhood', () => {
    const cells = sampleLineCells(image, h, line);
    const normalised = normaliseLineCells(cells);
    const level = (c: Float32Array, q: number): number => c.slice().sort()[Math.floor(c.length * q)]!;
    const i = 20;
    const around = cells.slice(i - 3, i + 4);
    const ink = Math.min(...around.map((c) => level(c, 0.03)));
    const paper = Math.max(...around.map((c) => level(c, 0.9)));
    const range = Math.max(paper - ink, 12);
    normalised[i]!.forEach((v, j) => expect(v).toBe(Math.fround(Math.min(1, Math.max(0, (paper - cells[i]![j]!) / range)))));
  });

  it('finds no band in uniform paper', () => {
    const paper: GreyImage = { width: 400, height: 200, data: new Float32Array(400 * 200).fill(240) };
    expect(measureLineBand(paper, h, line, 3)).toBeNull();
  });
});
