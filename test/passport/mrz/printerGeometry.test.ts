/**
 * MRZs as other printers set them: line spacing, glyph size and pitch are the printer's, within ICAO 9303's
 * tolerances and past them (DOMAIN.md). The reader measures them; none of these pages is its fixture generator's.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../../core/imaging/types.ts';
import { readMrz } from '../../../plugins/passport/mrz/index.ts';
import { pluginImaging } from '../../../core/imaging/pluginImaging.ts';

GlobalFonts.registerFromPath('/usr/share/fonts/opentype/ocr-b/OCRB.otf', 'PrinterTestOcrB');

const lines = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'] as const;

interface Printer {
  readonly what: string;
  readonly capMm: number;
  readonly pitchMm: number;
  /** Baseline to baseline, in millimetres. */
  readonly spacingMm: number;
  /** Thin wavy security lines across the zone. */
  readonly wavy?: boolean;
}

/** A data page's lower part at 10 px/mm with the two lines set by `p`: capitals `capMm` tall in cells `pitchMm` wide. */
function page(p: Printer): RawImage {
  const s = 10;
  const width = 125 * s;
  const height = 40 * s;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f2efe6';
  ctx.fillRect(0, 0, width, height);
  ctx.font = '100px PrinterTestOcrB';
  const capPerPx = ctx.measureText('H').actualBoundingBoxAscent / 100;
  ctx.font = `${(p.capMm * s) / capPerPx}px PrinterTestOcrB`;
  ctx.textAlign = 'center';
  ctx.fillStyle = '#141414';
  const line2Baseline = 32 * s;
  for (const [i, line] of lines.entries()) {
    const baseline = line2Baseline - (1 - i) * p.spacingMm * s;
    [...line].forEach((c, k) => ctx.fillText(c, (6 + (k + 0.5) * p.pitchMm) * s, baseline));
  }
  if (p.wavy === true) {
    ctx.strokeStyle = 'rgba(70, 95, 160, 0.3)';
    ctx.lineWidth = 1;
    for (let y0 = 5 * s; y0 < height; y0 += 2.2 * s) {
      ctx.beginPath();
      for (let x = 0; x <= width; x += 4) ctx.lineTo(x, y0 + 1.5 * s * Math.sin(x / (14 * s) * 2 * Math.PI));
      ctx.stroke();
    }
  }
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const data = Buffer.alloc(width * height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  return { data, width, height, channels: 1 };
}

describe('readMrz on other printers\' MRZs', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  it.each<Printer>([
    { what: "ICAO's nominal: 6.35 mm apart, 2.6 glyph heights", capMm: 2.4, pitchMm: 2.54, spacingMm: 6.35 },
    { what: 'lines 7 mm apart, 2.9 glyph heights, on a 2.6 mm pitch (was refused as no MRZ)', capMm: 2.4, pitchMm: 2.6, spacingMm: 7 },
    { what: 'large glyphs set close: 2.9 mm capitals 1.6 heights apart', capMm: 2.9, pitchMm: 2.54, spacingMm: 4.6 },
    { what: 'small glyphs far apart, a light wavy line pattern across the zone', capMm: 2.1, pitchMm: 2.5, spacingMm: 6.6, wavy: true },
  ])('$what', async (printer) => {
    const reading = await readMrz(page(printer), { now, imaging: pluginImaging });
    expect('failure' in reading).toBe(false);
    if ('failure' in reading) return;
    expect(reading.parse?.lines).toEqual(lines);
    expect(reading.parse?.valid).toBe(true);
  });
});
