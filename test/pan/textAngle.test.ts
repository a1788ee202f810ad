import { describe, expect, it } from 'vitest';
import { pluginImaging } from '../../core/imaging/pluginImaging.ts';
import { estimateTextAngle as angleOf, textBox as boxOf, type GreyImage } from '../../plugins/pan/textAngle.ts';

const estimateTextAngle = (image: GreyImage) => angleOf(image, pluginImaging);
const textBox = (image: GreyImage, degrees: number) => boxOf(image, degrees, pluginImaging);

/**
 * A 480x360 analysis image: a blocky mid-grey texture (a table photographed, JPEG blocks) around a white card at
 * x 120..360, y 110..250 holding five dark text lines.
 */
function cardOnTexture(): GreyImage {
  const width = 480;
  const height = 360;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const block = ((Math.floor(x / 4) * 7919 + Math.floor(y / 4) * 104729) % 97) / 97;
      data[y * width + x] = Math.round(150 + block * 30);
    }
  }
  for (let y = 110; y < 250; y++) for (let x = 120; x < 360; x++) data[y * width + x] = 245;
  for (let line = 0; line < 5; line++) {
    const top = 125 + line * 24;
    for (let y = top; y < top + 8; y++) for (let x = 135; x < 330; x++) if (x % 6 < 4) data[y * width + x] = 25;
  }
  return { data, width, height };
}

describe('textBox', () => {
  it('boxes the card text and leaves a textured background out', () => {
    const box = textBox(cardOnTexture(), 0);
    expect(box).not.toBeNull();
    const { left, top, width, height } = box!;
    expect(left * 480).toBeGreaterThan(100);
    expect((left + width) * 480).toBeLessThan(380);
    expect(top * 360).toBeGreaterThan(90);
    expect((top + height) * 360).toBeLessThan(270);
  });

  it('finds the text lines level', () => {
    expect(estimateTextAngle(cardOnTexture())?.degrees).toBe(0);
  });
});
