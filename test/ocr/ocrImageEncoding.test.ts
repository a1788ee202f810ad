import { describe, expect, it } from 'vitest';
import { clampRectangle, encodeRawAsPgm } from '../../core/ocr/ocrImageEncoding.ts';
import { toOcrResult, type TesseractBlocksPage } from '../../core/ocr/ocrResult.ts';

describe('clampRectangle', () => {
  it.each([
    [{ left: 0, top: 0, width: 10, height: 5 }, { left: 0, top: 0, width: 10, height: 5 }],
    [{ left: -5, top: -5, width: 10, height: 10 }, { left: 0, top: 0, width: 5, height: 5 }],
    [{ left: 8, top: 3, width: 10, height: 10 }, { left: 8, top: 3, width: 2, height: 2 }],
    [{ left: 1.5, top: 0.5, width: 2, height: 2 }, { left: 1, top: 0, width: 3, height: 3 }],
    [{ left: 10, top: 0, width: 3, height: 3 }, null],
    [{ left: 2, top: 2, width: 0, height: 3 }, null],
  ])('%o in a 10x5 image -> %o', (rectangle, expected) => {
    expect(clampRectangle(rectangle, 10, 5)).toEqual(expected);
  });
});

describe('encodeRawAsPgm', () => {
  const rgb = { data: Buffer.from([255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255]), width: 2, height: 2, channels: 3 as const };

  it('writes a P5 header and BT.601 luma', () => {
    const encoded = encodeRawAsPgm(rgb)!;
    const header = 'P5\n2 2\n255\n';
    expect(encoded.bytes.subarray(0, header.length).toString('latin1')).toBe(header);
    expect([...encoded.bytes.subarray(header.length)]).toEqual([255, 0, 76, 28]);
    expect([encoded.offsetX, encoded.offsetY]).toEqual([0, 0]);
  });

  it('crops to the rectangle and reports its offset', () => {
    const encoded = encodeRawAsPgm(rgb, { left: 1, top: 1, width: 5, height: 5 })!;
    expect(encoded.bytes.toString('latin1', 0, 10)).toBe('P5\n1 1\n255');
    expect(encoded.bytes.at(-1)).toBe(28);
    expect([encoded.offsetX, encoded.offsetY]).toEqual([1, 1]);
  });

  it('composites alpha over white and passes grey through', () => {
    const rgba = { data: Buffer.from([0, 0, 0, 0, 0, 0, 0, 255]), width: 2, height: 1, channels: 4 as const };
    expect([...encodeRawAsPgm(rgba)!.bytes.subarray(-2)]).toEqual([255, 0]);
    const grey = { data: Buffer.from([9, 99]), width: 2, height: 1, channels: 1 as const };
    expect([...encodeRawAsPgm(grey)!.bytes.subarray(-2)]).toEqual([9, 99]);
  });

  it('gives null for an empty crop', () => {
    expect(encodeRawAsPgm(rgb, { left: 5, top: 5, width: 1, height: 1 })).toBeNull();
  });
});

describe('toOcrResult', () => {
  const box = (x0: number) => ({ x0, y0: 10, x1: x0 + 5, y1: 20 });
  const page: TesseractBlocksPage = {
    text: 'AB CD\n',
    confidence: 90,
    blocks: [
      {
        paragraphs: [
          {
            lines: [
              { text: 'AB CD\n', confidence: 91, bbox: box(0), words: [{ text: 'AB', confidence: 92, bbox: box(0) }, { text: 'CD', confidence: 93, bbox: box(10) }] },
              { text: ' \n', confidence: 0, bbox: box(0), words: [{ text: ' ', confidence: 0, bbox: box(0) }] },
            ],
          },
        ],
      },
    ],
  };

  it('flattens blocks to lines and words, trims line text and shifts boxes', () => {
    const result = toOcrResult(page, 100, 50);
    expect(result.text).toBe('AB CD\n');
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatchObject({ text: 'AB CD', confidence: 91, bbox: { x0: 100, y0: 60, x1: 105, y1: 70 } });
    expect(result.lines[0]?.words.map((word) => [word.text, word.bbox.x0])).toEqual([['AB', 100], ['CD', 110]]);
  });

  it('copes with no blocks', () => {
    expect(toOcrResult({ text: '', confidence: 0, blocks: null }).lines).toEqual([]);
  });
});
