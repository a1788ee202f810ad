/**
 * Passport pages pinned as files (test/passport/pages/, listed with their truth in pages.json), read by the plugin
 * with real OCR: each once failed in the way its entry says, and a change to the generator cannot swap them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';
import { runPassportPlugin } from './runPassportPlugin.ts';

interface PinnedPage {
  readonly file: string;
  readonly what: string;
  readonly expected: Record<string, unknown>;
}

const dir = path.join(import.meta.dirname, 'pages');
const { pages } = JSON.parse(readFileSync(path.join(dir, 'pages.json'), 'utf8')) as { pages: PinnedPage[] };

let ocr: OcrPool;
beforeAll(async () => {
  ocr = createOcrPool({ workers: 1 });
  await ocr.ready();
}, 120_000);
afterAll(async () => {
  await ocr?.terminate();
});

describe('pinned passport pages', () => {
  it.each(pages.map((page) => [page.file, page] as const))('%s', async (_file, page) => {
    const outcome = await runPassportPlugin(ocr, { first_page: path.join(dir, page.file) });
    expect(outcome.ok, outcome.ok ? '' : outcome.detail).toBe(true);
    if (!outcome.ok) return;
    const { geometry: _geometry, ...result } = outcome.result as unknown as Record<string, unknown>;
    expect(result, page.what).toMatchObject(page.expected);
  }, 60_000);
});
