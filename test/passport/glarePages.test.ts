/**
 * Phone photos with glare across the MRZ, rendered by the fixture generator (dev seeds outside the dev split's own),
 * read by the passport plugin with real OCR. Each page once failed a different way: lines glare cut where a run of
 * fillers follows were never joined (a garbage MRZ came back), a glare spot over a date's check digit left the date
 * unproven, glare hiding more of line 1's start than line 2's shifted line 1 by seven cells, and glare over line 1's
 * closing fillers left it too short to pair with line 2 (refused as no MRZ).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';
import { itemRandom } from '../../fixtures/generate.ts';
import { buildPassportItem } from '../../fixtures/passportSet.ts';
import type { PassportExpected } from '../../fixtures/passportRecord.ts';
import { runPassportPlugin } from './runPassportPlugin.ts';

/** `npm run fixtures -- passport --split dev --seed 171717 --count 60 --degradation glare`: items 13, 27 and 43. */
const seed = 171_717;
const pages = [
  { index: 12, what: 'glare over the middle of both lines, fillers after it: lines joined, expiry and its check digit from the print read twice' },
  { index: 26, what: 'glare over the start of both lines, more of line 1: both lines kept in one column' },
  { index: 42, what: 'glare over the expiry and its check digit in a portrait photo' },
] as const;

const specFields = ['full_name', 'given_name', 'surname', 'date_of_birth', 'nationality', 'passport_number', 'expiry_date', 'issuing_country', 'sex'] as const;

let dir: string;
let ocr: OcrPool;
const files = new Map<number, { path: string; expected: PassportExpected }>();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'docex-glare-pages-'));
  ocr = createOcrPool({ workers: 2 });
  for (const { index } of pages) {
    const built = await buildPassportItem(`glare-${index + 1}`, index, 'glare', itemRandom(seed, index));
    const name = built.item.files.first_page!;
    await writeFile(path.join(dir, name), built.files.find((f) => f.name === name)!.bytes);
    files.set(index, { path: path.join(dir, name), expected: built.truth.expected });
  }
  const built = await buildPassportItem('glare-cut-short', cutShort.index, 'glare', itemRandom(cutShort.seed, cutShort.index));
  const name = built.item.files.first_page!;
  await writeFile(path.join(dir, `cut-${name}`), built.files.find((f) => f.name === name)!.bytes);
  files.set(-1, { path: path.join(dir, `cut-${name}`), expected: built.truth.expected });
}, 120_000);

/** `npm run fixtures -- passport --split dev --seed 172727 --count 200 --degradation glare`: item 76. */
const cutShort = { seed: 172_727, index: 75 };

afterAll(async () => {
  await ocr?.terminate();
  await rm(dir, { recursive: true, force: true });
});

describe('passport pages with glare across the MRZ', () => {
  it.each(pages)('item $index: $what', async ({ index }) => {
    const { path: file, expected } = files.get(index)!;
    const outcome = await runPassportPlugin(ocr, { first_page: file }, new Date());
    if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.detail}`);
    const { result } = outcome;
    expect(result.mrz).toEqual(expected.mrz);
    for (const field of specFields) expect(result[field], field).toBe(expected[field]);
    // What glare hid was filled, each fill recorded, and nothing is left unconfirmed.
    expect(result.repairs.some((r) => /washed out by glare/.test(r.reason))).toBe(true);
    expect(result.warnings.map((w) => w.code)).not.toContain('mrz_washed_out');
  }, 60_000);

  it('item 76 of another seed: glare over line 1\'s closing fillers leaves it short of line 2, and it is read, not refused', async () => {
    const { path: file, expected } = files.get(-1)!;
    const outcome = await runPassportPlugin(ocr, { first_page: file }, new Date());
    if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.detail}`);
    expect(outcome.result.mrz.line1).toBe(expected.mrz.line1);
    expect(outcome.result.surname).toBe(expected.surname);
    // Line 2 reads 40LK… with an O for the 0, which no check digit can tell apart from 4OLK…0… : never marked valid then.
    if (outcome.result.mrz.line2 !== expected.mrz.line2) expect(outcome.result.mrz.check_digits_valid).toBe(false);
  }, 60_000);
});

