/**
 * The OCR-B cell CNN: two 3×3 convolutions (each with ReLU and 2×2 max-pooling) and one hidden layer over the same
 * normalised cell the MLPs read (sampleCells.ts). Trained by scripts/train-mrz-cnn.py on the rendered bands and on
 * cells the reader cut from style-engine pages and the real specimens' train part; run here from the committed
 * weights, so no runtime is added: the reader's batches through the WebAssembly dense kernel (cnnCellsProbabilities),
 * one cell in plain TypeScript (cnnCellProbabilities, the reference the kernel is tested against). Weights load once.
 */
import { readFileSync } from 'node:fs';
import { cellFeature } from './sampleCells.ts';
import { denseLayer, denseLogits, type DenseModel } from './denseKernel.ts';
import { denseSoftmax, softmaxInPlace } from './mrzClassifier.ts';

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

/** The kernel's view of the network: each convolution a dense layer over 3×3 patches, then the two linear layers. */
interface CnnAsDense {
  readonly conv1: { readonly weights: Float32Array; readonly taps: number };
  readonly conv2: { readonly weights: Float32Array; readonly taps: number };
  readonly head: DenseModel;
}
const asDense = new WeakMap<MrzCnnWeights, CnnAsDense>();

/** Conv weights [out][in][3][3] as rows of in × 9 taps, each row padded with zeros to a multiple of four. */
function convRows(weight: Float32Array, cin: number, cout: number): { weights: Float32Array; taps: number } {
  const taps = Math.ceil((cin * 9) / 4) * 4;
  const weights = new Float32Array(cout * taps);
  for (let o = 0; o < cout; o++) weights.set(weight.subarray(o * cin * 9, (o + 1) * cin * 9), o * taps);
  return { weights, taps };
}

function cnnAsDense(w: MrzCnnWeights): CnnAsDense {
  let d = asDense.get(w);
  if (d === undefined) {
    const { width, height } = cellFeature;
    d = {
      conv1: convRows(w.conv1w, 1, w.c1),
      conv2: convRows(w.conv2w, w.c1, w.c2),
      head: { inputs: w.c2 * (height >> 2) * (width >> 2), hidden: w.hidden, w1: w.fc1w, b1: w.fc1b, w2: w.fc2w, b2: w.fc2b },
    };
    asDense.set(w, d);
  }
  return d;
}

/**
 * Every position's 3×3 neighbourhood over `cin` planes of h×w (zero beyond the edges), per plane then row then
 * column as the conv weights are laid out, for `count` inputs end to end: count × h × w rows of `taps`.
 */
function patches(inputs: Float32Array, count: number, cin: number, h: number, w: number, taps: number): Float32Array {
  const out = new Float32Array(count * h * w * taps);
  // Each input's planes copied once into a zero border, so every tap is read without a bounds check.
  const pw = w + 2;
  const ph = h + 2;
  const padded = new Float32Array(cin * ph * pw);
  for (let n = 0; n < count; n++) {
    for (let i = 0; i < cin; i++) {
      for (let y = 0; y < h; y++) {
        const from = ((n * cin + i) * h + y) * w;
        padded.set(inputs.subarray(from, from + w), (i * ph + y + 1) * pw + 1);
      }
    }
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let at = ((n * h + y) * w + x) * taps;
        for (let i = 0; i < cin; i++) {
          for (let ky = 0; ky < 3; ky++) {
            const src = (i * ph + y + ky) * pw + x;
            out[at] = padded[src]!;
            out[at + 1] = padded[src + 1]!;
            out[at + 2] = padded[src + 2]!;
            at += 3;
          }
        }
      }
    }
  }
  return out;
}

/** 2×2 max-pooling of per-position channel vectors (count × h × w × c) into planes (count × c × h/2 × w/2). */
function poolToPlanes(conv: Float32Array, count: number, c: number, h: number, w: number): Float32Array {
  const oh = h >> 1;
  const ow = w >> 1;
  const out = new Float32Array(count * c * oh * ow);
  for (let n = 0; n < count; n++) {
    for (let o = 0; o < c; o++) {
      for (let y = 0; y < oh; y++) {
        for (let x = 0; x < ow; x++) {
          // Positions (2y, 2x), (2y, 2x+1), (2y+1, 2x), (2y+1, 2x+1): channel o of each.
          const a = ((n * h + 2 * y) * w + 2 * x) * c + o;
          const b = a + w * c;
          out[((n * c + o) * oh + y) * ow + x] = Math.max(conv[a]!, conv[a + c]!, conv[b]!, conv[b + c]!);
        }
      }
    }
  }
  return out;
}

/**
 * cnnCellProbabilities for many cells at once, through the WebAssembly dense kernel (denseKernel.ts): each
 * convolution a dense layer over every position's patch (ReLU before pooling, which commutes with the max), then the
 * linear layers. The same probabilities to ~1e-6 (f32 sums), several times faster.
 */
export function cnnCellsProbabilities(w: MrzCnnWeights, xs: readonly Float32Array[]): Float32Array[] {
  if (xs.length === 0) return [];
  const { width, height } = cellFeature;
  const d = cnnAsDense(w);
  const cells = new Float32Array(xs.length * width * height);
  xs.forEach((x, i) => cells.set(x, i * width * height));
  const a = denseLayer(d.conv1.weights, w.conv1b, d.conv1.taps, w.c1, patches(cells, xs.length, 1, height, width, d.conv1.taps), true);
  const pooled1 = poolToPlanes(a, xs.length, w.c1, height, width);
  const h2 = height >> 1;
  const w2 = width >> 1;
  const b = denseLayer(d.conv2.weights, w.conv2b, d.conv2.taps, w.c2, patches(pooled1, xs.length, w.c1, h2, w2, d.conv2.taps), true);
  const pooled2 = poolToPlanes(b, xs.length, w.c2, h2, w2);
  const flat = d.head.inputs;
  return denseLogits(d.head, w.classes.length, xs.map((_, i) => pooled2.subarray(i * flat, (i + 1) * flat))).map(softmaxInPlace);
}
