import { describe, expect, it } from 'vitest';
import { sexOfReread, sexValuePlaces } from '../../plugins/passport/viz/printedSex.ts';

describe('the printed sex read again under its label', () => {
  it('takes one letter M, F or X standing alone, written once or twice alike', () => {
    expect(sexOfReread('F')).toBe('F');
    expect(sexOfReread('F/F')).toBe('F');
    expect(sexOfReread(' M | ')).toBe('M');
    expect(sexOfReread('X')).toBe('X');
  });
  it('takes nothing from a misread, two letters, or a neighbouring value read instead', () => {
    // The letter F read alone in its security background (glare seed 1157001 item 89, before the ink alone was read).
    expect(sexOfReread('E rr.')).toBeNull();
    expect(sexOfReread('F/M')).toBeNull();
    expect(sexOfReread('F INDIAN')).toBeNull();
    expect(sexOfReread('FEMALE')).toBeNull();
    expect(sexOfReread('')).toBeNull();
  });
  it('looks under the label\'s start first, then along its row, never over the label itself', () => {
    const label = { x0: 301, y0: 323, x1: 341, y1: 333 };
    const [below, beside] = sexValuePlaces(label);
    expect(below!.y0).toBeGreaterThan(label.y1);
    expect(below!.x0).toBeLessThan(label.x0);
    expect(below!.x1).toBeGreaterThan(label.x1);
    expect(beside!.x0).toBeGreaterThan(label.x1);
    expect(beside!.y0).toBeLessThan(label.y0);
    expect(beside!.y1).toBeGreaterThan(label.y1);
  });
});
