import { describe, expect, it } from 'vitest';
import { pdfRenderScale } from '../../core/imaging/pdfPages.ts';
import { pdfTextLayerToPixels } from '../../core/imaging/pdfTextLayer.ts';

const k = 200 / 72;
// pdf.js viewport transform for an A4 page (842 pt high) at 200 dpi, unrotated.
const a4 = [k, 0, 0, -k, 0, 842 * k];

describe('pdfTextLayerToPixels', () => {
  it('puts a horizontal run at its baseline minus the ascent, in pixels', () => {
    const [item] = pdfTextLayerToPixels([{ str: 'HELLO', transform: [24, 0, 0, 24, 72, 700], width: 100 }], a4, k) ?? [];
    expect(item?.text).toBe('HELLO');
    expect(item?.x).toBeCloseTo(72 * k, 6);
    expect(item?.y).toBeCloseTo((842 - 700 - 0.8 * 24) * k, 6);
    expect(item?.width).toBeCloseTo(100 * k, 6);
    expect(item?.height).toBeCloseTo(24 * k, 6);
  });

  it('bounds text rotated by 90 degrees with an upright box', () => {
    // Text running up the page: direction (0, 1) in user space.
    const [item] = pdfTextLayerToPixels([{ str: 'UP', transform: [0, 10, -10, 0, 100, 100], width: 50 }], [1, 0, 0, -1, 0, 842], 1) ?? [];
    expect(item?.width).toBeCloseTo(10, 6);
    expect(item?.height).toBeCloseTo(50, 6);
    expect(item?.y).toBeCloseTo(842 - 150, 6);
  });

  it('returns null when no run has visible text', () => {
    expect(pdfTextLayerToPixels([{ str: '  ', transform: [1, 0, 0, 1, 0, 0], width: 1 }], a4, k)).toBeNull();
    expect(pdfTextLayerToPixels([], a4, k)).toBeNull();
  });
});

describe('pdfRenderScale', () => {
  it.each([
    [595, 842, 200, 50_000_000],
    [595, 842, 300, 1_000_000],
    [14_400, 14_400, 200, 50_000_000],
  ])('%sx%s pt at %s dpi stays within %s pixels', (w, h, dpi, max) => {
    const scale = pdfRenderScale(w, h, dpi, max);
    expect(Math.ceil(w * scale) * Math.ceil(h * scale)).toBeLessThanOrEqual(max);
    expect(scale).toBeLessThanOrEqual(dpi / 72);
  });

  it('keeps the requested dpi when it fits', () => {
    expect(pdfRenderScale(595, 842, 200, 50_000_000)).toBe(200 / 72);
  });
});

describe('warmUpPdfRendering', () => {
  it('opens and renders its built-in page', async () => {
    const { warmUpPdfRendering } = await import('../../core/imaging/pdfPages.ts');
    await expect(warmUpPdfRendering()).resolves.toBeUndefined();
  });
});
