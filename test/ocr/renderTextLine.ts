/** Draws one line of black text on white with @napi-rs/canvas: a known image for real OCR in tests. */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { RawImage } from '../../core/imaging/types.ts';

GlobalFonts.registerFromPath('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', 'DejaVu Sans');

export function renderTextLine(text: string, options: { width?: number; height?: number; size?: number; x?: number } = {}): {
  raw: RawImage;
  png: Buffer;
} {
  const { width = 900, height = 120, size = 48, x = 20 } = options;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000000';
  ctx.font = `${size}px "DejaVu Sans"`;
  ctx.fillText(text, x, Math.round(height / 2 + size / 3));
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const data = Buffer.alloc(width * height * 3);
  for (let src = 0, dst = 0; src < rgba.length; src += 4, dst += 3) {
    data[dst] = rgba[src]!;
    data[dst + 1] = rgba[src + 1]!;
    data[dst + 2] = rgba[src + 2]!;
  }
  return { raw: { data, width, height, channels: 3 }, png: canvas.toBuffer('image/png') };
}
