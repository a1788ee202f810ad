/**
 * The set-up every page test shares: its pages rendered to a temporary folder before its cases run, and one real OCR
 * pool its cases read them with; both are gone after. Call it at a test file's top level, where vitest's hooks apply.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';

/** One rendered page: the file's name in the folder, its bytes, and what the test keeps beside it (its truth). */
export interface RenderedPage<T> {
  readonly name: string;
  readonly bytes: Buffer;
  readonly keep: T;
}

export interface PagesOnDisk<P, T> {
  /** The pool the cases read with; only once the set-up has run. */
  readonly ocr: OcrPool;
  /** Where a page was written, and what its render kept. */
  file(page: P): { readonly path: string; readonly keep: T };
}

export function pagesOnDisk<P, T>(
  prefix: string,
  pages: readonly P[],
  render: (page: P) => Promise<RenderedPage<T>>,
  options: { readonly workers?: number } = {},
): PagesOnDisk<P, T> {
  let dir: string | undefined;
  let pool: OcrPool | undefined;
  const files = new Map<P, { path: string; keep: T }>();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), `docex-${prefix}-`));
    pool = createOcrPool({ workers: options.workers ?? 2 });
    for (const page of pages) {
      const rendered = await render(page);
      const file = path.join(dir, rendered.name);
      await writeFile(file, rendered.bytes);
      files.set(page, { path: file, keep: rendered.keep });
    }
    await pool.ready();
  }, 120_000);

  afterAll(async () => {
    await pool?.terminate();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  return {
    get ocr(): OcrPool {
      if (pool === undefined) throw new Error('pagesOnDisk: the OCR pool is made in beforeAll');
      return pool;
    },
    file(page: P) {
      const written = files.get(page);
      if (written === undefined) throw new Error('pagesOnDisk: a page the set-up did not render');
      return written;
    },
  };
}
