/**
 * Line 2 read a few cells off its column while line 1 reads as a passport's is read again shifted (lineTwoRealigned),
 * taken only where every check digit then holds.
 */
import { describe, expect, it } from 'vitest';
import { readPinnedMrz } from './pinnedMrzReading.ts';

describe('line 2 realigned', () => {
  it('reads line 2 on its own column where the grid laid it three cells early', async () => {
    // A hard photo of a generated page (seed 1238401's perspective pages, made hard by scripts/hard-photos.ts, item
    // 59), enlarged twice and cropped to the page: line 2's grid began at ink left of its first glyph.
    const reading = await readPinnedMrz('mrz-line2-off-column-seed1238401-059.jpg', '2026-12-05T00:00:00Z');
    expect(reading.lines[1]).toBe('K567861111MEX7209215F3007044RR710065T<<<<<08');
    expect(reading.parse?.valid).toBe(true);
  });
});
