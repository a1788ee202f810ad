/**
 * The OCR-B cell classifier: a one-hidden-layer perceptron over a normalised cell (see sampleCells.ts), trained by
 * scripts/train-mrz-classifier.ts on glyphs rendered from the Debian OCR-B font. Weights load once, lazily.
 */
import { readFileSync } from 'node:fs';
import { denseLogits } from './denseKernel.ts';
import { cellFeatureLength } from './sampleCells.ts';

export const mrzClasses = '<0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export interface MrzClassifierWeights {
  readonly version: number;
  readonly seed: number;
  readonly inputs: number;
  readonly hidden: number;
  readonly classes: string;
  /** hidden × inputs, row-major. */
  readonly w1: Float32Array;
  readonly b1: Float32Array;
  /** classes × hidden, row-major. */
  readonly w2: Float32Array;
  readonly b2: Float32Array;
}

export interface CellReading {
  readonly char: string;
  readonly probability: number;
  readonly second: string;
  readonly secondProbability: number;
}

interface StoredWeights {
  version: number;
  seed: number;
  inputs: number;
  hidden: number;
  classes: string;
  w1: string;
  b1: string;
  w2: string;
  b2: string;
  heldOut?: unknown;
}

const modelUrl = new URL('./model/mrz-ocrb-mlp.json', import.meta.url);

const fromBase64 = (s: string): Float32Array => {
  const bytes = Buffer.from(s, 'base64');
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};
const toBase64 = (a: Float32Array): string => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

export function encodeWeights(w: MrzClassifierWeights, heldOut: unknown): string {
  const stored: StoredWeights = { version: w.version, seed: w.seed, inputs: w.inputs, hidden: w.hidden, classes: w.classes, heldOut, w1: toBase64(w.w1), b1: toBase64(w.b1), w2: toBase64(w.w2), b2: toBase64(w.b2) };
  return `${JSON.stringify(stored)}\n`;
}

export function decodeWeights(text: string): MrzClassifierWeights {
  const s = JSON.parse(text) as StoredWeights;
  const w = { version: s.version, seed: s.seed, inputs: s.inputs, hidden: s.hidden, classes: s.classes, w1: fromBase64(s.w1), b1: fromBase64(s.b1), w2: fromBase64(s.w2), b2: fromBase64(s.b2) };
  if (w.inputs !== cellFeatureLength || w.w1.length !== w.hidden * w.inputs || w.w2.length !== w.classes.length * w.hidden) throw new Error('MRZ classifier weights do not match the cell features');
  return w;
}

let loaded: MrzClassifierWeights | null = null;
export function mrzClassifierWeights(): MrzClassifierWeights {
  loaded ??= decodeWeights(readFileSync(modelUrl, 'utf8'));
  return loaded;
}

/**
 * A second opinion: the classifier trained on docex's own renderer alone (the model before the printers' variety was
 * added). Where it reads a cell otherwise, the cell is in doubt, whatever the main model's confidence.
 */
const secondOpinionUrl = new URL('./model/mrz-ocrb-mlp-renderer.json', import.meta.url);
let secondLoaded: MrzClassifierWeights | null = null;
export function secondOpinionWeights(): MrzClassifierWeights {
  secondLoaded ??= decodeWeights(readFileSync(secondOpinionUrl, 'utf8'));
  return secondLoaded;
}

/** Class probabilities (softmax) for one cell; `hiddenOut` receives the hidden activations when given. */
export function classifyCellProbabilities(w: MrzClassifierWeights, x: Float32Array, hiddenOut?: Float32Array): Float32Array {
  const hidden = hiddenOut ?? new Float32Array(w.hidden);
  for (let h = 0; h < w.hidden; h++) {
    let s = w.b1[h]!;
    const row = h * w.inputs;
    for (let i = 0; i < w.inputs; i++) s += w.w1[row + i]! * x[i]!;
    hidden[h] = s > 0 ? s : 0;
  }
  return denseSoftmax(hidden, w.w2, w.b2, w.classes.length);
}

/**
 * classifyCellProbabilities for many cells at once, in the WebAssembly kernel (denseKernel.ts): ~5x faster, the same
 * probabilities to ~1e-6 (its sums run in f32 lanes).
 */
export function classifyCellsProbabilities(w: MrzClassifierWeights, xs: readonly Float32Array[]): Float32Array[] {
  return denseLogits(w, w.classes.length, xs).map(softmaxInPlace);
}

/** A dense layer's `outputs` (row-major `weights` over `input`, plus `bias`) as softmax probabilities. */
export function denseSoftmax(input: Float32Array, weights: Float32Array, bias: Float32Array, outputs: number): Float32Array {
  const n = input.length;
  const out = new Float32Array(outputs);
  for (let c = 0; c < outputs; c++) {
    let s = bias[c]!;
    const row = c * n;
    for (let j = 0; j < n; j++) s += weights[row + j]! * input[j]!;
    out[c] = s;
  }
  return softmaxInPlace(out);
}

/** Logits to probabilities, in the same array. */
export function softmaxInPlace(out: Float32Array): Float32Array {
  let max = -Infinity;
  for (let c = 0; c < out.length; c++) if (out[c]! > max) max = out[c]!;
  let sum = 0;
  for (let c = 0; c < out.length; c++) {
    out[c] = Math.exp(out[c]! - max);
    sum += out[c]!;
  }
  for (let c = 0; c < out.length; c++) out[c] = out[c]! / sum;
  return out;
}

export function classifyCell(x: Float32Array, w: MrzClassifierWeights = mrzClassifierWeights()): CellReading {
  const p = classifyCellProbabilities(w, x);
  let best = 0;
  let second = 1;
  for (let c = 0; c < p.length; c++) {
    if (p[c]! > p[best]!) {
      second = best;
      best = c;
    } else if (c !== best && (p[c]! > p[second]! || second === best)) second = c;
  }
  return { char: w.classes[best]!, probability: p[best]!, second: w.classes[second]!, secondProbability: p[second]! };
}
