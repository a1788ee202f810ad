import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../core/imaging/types.ts';
import { pluginImaging } from '../../core/imaging/pluginImaging.ts';
import { skewAngle as skewAngleOf } from '../../plugins/passport/lastPage/skewAngle.ts';

const skewAngle = (image: RawImage, options?: { maxDeg?: number; radius?: number }) => skewAngleOf(image, pluginImaging, options);

/** Lines of dark text-like bars on paper, turned clockwise by `deg`, over a smooth darker desk gradient. */
function page(deg: number): RawImage {
  const canvas = createCanvas(600, 450);
  const ctx = canvas.getContext('2d');
  const g = ctx.createLinearGradient(0, 0, 600, 450);
  g.addColorStop(0, '#6b4a2b');
  g.addColorStop(1, '#8a6040');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 600, 450);
  ctx.translate(300, 225);
  ctx.rotate((deg * Math.PI) / 180);
  ctx.fillStyle = '#f4f1ea';
  ctx.fillRect(-240, -170, 480, 340);
  ctx.fillStyle = '#222';
  ctx.font = '16px sans-serif';
  for (let row = 0; row < 9; row++) ctx.fillText('NAME OF FATHER RAJESH KUMAR 1234', -220, -140 + row * 34);
  const rgba = ctx.getImageData(0, 0, 600, 450).data;
  const data = Buffer.alloc(600 * 450);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  return { data, width: 600, height: 450, channels: 1 };
}

describe('skewAngle', () => {
  it.each([0, 4, -7, 11])('finds a page turned by %i degrees', (deg) => {
    expect(Math.abs(skewAngle(page(deg)) - deg)).toBeLessThanOrEqual(0.5);
  });
});
