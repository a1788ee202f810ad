/**
 * Which way the text lines run, from a small grey image: rotate the ink pixels' coordinates through candidate
 * angles and keep the one whose row profile is peakiest (text lines and the gaps between them). Answers modulo
 * 180 degrees: upright and upside-down look alike to a profile, OCR tells them apart.
 */

import type { PluginContext } from '../../core/plugins/types.ts';

/** The ink measures this needs from ctx.imaging. */
export type InkMeasures = Pick<PluginContext['imaging'], 'inkPoints' | 'profileSharpness'>;

export interface GreyImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** Any ink (18 grey levels under the local mean of a 15-pixel box), for the angle. */
const ANGLE_INK = { radius: 7, margin: 18, edges: 'clamped' } as const;

export interface TextAngle {
  /** Degrees in [-90, 90): the text lines run at this angle (counter-clockwise positive, image y down). */
  readonly degrees: number;
  /** Best sharpness over the sharpness of the perpendicular: near 1 means no clear text direction. */
  readonly contrast: number;
}

/** Coarse 2-degree sweep over half a turn, then a 0.25-degree refinement around the best. */
export function estimateTextAngle(image: GreyImage, { inkPoints, profileSharpness }: InkMeasures): TextAngle | null {
  const points = inkPoints(image, ANGLE_INK);
  const { xs } = points;
  if (xs.length < 200) return null;
  const span = image.width + image.height;
  let best = -90;
  let bestScore = -1;
  for (let a = -90; a < 90; a += 2) {
    const score = profileSharpness(points, a, span);
    if (score > bestScore) {
      bestScore = score;
      best = a;
    }
  }
  let fine = best;
  for (let a = best - 2; a <= best + 2; a += 0.25) {
    const score = profileSharpness(points, a, span);
    if (score > bestScore) {
      bestScore = score;
      fine = a;
    }
  }
  const perpendicular = profileSharpness(points, fine + 90, span);
  const degrees = ((((fine + 90) % 180) + 180) % 180) - 90;
  return { degrees, contrast: bestScore / Math.max(1, perpendicular) };
}

/** Grey levels below the local mean that make a pixel printed text for the crop (the angle uses 18: any ink). */
const TEXT_INK_OFFSET = 40;

/** A region of the levelled image, as fractions of its width and height. */
export interface FractionBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Where the card's text sits once the image is turned clockwise by `degrees` (sharp's canvas: the turned image's bounding
 * box): the largest cluster of ink-dense cells, with a margin. Cropping to it keeps background clutter and noise
 * out of OCR and makes it faster. Null when no clear cluster is found (then the whole image is read).
 */
export function textBox(image: GreyImage, degrees: number, { inkPoints }: Pick<InkMeasures, 'inkPoints'>): FractionBox | null {
  // Printed text is far darker than its surroundings once stretched; a textured table or carpet (and its JPEG
  // blocks) is only a little darker, and the stricter offset keeps it out of the box.
  const { xs, ys } = inkPoints(image, { radius: 7, margin: TEXT_INK_OFFSET, edges: 'clamped' });
  if (xs.length < 200) return null;
  const t = (degrees * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  const W = image.width * Math.abs(c) + image.height * Math.abs(s);
  const H = image.width * Math.abs(s) + image.height * Math.abs(c);
  const cell = 8;
  const gw = Math.ceil(W / cell) + 1;
  const gh = Math.ceil(H / cell) + 1;
  const counts = new Uint16Array(gw * gh);
  for (let i = 0; i < xs.length; i++) {
    const x = (xs[i] ?? 0) - image.width / 2;
    const y = (ys[i] ?? 0) - image.height / 2;
    // sharp turns clockwise (image y down): x' = x cos - y sin, y' = x sin + y cos.
    const gx = Math.floor((x * c - y * s + W / 2) / cell);
    const gy = Math.floor((x * s + y * c + H / 2) / cell);
    if (gx >= 0 && gy >= 0 && gx < gw && gy < gh) counts[gy * gw + gx] = (counts[gy * gw + gx] ?? 0) + 1;
  }
  // Text cells hold strokes; scattered noise and texture rarely fill a fifth of a cell.
  const dense = new Uint8Array(gw * gh);
  for (let i = 0; i < counts.length; i++) if ((counts[i] ?? 0) >= (cell * cell) / 5) dense[i] = 1;
  // Join cells of neighbouring words and lines: a text-line gap is under three cells at this scale.
  const reach = 3;
  const label = new Int32Array(gw * gh).fill(-1);
  const comps: { mass: number; x0: number; y0: number; x1: number; y1: number }[] = [];
  for (let start = 0; start < dense.length; start++) {
    if (dense[start] !== 1 || (label[start] ?? -1) >= 0) continue;
    const stack = [start];
    label[start] = start;
    const comp = { mass: 0, x0: gw, y0: gh, x1: 0, y1: 0 };
    while (stack.length > 0) {
      const p = stack.pop() ?? 0;
      const px = p % gw;
      const py = (p - px) / gw;
      comp.mass += counts[p] ?? 0;
      comp.x0 = Math.min(comp.x0, px);
      comp.y0 = Math.min(comp.y0, py);
      comp.x1 = Math.max(comp.x1, px);
      comp.y1 = Math.max(comp.y1, py);
      for (let dy = -reach; dy <= reach; dy++) {
        for (let dx = -reach; dx <= reach; dx++) {
          const qx = px + dx;
          const qy = py + dy;
          if (qx < 0 || qy < 0 || qx >= gw || qy >= gh) continue;
          const q = qy * gw + qx;
          if (dense[q] === 1 && (label[q] ?? -1) < 0) {
            label[q] = start;
            stack.push(q);
          }
        }
      }
    }
    comps.push(comp);
  }
  const heaviest = Math.max(0, ...comps.map((k) => k.mass));
  if (heaviest === 0) return null;
  // A card's header can sit apart from its fields: keep every cluster of comparable weight.
  const kept = comps.filter((k) => k.mass >= heaviest * 0.15);
  const best = {
    x0: Math.min(...kept.map((k) => k.x0)),
    y0: Math.min(...kept.map((k) => k.y0)),
    x1: Math.max(...kept.map((k) => k.x1)),
    y1: Math.max(...kept.map((k) => k.y1)),
  };
  const bw = (best.x1 - best.x0 + 1) * cell;
  const bh = (best.y1 - best.y0 + 1) * cell;
  if (bw < W * 0.2 || bh < H * 0.1) return null;
  const margin = Math.max(bw, bh) * 0.06;
  const left = Math.max(0, best.x0 * cell - margin);
  const top = Math.max(0, best.y0 * cell - margin);
  const right = Math.min(W, (best.x1 + 1) * cell + margin);
  const bottom = Math.min(H, (best.y1 + 1) * cell + margin);
  return { left: left / W, top: top / H, width: (right - left) / W, height: (bottom - top) / H };
}
