import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../core/imaging/types.ts';
import type { OcrResult } from '../../core/ocr/types.ts';
import { withAccentMarks } from '../../plugins/passport/accentMarks.ts';

GlobalFonts.registerFromPath('/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf', 'AccentTestSerif');
// Liberation Serif's tilde is thick at its left end and thin at its right: at some sizes its middle third sits lower
// than its ends, as a caron's does.
GlobalFonts.registerFromPath('/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf', 'AccentTestLiberation');

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

/** A word drawn at `px` in `font` on a crop with room above and below, and OCR's box over its capitals. */
function drawnAt(printed: string, ocrText: string, px: number, font: string): { crop: RawImage; ocr: OcrResult } {
  const width = 300;
  const height = Math.round(px * 1.8);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#111';
  ctx.font = `${px}px ${font}`;
  const baseline = Math.round(px * 1.3);
  ctx.fillText(printed, 6, baseline);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const data = Buffer.alloc(width * height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  const bbox = { x0: 6, y0: baseline - Math.round(px * 0.66), x1: Math.round(6 + ctx.measureText(printed).width), y1: baseline };
  const word = { text: ocrText, confidence: 90, bbox };
  return { crop: { data, width, height, channels: 1 }, ocr: { text: ocrText, confidence: 90, lines: [{ text: ocrText, confidence: 90, bbox, words: [word] }] } };
}

describe('withAccentMarks', () => {
  it('sees the cedilla under a C', () => {
    const { crop, ocr } = line('FRANÇOIS', 'FRANCOIS');
    expect(withAccentMarks(crop, ocr)).toBe('FRANÇOIS');
  });
  it('tells a circumflex and a caron from an acute by where the mark peaks', () => {
    for (const [printed, read] of [['CHÂTEAU', 'CHATEAU'], ['JÉRÔME', 'JEROME'], ['DVOŘÁK', 'DVORAK'], ['ČERNÝ', 'CERNY'], ['TOMÁŠ', 'TOMAS'], ['PEÑA', 'PENA'], ['JOÃO', 'JOAO']]) {
      const { crop, ocr } = line(printed!, read!);
      expect(withAccentMarks(crop, ocr)).toBe(printed);
    }
  });
  it('tells a tilde from a caron over the same letter by the mark\'s symmetry, not by which is commoner', () => {
    for (const [printed, read] of [['PEÑA', 'PENA'], ['VAŇKOVÁ', 'VANKOVA'], ['JOÃO', 'JOAO'], ['JOÂO', 'JOAO']]) {
      const { crop, ocr } = line(printed!, read!);
      expect(withAccentMarks(crop, ocr)).toBe(printed);
    }
    for (let px = 22; px <= 36; px += 2) {
      for (const printed of ['PEÑA', 'IBÁÑEZ', 'MUÑOZ']) {
        const { crop, ocr } = drawnAt(printed, printed.normalize('NFD').replace(/\p{M}/gu, ''), px, 'AccentTestLiberation');
        expect(withAccentMarks(crop, ocr), `${printed} at ${px} px`).toBe(printed);
      }
    }
  });
  it('puts back a hyphen OCR dropped between two words, and none where there is a space', () => {
    const drawn = (printed: string, words: readonly string[]): { crop: RawImage; ocr: OcrResult } => {
      const { crop } = line(printed, printed);
      const canvas = createCanvas(420, 70);
      const ctx = canvas.getContext('2d');
      ctx.font = '40px AccentTestSerif';
      // Word boxes where each word is drawn: from the widths of the text before it.
      let from = 0;
      const ocrWords = words.map((word) => {
        const at = printed.indexOf(word, from);
        from = at + word.length;
        const bbox = { x0: Math.round(14 + ctx.measureText(printed.slice(0, at)).width), y0: 19, x1: Math.round(14 + ctx.measureText(printed.slice(0, from)).width), y1: 49 };
        return { text: word, confidence: 90, bbox };
      });
      return { crop, ocr: { text: words.join(' '), confidence: 90, lines: [{ text: words.join(' '), confidence: 90, bbox: ocrWords[0]!.bbox, words: ocrWords }] } };
    };
    expect(withAccentMarks(...(Object.values(drawn('EL-SAYED', ['EL', 'SAYED'])) as [RawImage, OcrResult]))).toBe('EL-SAYED');
    expect(withAccentMarks(...(Object.values(drawn('EL SAYED', ['EL', 'SAYED'])) as [RawImage, OcrResult]))).toBe('EL SAYED');
  });
  it('finds the marks when OCR gave the word a box as tall as the crop', () => {
    const { crop, ocr } = line('LÓPEZ', 'LOPEZ');
    const word = ocr.lines[0]!.words[0]!;
    const tall = { ...word, bbox: { ...word.bbox, y0: 0, y1: 70 } };
    expect(withAccentMarks(crop, { ...ocr, lines: [{ ...ocr.lines[0]!, words: [tall] }] })).toBe('LÓPEZ');
  });
  it('reads the pixels when OCR gives Ç: a caron above makes Č, a cedilla below stays Ç', () => {
    const caron = line('ČERNÝ', 'ÇERNY');
    expect(withAccentMarks(caron.crop, caron.ocr)).toBe('ČERNÝ');
    const cedilla = line('FRANÇOIS', 'FRANÇOIS');
    expect(withAccentMarks(cedilla.crop, cedilla.ocr)).toBe('FRANÇOIS');
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
