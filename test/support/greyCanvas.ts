/** A grey test image drawn with @napi-rs/canvas on a paper colour: `draw` paints on it, its red channel is the grey. */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { RawImage } from '../../core/imaging/types.ts';

export function drawnGrey(width: number, height: number, paper: string, draw: (ctx: SKRSContext2D) => void): RawImage {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, width, height);
  draw(ctx);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const data = Buffer.alloc(width * height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  return { data, width, height, channels: 1 };
}
