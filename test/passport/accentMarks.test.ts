import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../core/imaging/types.ts';
import type { OcrResult } from '../../core/ocr/types.ts';
import { withAccentMarks } from '../../plugins/passport/accentMarks.ts';

GlobalFonts.registerFromPath('/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf', 'AccentTestSerif');

/** A printed name line as the plugin crops it (~11 px/mm, caps ~30 px), and the OCR's one word without marks. */
function line(printed: string, ocrText: string): { crop: RawImage; ocr: OcrResult } {
  const canvas = createCanvas(420, 70);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 420, 70);
  ctx.fillStyle = '#111';
  ctx.font = '40px AccentTestSerif';
  ctx.fillText(printed, 14, 48);
  const width = ctx.measureText(printed).width;
  const rgba = ctx.getImageData(0, 0, 420, 70).data;
  const data = Buffer.alloc(420 * 70);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  const bbox = { x0: 14, y0: 19, x1: Math.round(14 + width), y1: 49 };
  return { crop: { data, width: 420, height: 70, channels: 1 }, ocr: { text: ocrText, confidence: 90, lines: [{ text: ocrText, confidence: 90, bbox, words: [{ text: ocrText, confidence: 90, bbox }] }] } };
}

describe('withAccentMarks', () => {
  it('sees the cedilla under a C', () => {
    const { crop, ocr } = line('FRANÇOIS', 'FRANCOIS');
    expect(withAccentMarks(crop, ocr)).toBe('FRANÇOIS');
  });
  it('adds nothing to a plain C or S', () => {
    const { crop, ocr } = line('FRANCOIS', 'FRANCOIS');
    expect(withAccentMarks(crop, ocr)).toBe('FRANCOIS');
  });
});

describe('withAccentMarks, small marks', () => {
  /** The same line drawn smaller (caps ~20 px), where a grave is only a dozen pixels. */
  function small(printed: string, ocrText: string): { crop: RawImage; ocr: OcrResult } {
    const canvas = createCanvas(200, 44);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 200, 44);
    ctx.fillStyle = '#111';
    ctx.font = '28px AccentTestSerif';
    ctx.fillText(printed, 6, 34);
    const width = ctx.measureText(printed).width;
    const rgba = ctx.getImageData(0, 0, 200, 44).data;
    const data = Buffer.alloc(200 * 44);
    for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
    const bbox = { x0: 6, y0: 14, x1: Math.round(6 + width), y1: 34 };
    return { crop: { data, width: 200, height: 44, channels: 1 }, ocr: { text: ocrText, confidence: 90, lines: [{ text: ocrText, confidence: 90, bbox, words: [{ text: ocrText, confidence: 90, bbox }] }] } };
  }
  it('tells a small grave from an acute', () => {
    expect(withAccentMarks(...Object.values(small('LEFÈVRE', 'LEFEVRE')) as [RawImage, OcrResult])).toBe('LEFÈVRE');
    expect(withAccentMarks(...Object.values(small('JOSÉ', 'JOSE')) as [RawImage, OcrResult])).toBe('JOSÉ');
  });
});
