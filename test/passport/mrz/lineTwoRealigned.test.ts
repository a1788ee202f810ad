/**
 * Line 2 read a few cells off its column while line 1 reads as a passport's is read again shifted (lineTwoRealigned),
 * taken only where every check digit then holds.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pluginImaging } from '../../../core/imaging/pluginImaging.ts';
import { readMrz } from '../../../plugins/passport/mrz/index.ts';

describe('line 2 realigned', () => {
  it('reads line 2 on its own column where the grid laid it three cells early', async () => {
    // A hard photo of a generated page (seed 1238401's perspective pages, made hard by scripts/hard-photos.ts, item
    // 59), enlarged twice and cropped to the page: line 2's grid began at ink left of its first glyph.
    const file = path.join(import.meta.dirname, '..', 'pages', 'mrz-line2-off-column-seed1238401-059.jpg');
    const { data, info } = await sharp(readFileSync(file)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const reading = await readMrz(
      { data, width: info.width, height: info.height, channels: info.channels as 1 | 3 },
      { now: new Date('2026-12-05T00:00:00Z'), imaging: pluginImaging },
    );
    if ('failure' in reading) throw new Error(reading.failure);
    expect(reading.lines[1]).toBe('K567861111MEX7209215F3007044RR710065T<<<<<08');
    expect(reading.parse?.valid).toBe(true);
  });
});
