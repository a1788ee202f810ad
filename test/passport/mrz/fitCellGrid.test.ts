import { describe, expect, it } from 'vitest';
import { fitCellGrid } from '../../../core/mrz/fitCellGrid.ts';
import { applyHomography } from '../../../core/imaging/homography.ts';

describe('fitCellGrid', () => {
  // A line of 44 glyph centres photographed at an angle: the pitch grows from 15 to about 16.6 px along it.
  const direction = { x: Math.cos(0.05), y: Math.sin(0.05) };
  const normal = { x: -direction.y, y: direction.x };
  const along = (k: number): number => (100 + 15 * k) / (1 - 0.0025 * k);
  const centres = Array.from({ length: 44 }, (_, k) => ({
    x: along(k) * direction.x + 40 * normal.x,
    y: along(k) * direction.y + 40 * normal.y,
    length: 9,
  }));
  const line = { start: centres[0]!, end: centres[43]!, height: 20, blobs: 44, centres };
  const grid = fitCellGrid(line, direction, 15.6)!;

  it('places every cell under perspective, not only the ends', () => {
    expect(grid.cells).toBe(44);
    for (const k of [0, 11, 22, 33, 43]) {
      expect(grid.cellCentre(k).x).toBeCloseTo(centres[k]!.x, 1);
      expect(grid.cellCentre(k).y).toBeCloseTo(centres[k]!.y, 1);
    }
  });
  it('gives the line its own projective frame: cell index along, pitches across', () => {
    for (const k of [0, 7.5, 22, 43]) {
      const p = applyHomography(grid.frame, k, 0);
      expect(p.x).toBeCloseTo(grid.cellCentre(k).x, 3);
      expect(p.y).toBeCloseTo(grid.cellCentre(k).y, 3);
    }
    // One pitch across at cell 0 is one pitch (15 px) along the normal.
    const across = applyHomography(grid.frame, 0, 1);
    const at0 = grid.cellCentre(0);
    expect(Math.hypot(across.x - at0.x, across.y - at0.y)).toBeCloseTo(15, 0);
    expect((across.x - at0.x) * normal.x + (across.y - at0.y) * normal.y).toBeGreaterThan(14);
  });

  it('counts the cells glare washed by the pitch, not gap by gap, where a glyph broke into fragments at its edge', () => {
    // Cells 0-17 and 24-43 whole at 16.6 px; glare washed 19-23 and left two fragments of cell 18 at its edge. Gap by
    // gap the fragments count 0.78 + 0.52 + 5.7 cells as 1 + 1 + 6, one too many.
    const pitch = 16.6;
    const at = (t: number) => ({ x: t, y: 50, length: 9 });
    const whole = [...Array.from({ length: 18 }, (_, k) => k), ...Array.from({ length: 20 }, (_, k) => 24 + k)];
    const t17 = 100 + 17 * pitch;
    const washed = [
      ...whole.map((k) => at(100 + k * pitch)),
      { ...at(t17 + 12.9), length: 4 },
      { ...at(t17 + 21.5), length: 3 },
    ].sort((a, b) => a.x - b.x);
    const cut = { start: washed[0]!, end: washed[washed.length - 1]!, height: 22, blobs: washed.length, centres: washed };
    const fitted = fitCellGrid(cut, { x: 1, y: 0 }, 16.4)!;
    expect(fitted.cells).toBe(44);
    expect(fitted.cellCentre(30).x).toBeCloseTo(100 + 30 * pitch, 0);
    expect(fitted.pitch).toBeCloseTo(pitch, 1);
  });
});
