/**
 * The lines of print found by their letters (inkLines.ts): values found wherever a renderer puts them, a label's
 * small print and a portrait's shapes not.
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { pluginImaging } from '../../core/imaging/pluginImaging.ts';
import type { RawImage } from '../../core/imaging/types.ts';
import { inkLineBoxes } from '../../plugins/passport/viz/inkLines.ts';
import { drawnGrey } from '../support/greyCanvas.ts';

GlobalFonts.registerFromPath('/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', 'InkLinesSans');

/** A field zone at 8 px/mm: a portrait block at the left, labels 1.2 mm tall over values 2.8 mm tall. */
function page(values: readonly { text: string; x: number; y: number }[]): RawImage {
  return drawnGrey(1000, 500, '#fff', (ctx) => {
    ctx.fillStyle = '#222';
    ctx.fillRect(40, 60, 230, 300);
    for (const { text, x, y } of values) {
      ctx.font = '13px InkLinesSans';
      ctx.fillText('Surname / Nom', x, y - 30);
      ctx.font = '31px InkLinesSans';
      ctx.fillText(text, x, y);
    }
  });
}

describe('inkLineBoxes', () => {
  it('finds each value line, and neither the labels above them nor the portrait', () => {
    const values = [
      { text: 'PARK', x: 330, y: 150 },
      { text: 'SEO-JUN', x: 330, y: 230 },
      { text: '20 MAR 1969', x: 600, y: 310 },
    ];
    const boxes = inkLineBoxes(page(values), { top: 0, bottom: 500 }, 8, 128, pluginImaging.connectedComponents);
    expect(boxes).toHaveLength(3);
    for (const [i, { x, y }] of values.entries()) {
      const box = boxes[i]!;
      expect(Math.abs(box.x0 - x)).toBeLessThan(6);
      // The capitals' foot on the baseline (a J's tail hangs a little below it), their top some 22 px above it.
      expect(Math.abs(box.y1 - y)).toBeLessThan(7);
      expect(Math.abs(box.y0 - (y - 22))).toBeLessThan(4);
      expect(box.y1 - box.y0).toBeLessThan(30);
    }
  });
  it('looks only within the zone given', () => {
    const boxes = inkLineBoxes(page([{ text: 'PARK', x: 330, y: 150 }, { text: 'SEO-JUN', x: 330, y: 400 }]), { top: 300, bottom: 500 }, 8, 128, pluginImaging.connectedComponents);
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.y0).toBeGreaterThan(300);
  });
});
