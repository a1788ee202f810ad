import { GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../../core/imaging/types.ts';
import { readMrz } from '../../../plugins/passport/mrz/index.ts';
import { pluginImaging } from '../../../core/imaging/pluginImaging.ts';
import { drawnGrey } from '../../support/greyCanvas.ts';

GlobalFonts.registerFromPath('/usr/share/fonts/opentype/ocr-b/OCRB.otf', 'GlareTestOcrB');

const lines = ['P<FRALEFEVRE<<REMI<<<<<<<<<<<<<<<<<<<<<<<<<<', '17UV605499FRA9909221M3212194<<<<<<<<<<<<<<04'] as const;

/** The MRZ band drawn in OCR-B, with a glare spot washing out cells `from`..`to` of both lines all but entirely. */
function band(from: number, to: number): RawImage {
  return drawnGrey(1500, 320, '#f4f4f0', (ctx) => {
    ctx.fillStyle = '#151515';
    ctx.font = '46px GlareTestOcrB';
    const pitch = 31;
    for (const [i, line] of lines.entries()) {
      [...line].forEach((c, k) => ctx.fillText(c, 60 + k * pitch, 150 + i * 62));
    }
    ctx.fillStyle = 'rgba(255, 255, 255, 0.99)';
    ctx.fillRect(60 + from * pitch - 4, 90, (to - from + 1) * pitch, 150);
  });
}

describe('readMrz under glare', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  it('finds lines split in two by a washed-out run of cells, and marks those cells washed, not read', async () => {
    const reading = await readMrz(band(13, 19), { now, imaging: pluginImaging });
    expect('failure' in reading).toBe(false);
    if ('failure' in reading) return;
    for (const l of [0, 1]) {
      const washed = reading.washed[l]!;
      // The spot is washed out, and nothing outside it.
      expect(washed.slice(14, 19).every(Boolean)).toBe(true);
      expect(washed.slice(0, 12).some(Boolean) || washed.slice(21).some(Boolean)).toBe(false);
      // Every cell glare left readable reads right.
      for (let i = 0; i < 44; i++) if (!washed[i]) expect(reading.lines[l]![i], `line ${l + 1} cell ${i + 1}`).toBe(lines[l]![i]);
    }
  });
  it('reads the same band exactly without the glare', async () => {
    const reading = await readMrz(band(0, -1), { now, imaging: pluginImaging });
    if ('failure' in reading) throw new Error(reading.detail);
    expect(reading.lines).toEqual([...lines]);
    expect(reading.parse?.valid).toBe(true);
    expect(reading.washed.flat().some(Boolean)).toBe(false);
  });
});
