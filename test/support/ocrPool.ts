/** A real OCR pool for a test file: started before its tests (Tesseract's start takes seconds), ended after them. */
import { afterAll, beforeAll } from 'vitest';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';

/** Registers the pool's start and end with the file's hooks; call the result inside a test for the pool. */
export function ocrPoolForFile(workers = 1): () => OcrPool {
  let pool: OcrPool | undefined;
  beforeAll(async () => {
    pool = createOcrPool({ workers });
    await pool.ready();
  }, 120_000);
  afterAll(async () => {
    await pool?.terminate();
  });
  return () => {
    if (pool === undefined) throw new Error('the OCR pool starts before the tests');
    return pool;
  };
}
