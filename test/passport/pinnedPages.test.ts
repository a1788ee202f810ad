/**
 * Passport pages pinned as files (test/passport/pages/, listed with their truth in pages.json), read by the plugin
 * with real OCR: each once failed in the way its entry says, and a change to the generator cannot swap them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ocrPoolForFile } from '../support/ocrPool.ts';
import { runPassportPlugin } from './runPassportPlugin.ts';

interface PinnedPage {
  readonly file: string;
  readonly what: string;
  readonly expected: Record<string, unknown>;
  /** Where the printed date of issue is on the image, for its geometry. */
  readonly issueDateBox?: { x0: number; y0: number; x1: number; y1: number };
}

const dir = path.join(import.meta.dirname, 'pages');
const { pages } = JSON.parse(readFileSync(path.join(dir, 'pages.json'), 'utf8')) as { pages: PinnedPage[] };

const ocr = ocrPoolForFile();

describe('pinned passport pages', () => {
  it.each(pages.map((page) => [page.file, page] as const))('%s', async (_file, page) => {
    const outcome = await runPassportPlugin(ocr(), { first_page: path.join(dir, page.file) });
    expect(outcome.ok, outcome.ok ? '' : outcome.detail).toBe(true);
    if (!outcome.ok) return;
    const { geometry, ...result } = outcome.result as unknown as Record<string, unknown> & { geometry?: Record<string, { polygon: [number, number][] } | null> };
    expect(result, page.what).toMatchObject(page.expected);
    const box = page.issueDateBox;
    if (box !== undefined) {
      const polygon = geometry?.['issue_date']?.polygon ?? [];
      expect(polygon.length).toBe(4);
      const xs = polygon.map(([x]) => x);
      const ys = polygon.map(([, y]) => y);
      // Around the printed date: centre within a few pixels, width within a fifth.
      expect(Math.abs((Math.min(...xs) + Math.max(...xs)) / 2 - (box.x0 + box.x1) / 2)).toBeLessThan(12);
      expect(Math.abs((Math.min(...ys) + Math.max(...ys)) / 2 - (box.y0 + box.y1) / 2)).toBeLessThan(8);
      expect(Math.abs(Math.max(...xs) - Math.min(...xs) - (box.x1 - box.x0))).toBeLessThan((box.x1 - box.x0) / 5);
      expect(geometry?.['full_name']).not.toBeNull();
      // The printed names, read from their lines, lie above the date of issue on this page (not in the MRZ below it).
      for (const field of ['surname', 'given_name', 'full_name']) {
        const ys = (geometry?.[field]?.polygon ?? []).map(([, y]) => y);
        expect(ys.length, field).toBe(4);
        expect(Math.max(...ys), field).toBeLessThan(box.y0);
      }
    }
  }, 60_000);
});
