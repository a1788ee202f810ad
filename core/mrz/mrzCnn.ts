/**
 * The OCR-B cell CNN: two 3×3 convolutions (each with ReLU and 2×2 max-pooling) and one hidden layer over the same
 * normalised cell the MLPs read (sampleCells.ts). Trained by scripts/train-mrz-cnn.py on the rendered bands and on
 * cells the reader cut from style-engine pages and the real specimens' train part; run here in plain TypeScript from
 * the committed weights, so no runtime is added. Weights load once, lazily.
 */
import { readFileSync } from 'node:fs';
import { cellFeature } from './sampleCells.ts';
import { denseSoftmax } from './mrzClassifier.ts';

export interface MrzCnnWeights {
  readonly classes: string;
  readonly c1: number;
  readonly c2: number;
  readonly hidden: number;
  /** Torch layouts: conv [out][in][3][3], linear [out][in]. */
  readonly conv1w: Float32Array;
  readonly conv1b: Float32Array;
  readonly conv2w: Float32Array;
  readonly conv2b: Float32Array;
  readonly fc1w: Float32Array;
  readonly fc1b: Float32Array;
  readonly fc2w: Float32Array;
  readonly fc2b: Float32Array;
}

const fromBase64 = (s: string): Float32Array => {
  const bytes = Buffer.from(s, 'base64');
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};

export function decodeCnnWeights(text: string): MrzCnnWeights {
  const s = JSON.parse(text) as Record<string, unknown>;
  const { width, height } = cellFeature;
  if (s.width !== width || s.height !== height) throw new Error('MRZ CNN weights do not match the cell features');
  const c1 = s.c1 as number;
  const c2 = s.c2 as number;
  const hidden = s.hidden as number;
  const classes = s.classes as string;
  const w: MrzCnnWeights = {
    classes, c1, c2, hidden,
    conv1w: fromBase64(s.conv1w as string), conv1b: fromBase64(s.conv1b as string),
    conv2w: fromBase64(s.conv2w as string), conv2b: fromBase64(s.conv2b as string),
    fc1w: fromBase64(s.fc1w as string), fc1b: fromBase64(s.fc1b as string),
    fc2w: fromBase64(s.fc2w as string), fc2b: fromBase64(s.fc2b as string),
  };
  const flat = c2 * (height >> 2) * (width >> 2);
  if (w.conv1w.length !== c1 * 9 || w.conv2w.length !== c2 * c1 * 9 || w.fc1w.length !== hidden * flat || w.fc2w.length !== classes.length * hidden) {
    throw new Error('MRZ CNN weights have the wrong shapes');
  }
  return w;
}

const modelUrl = new URL('./model/mrz-ocrb-cnn.json', import.meta.url);
let loaded: MrzCnnWeights | null = null;
export function mrzCnnWeights(): MrzCnnWeights {
  loaded ??= decodeCnnWeights(readFileSync(modelUrl, 'utf8'));
  return loaded;
}

/**
 * 3×3 convolution with zero padding, ReLU and 2×2 max-pooling: `cin` planes of h×w into `cout` planes of h/2×w/2.
 * The input is copied into a padded buffer once, so the inner loop takes all nine taps without bounds checks.
 */
function convReluPool(input: Float32Array, cin: number, h: number, w: number, weight: Float32Array, bias: Float32Array, cout: number): Float32Array {
  const pw = w + 2;
  const ph = h + 2;
  const padded = new Float32Array(cin * ph * pw);
  for (let i = 0; i < cin; i++) {
    for (let y = 0; y < h; y++) padded.set(input.subarray(i * h * w + y * w, i * h * w + (y + 1) * w), i * ph * pw + (y + 1) * pw + 1);
  }
  const plane = new Float32Array(h * w);
  const oh = h >> 1;
  const ow = w >> 1;
  const out = new Float32Array(cout * oh * ow);
  for (let o = 0; o < cout; o++) {
    plane.fill(bias[o]!);
    for (let i = 0; i < cin; i++) {
      const k = (o * cin + i) * 9;
      const w0 = weight[k]!, w1 = weight[k + 1]!, w2 = weight[k + 2]!;
      const w3 = weight[k + 3]!, w4 = weight[k + 4]!, w5 = weight[k + 5]!;
      const w6 = weight[k + 6]!, w7 = weight[k + 7]!, w8 = weight[k + 8]!;
      const base = i * ph * pw;
      for (let y = 0; y < h; y++) {
        const r0 = base + y * pw;
        const r1 = r0 + pw;
        const r2 = r1 + pw;
        const row = y * w;
        for (let x = 0; x < w; x++) {
          plane[row + x] = plane[row + x]!
            + w0 * padded[r0 + x]! + w1 * padded[r0 + x + 1]! + w2 * padded[r0 + x + 2]!
            + w3 * padded[r1 + x]! + w4 * padded[r1 + x + 1]! + w5 * padded[r1 + x + 2]!
            + w6 * padded[r2 + x]! + w7 * padded[r2 + x + 1]! + w8 * padded[r2 + x + 2]!;
        }
      }
    }
    const dst = o * oh * ow;
    for (let y = 0; y < oh; y++) {
      for (let x = 0; x < ow; x++) {
        const a = 2 * y * w + 2 * x;
        const m = Math.max(plane[a]!, plane[a + 1]!, plane[a + w]!, plane[a + w + 1]!);
        out[dst + y * ow + x] = m > 0 ? m : 0;
      }
    }
  }
  return out;
}

/** Class probabilities (softmax) for one normalised cell, in the order of `w.classes`. */
export function cnnCellProbabilities(w: MrzCnnWeights, x: Float32Array): Float32Array {
  const { width, height } = cellFeature;
  const a = convReluPool(x, 1, height, width, w.conv1w, w.conv1b, w.c1);
  const b = convReluPool(a, w.c1, height >> 1, width >> 1, w.conv2w, w.conv2b, w.c2);
  const hidden = new Float32Array(w.hidden);
  const n = b.length;
  for (let j = 0; j < w.hidden; j++) {
    let s = w.fc1b[j]!;
    const row = j * n;
    for (let i = 0; i < n; i++) s += w.fc1w[row + i]! * b[i]!;
    hidden[j] = s > 0 ? s : 0;
  }
  return denseSoftmax(hidden, w.fc2w, w.fc2b, w.classes.length);
}
