/**
 * Generated passport scans shrunk to a few hundred pixels wide, read by the passport plugin with real OCR. The MRZ
 * still reads at under 2 px/mm; the printed page does not, and what Tesseract makes of it must not count.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { OcrPort, PageSegmentation } from '../../core/ocr/types.ts';
import { itemRandom } from '../../fixtures/generate.ts';
import { buildPassportItem } from '../../fixtures/passportSet.ts';
import { pagesOnDisk } from './pagesOnDisk.ts';
import { runPassportPlugin } from './runPassportPlugin.ts';

interface TinyPage {
  readonly seed: number;
  readonly index: number;
  /** The whole image's width after shrinking (the scan's margins included). */
  readonly widthPx: number;
  /** Whether the page is under legiblePrintPxPerMm there. */
  readonly tooSmall: boolean;
}

const pages: readonly TinyPage[] = [
  { seed: 5151, index: 1, widthPx: 240, tooSmall: true },
  { seed: 5151, index: 2, widthPx: 240, tooSmall: true },
  // Just over the floor, the print is read: its date of issue is right.
  { seed: 5151, index: 3, widthPx: 300, tooSmall: false },
];

const onDisk = pagesOnDisk('tiny-pages', pages, async (page) => {
  const built = await buildPassportItem(`tiny-${page.seed}-${page.index + 1}`, page.index, 'scan', itemRandom(page.seed, page.index));
  const name = built.item.files.first_page!;
  const shrunk = await sharp(built.files.find((f) => f.name === name)!.bytes).resize({ width: page.widthPx }).png().toBuffer();
  return { name: `${page.seed}-${page.index}-${page.widthPx}.png`, bytes: shrunk, keep: built.truth.expected };
});

describe('passport pages too small for their print', () => {
  it.each(pages)('seed $seed item $index at $widthPx px wide', async (page) => {
    const { path: file, keep: expected } = onDisk.file(page);
    const jobs: (PageSegmentation | undefined)[] = [];
    const counting: OcrPort = {
      recognize: (request) => {
        jobs.push(request.segmentation);
        return onDisk.ocr.recognize(request);
      },
    };
    const outcome = await runPassportPlugin(counting, { first_page: file }, new Date('2026-11-27T00:00:00Z'));
    if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.detail}`);
    const { result } = outcome;
    expect(result.mrz).toEqual(expected.mrz);
    const codes = result.warnings.map((w) => w.code);
    if (page.tooSmall) {
      // Nothing was read from the print, and the answer says why: names from the MRZ, no date of issue.
      expect(jobs).toEqual([]);
      expect(codes).toContain('printed_page_too_small');
      expect(codes).toContain('printed_names_not_read');
      expect(result.issue_date).toBeNull();
      expect(result.checks.printed_vs_mrz.surname).toBe('not_read');
    } else {
      expect(jobs.length).toBeGreaterThan(0);
      expect(codes).not.toContain('printed_page_too_small');
      expect(result.issue_date).toBe(expected.issue_date);
    }
  }, 60_000);
});
