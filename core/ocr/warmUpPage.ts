/**
 * A page every new OCR worker reads once before it takes a job. V8 compiles the recogniser's WebAssembly fast and
 * plain at first and optimises each function only once it runs hot, so a worker's first page of text takes about
 * twice as long as its next: without this, the first request after a start, or after a worker is replaced, pays it.
 * The page is drawn here (no font, no file): two rows of block capitals that Tesseract finds as text lines and runs
 * its line recogniser over, as it does over a field zone.
 */
import type { RawImage } from '../imaging/types.ts';

const width = 600;
const height = 120;
const capital = 22;
const stroke = 3;
const ink = 30;
const paper = 235;

/** Bars of each block capital (I, L, T, E, H, F, U) as [x0, y0, x1, y1] within a 14 × 22 cell. */
const glyphs: readonly (readonly (readonly [number, number, number, number])[])[] = [
  [[6, 0, 6 + stroke, capital]],
  [[0, 0, stroke, capital], [0, capital - stroke, 12, capital]],
  [[0, 0, 14, stroke], [6, 0, 6 + stroke, capital]],
  [[0, 0, stroke, capital], [0, 0, 12, stroke], [0, 10, 10, 10 + stroke], [0, capital - stroke, 12, capital]],
  [[0, 0, stroke, capital], [11, 0, 11 + stroke, capital], [0, 10, 14, 10 + stroke]],
  [[0, 0, stroke, capital], [0, 0, 12, stroke], [0, 10, 10, 10 + stroke]],
  [[0, 0, stroke, capital], [11, 0, 11 + stroke, capital], [0, capital - stroke, 14, capital]],
];

export function warmUpPage(): RawImage {
  const data = Buffer.alloc(width * height, paper);
  const bar = (x0: number, y0: number, x1: number, y1: number): void => {
    for (let y = y0; y < y1; y += 1) data.fill(ink, y * width + x0, y * width + x1);
  };
  let k = 0;
  for (let row = 0; row < 2; row += 1) {
    const top = 20 + row * 50;
    // Words of six letters, 18 px apart, with a wider gap between words.
    for (let x = 20; x < width - 40; x += 22) {
      for (let letter = 0; letter < 6 && x < width - 40; letter += 1, x += 18, k += 1) {
        for (const [x0, y0, x1, y1] of glyphs[(k * 5 + row) % glyphs.length]!) bar(x + x0, top + y0, x + x1, top + y1);
      }
    }
  }
  return { data, width, height, channels: 1 };
}
