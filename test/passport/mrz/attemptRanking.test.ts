import { describe, expect, it } from 'vitest';
import type { CellGridReading } from '../../../core/mrz/readCellGrid.ts';
import { attemptOf, better } from '../../../plugins/passport/mrz/readMrz.ts';

const now = new Date('2026-11-25T00:00:00Z');
const identity = [1, 0, 0, 0, 1, 0, 0, 0, 1] as const;

/** A grid reading of two 44-cell lines, every cell read surely, none washed out. */
function reading(lines: [string, string], score: number): CellGridReading {
  const each = <T>(value: T): T[][] => lines.map((line) => [...line].map(() => value));
  return { lines, confidence: each(0.95), second: lines.map((line) => [...line]), secondConfidence: each(0.01), washed: each(false), score, sharpness: 0.2, cells: [], ratios: [], mlp: [] };
}
const attempt = (lines: [string, string], score: number) => attemptOf(reading(lines, score), [...identity], [0, 1], 44, now);

describe('the MRZ search ranks unproven attempts', () => {
  // Monaco's specimen upside down: noise that starts with a visa's V, against the zone the right way up with line 1
  // read a column off (lineOneRealigned mends that) and line 2 holding all five checks.
  const visa = attempt(['V9XVVVVV<VK<W<X2<<<<2<<<<<<<<S<<<<<<M<533UD<', '7999WWWWWWWKWW<WKC<<<Q<<<<<<<<<<<<<<<26<QRR<'], -0.2);
  const upright = attempt(['<MCODUPONT<<JEAN<MICHEL<<<<<<<<<<<<<<<<<<<<<', 'A000060<<6MCO5304286M3102145<<<<<<<<<<<<<<<0'], -0.9);

  it('puts a line 2 that holds every check above a plausible document code', () => {
    expect(visa.format).not.toBe('TD3');
    expect(upright.parse?.valid).toBe(false);
    expect(better(visa, upright)).toBe(true);
    expect(better(upright, visa)).toBe(false);
  });

  it('does not rank a line 2 whose checks fail above it', () => {
    const broken = attempt(['<MCODUPONT<<JEAN<MICHEL<<<<<<<<<<<<<<<<<<<<<', 'A000060<<6MCO5304286M3102145<<<<<<<<<<<<<<<1'], -0.9);
    expect(better(visa, broken)).toBe(false);
  });
});
