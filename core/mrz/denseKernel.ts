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
  readonly placed: WeakMap<DenseModel, { readonly w1: number; readonly b1: number; readonly w2: number; readonly b2: number }>;
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

/**
 * The second layer's outputs (logits) for each input vector: ReLU(w1·x + b1), then w2·h + b2, summed in f32 lanes
 * (not in the order JavaScript's one-by-one sum takes, so they differ from it in the last bits).
 */
export function denseLogits(model: DenseModel, outputs: number, xs: readonly Float32Array[]): Float32Array[] {
  if (xs.length === 0) return [];
  const { inputs, hidden } = model;
  if (inputs % 4 !== 0 || hidden % 4 !== 0) throw new Error('The dense kernel needs layer widths in multiples of four');
  const k = loadKernel();
  let at = k.placed.get(model);
  if (at === undefined) {
    at = { w1: place(k, model.w1), b1: place(k, model.b1), w2: place(k, model.w2), b2: place(k, model.b2) };
    k.placed.set(model, at);
  }
  const n = Math.ceil(xs.length / 4) * 4;
  const xAt = k.weightsEnd;
  const hAt = xAt + align(n * inputs * 4);
  const yAt = hAt + align(n * hidden * 4);
  ensureBytes(k, yAt + align(n * outputs * 4));
  const x = new Float32Array(k.memory.buffer, xAt, n * inputs);
  xs.forEach((v, i) => {
    if (v.length !== inputs) throw new Error('An input vector does not match the dense model');
    x.set(v, i * inputs);
  });
  // The padding vectors: zeros, whatever an earlier batch left there.
  x.fill(0, xs.length * inputs);
  k.dense(at.w1, at.b1, xAt, hAt, inputs, hidden, n, 1);
  k.dense(at.w2, at.b2, hAt, yAt, hidden, outputs, n, 0);
  const y = new Float32Array(k.memory.buffer, yAt, n * outputs);
  return xs.map((_, i) => y.slice(i * outputs, (i + 1) * outputs));
}
