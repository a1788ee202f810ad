/**
 * The MRZ cell classifiers' two dense layers over a batch of cells, in WebAssembly SIMD (denseKernel.wat): the
 * classifier reads every cell of every grid the reader tries, and in JavaScript it was half the pipeline thread's
 * work on a page while the OCR workers waited. Each thread compiles the kernel once and copies each model's weights
 * into its memory once.
 */
import { readFileSync } from 'node:fs';

export interface DenseModel {
  readonly inputs: number;
  readonly hidden: number;
  /** hidden × inputs, row-major. */
  readonly w1: Float32Array;
  readonly b1: Float32Array;
  /** outputs × hidden, row-major. */
  readonly w2: Float32Array;
  readonly b2: Float32Array;
}

// The WebAssembly API as far as used here: the tsconfig's libraries (ES, no DOM) do not declare it.
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { readonly exports: unknown };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

type DenseFn = (w: number, b: number, x: number, out: number, ins: number, outs: number, n: number, relu: number) => void;

interface Kernel {
  readonly memory: WasmMemory;
  readonly dense: DenseFn;
  /** Byte address where the weights copied so far end; each call's scratch starts here. */
  weightsEnd: number;
  readonly placed: WeakMap<Float32Array, number>;
}

const pageBytes = 65536;
const align = (bytes: number): number => Math.ceil(bytes / 16) * 16;

let kernel: Kernel | null = null;
function loadKernel(): Kernel {
  if (kernel !== null) return kernel;
  const module = new wasm.Module(readFileSync(new URL('./denseKernel.wasm', import.meta.url)));
  const exports = new wasm.Instance(module).exports as { memory: WasmMemory; dense: DenseFn };
  kernel = { memory: exports.memory, dense: exports.dense, weightsEnd: 0, placed: new WeakMap() };
  return kernel;
}

function ensureBytes(k: Kernel, bytes: number): void {
  const short = bytes - k.memory.buffer.byteLength;
  if (short > 0) k.memory.grow(Math.ceil(short / pageBytes));
}

function place(k: Kernel, array: Float32Array): number {
  const at = k.weightsEnd;
  ensureBytes(k, at + align(array.byteLength));
  new Float32Array(k.memory.buffer, at, array.length).set(array);
  k.weightsEnd = at + align(array.byteLength);
  return at;
}

/** Where an array the kernel reads again and again (a model's weights) was copied into its memory, by identity. */
function placed(k: Kernel, array: Float32Array): number {
  let at = k.placed.get(array);
  if (at === undefined) {
    at = place(k, array);
    k.placed.set(array, at);
  }
  return at;
}

interface Layer {
  readonly weights: Float32Array;
  readonly bias: Float32Array;
  readonly ins: number;
  readonly outs: number;
  readonly relu: boolean;
}

/**
 * Dense layers one after another over `n` input vectors, which `fill` writes end to end into the kernel's input
 * (n × the first layer's ins); the last layer's n × outs outputs, copied out. Between layers the vectors stay in the
 * kernel's memory. Weights and biases are copied in once per array.
 */
function denseLayers(layers: readonly Layer[], n: number, fill: (input: Float32Array) => void): Float32Array {
  for (const l of layers) {
    if (l.ins % 4 !== 0) throw new Error('The dense kernel needs inputs in multiples of four');
    if (l.weights.length !== l.ins * l.outs || l.bias.length !== l.outs) throw new Error('A dense layer does not match its weights');
  }
  const last = layers[layers.length - 1]!;
  if (n === 0) return new Float32Array(0);
  const k = loadKernel();
  const at = layers.map((l) => ({ w: placed(k, l.weights), b: placed(k, l.bias) }));
  const padded = Math.ceil(n / 4) * 4;
  // Each layer's input, then the last one's output, one after another after the weights.
  const starts = [k.weightsEnd];
  for (const l of layers) starts.push(starts[starts.length - 1]! + align(padded * l.ins * 4));
  ensureBytes(k, starts[layers.length]! + align(padded * last.outs * 4));
  const input = new Float32Array(k.memory.buffer, starts[0]!, padded * layers[0]!.ins);
  fill(input.subarray(0, n * layers[0]!.ins));
  // The padding vectors: zeros, whatever an earlier call left there.
  input.fill(0, n * layers[0]!.ins);
  layers.forEach((l, i) => {
    if (i > 0 && layers[i - 1]!.outs !== l.ins) throw new Error('Dense layers do not chain');
    k.dense(at[i]!.w, at[i]!.b, starts[i]!, starts[i + 1]!, l.ins, l.outs, padded, l.relu ? 1 : 0);
  });
  return new Float32Array(k.memory.buffer, starts[layers.length]!, n * last.outs).slice();
}

/**
 * One dense layer over the input vectors laid end to end in `x` (n × ins): n × outs outputs, ReLU'd when `relu`;
 * `weights` are outs × ins, row-major, and ins a multiple of 4. Sums run in f32 lanes, not in the order
 * JavaScript's one-by-one sum takes: they differ from it in the last bits.
 */
export function denseLayer(weights: Float32Array, bias: Float32Array, ins: number, outs: number, x: Float32Array, relu: boolean): Float32Array {
  if (x.length % ins !== 0) throw new Error('A dense layer does not match its inputs');
  return denseLayers([{ weights, bias, ins, outs, relu }], x.length / ins, (input) => input.set(x));
}

/** The second layer's outputs (logits) for each input vector: ReLU(w1·x + b1), then w2·h + b2 (see denseLayer). */
export function denseLogits(model: DenseModel, outputs: number, xs: readonly Float32Array[]): Float32Array[] {
  const { inputs, hidden } = model;
  const layers = [
    { weights: model.w1, bias: model.b1, ins: inputs, outs: hidden, relu: true },
    { weights: model.w2, bias: model.b2, ins: hidden, outs: outputs, relu: false },
  ];
  const y = denseLayers(layers, xs.length, (input) =>
    xs.forEach((v, i) => {
      if (v.length !== inputs) throw new Error('An input vector does not match the dense model');
      input.set(v, i * inputs);
    }),
  );
  return xs.map((_, i) => y.subarray(i * outputs, (i + 1) * outputs));
}
