/**
 * Builds the WebAssembly kernels from their text sources (core/**\/*.wat → .wasm beside them), with WABT's
 * wat2wasm from npm. The .wasm files are committed, so the service needs no build step; a test checks each one
 * is what its source builds to. Usage: npx tsx scripts/build-wasm.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import wabtInit from 'wabt';

export const wasmSources = [new URL('../core/mrz/denseKernel.wat', import.meta.url)];

export async function compileWat(source: URL): Promise<Uint8Array> {
  const wabt = await wabtInit();
  const module = wabt.parseWat(fileURLToPath(source), readFileSync(source, 'utf8'), { simd: true });
  try {
    module.validate();
    return module.toBinary({}).buffer;
  } finally {
    module.destroy();
  }
}

export const wasmOf = (source: URL): URL => new URL(source.href.replace(/\.wat$/, '.wasm'));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const source of wasmSources) {
    const binary = await compileWat(source);
    writeFileSync(wasmOf(source), binary);
    console.log(`${fileURLToPath(wasmOf(source))}: ${binary.length} bytes`);
  }
}
