/** The lower part of a data page at 10 px/mm with a TD3 MRZ set in OCR-B as a given printer sets it (test helper). */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { RawImage } from '../../../core/imaging/types.ts';

GlobalFonts.registerFromPath('/usr/share/fonts/opentype/ocr-b/OCRB.otf', 'MrzTestOcrB');

/** ICAO 9303's specimen MRZ. */
export const specimenLines = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'] as const;

export interface Printer {
  readonly what: string;
  readonly capMm: number;
  readonly pitchMm: number;
  /** Baseline to baseline, in millimetres. */
  readonly spacingMm: number;
  /** Thin wavy security lines across the zone. */
  readonly wavy?: boolean;
}

/** Capitals `capMm` tall in cells `pitchMm` wide, line 2's baseline 32 mm down, line 1 `spacingMm` above it. */
export function printedMrzPage(p: Printer, lines: readonly string[] = specimenLines): RawImage {
  const s = 10;
  const width = 125 * s;
  const height = 40 * s;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f2efe6';
  ctx.fillRect(0, 0, width, height);
  ctx.font = '100px MrzTestOcrB';
  const capPerPx = ctx.measureText('H').actualBoundingBoxAscent / 100;
  ctx.font = `${(p.capMm * s) / capPerPx}px MrzTestOcrB`;
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
