import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSet, type Manifest } from '../../fixtures/generate.ts';
import { panPrintedDate } from '../../fixtures/panRecord.ts';
import { familiesFor, measureMm, panStyleFamilies } from '../../fixtures/panStyle.ts';
import { styledRecord } from '../../fixtures/panStyledSet.ts';
import { createRandom } from '../../fixtures/random.ts';
import { manifestSchema, panExpectedSchema } from '../fixtures/truthFormat.ts';

let out: string;
const manifests: Record<string, Manifest> = {};

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'docex-panstyle-test-'));
  manifests['styled-dev'] = await generateSet('pan', 'styled-dev', { count: 4, out });
  manifests.foreign = await generateSet('pan', 'foreign', { count: 4, out });
});

afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe('PAN style engine', () => {
  it('holds at least three families out of tuning, and none is in both groups', () => {
    const held = familiesFor(true).map((f) => f.name);
    const tuning = familiesFor(false).map((f) => f.name);
    expect(held.length).toBeGreaterThanOrEqual(3);
    expect(tuning.length).toBeGreaterThanOrEqual(3);
    expect(held.filter((n) => tuning.includes(n))).toEqual([]);
  });

  it('held-out families draw fonts tuning never sees', () => {
    const fontsOf = (heldOut: boolean): Set<string> => {
      const fonts = new Set<string>();
      for (const family of familiesFor(heldOut)) {
        for (let i = 0; i < 30; i++) {
          const look = family.drawLook(createRandom(i));
          fonts.add(look.valueFont);
          fonts.add(look.panFont);
        }
      }
      return fonts;
    };
    const tuning = fontsOf(false);
    expect([...fontsOf(true)].filter((f) => tuning.has(f))).toEqual([]);
  });

  it.each(panStyleFamilies.map((f) => f.name))('%s: names fit the room their look leaves, drawn at the value size', (name) => {
    const family = panStyleFamilies.find((f) => f.name === name)!;
    for (let i = 0; i < 20; i++) {
      const look = family.drawLook(createRandom(1000 + i));
      const record = styledRecord(createRandom(2000 + i), family, look);
      const room = family.nameRoom(look, record.holderCode === 'P');
      expect(measureMm(record.name, look.valueSize, look.valueFont)).toBeLessThanOrEqual(room);
      expect(record.name).toMatch(/^[A-Z&]+( [A-Z&]+){0,8}$/);
      // The 5th character follows the name: the surname's initial, or the entity name's.
      const words = record.name.split(' ');
      expect(record.pan[4]).toBe((record.holderCode === 'P' ? words[words.length - 1] : words[0])?.charAt(0));
      expect(panPrintedDate(record)).toMatch(/^\d{2}[/.-]\d{2}[/.-]\d{4}$/);
    }
  });

  it.each(['styled-dev', 'foreign'])('%s: manifest, files and truth in the pan set format, families from its group', async (split) => {
    const manifest = manifests[split] as Manifest;
    expect(manifest.split).toBe(split);
    const dir = join(out, 'pan', split);
    const families = familiesFor(split === 'foreign').map((f) => f.name);
    for (const item of manifest.items) {
      manifestSchema.parse({ ...manifest, split: 'dev', items: [item] });
      expect(item.layout === 'e-pan' || families.includes(item.layout)).toBe(true);
      const truth = JSON.parse(await readFile(join(dir, item.truth), 'utf8')) as { expected: unknown };
      panExpectedSchema.parse(truth.expected);
      expect((await readFile(join(dir, item.files.file as string))).length).toBeGreaterThan(1000);
    }
  });

  it('is deterministic, and the styled splits are not for the other sets', async () => {
    const again = await generateSet('pan', 'foreign', { count: 4, out: join(out, 'again') });
    expect(again).toEqual({ ...manifests.foreign });
    for (const item of again.items) {
      const a = await readFile(join(out, 'again', 'pan', 'foreign', item.files.file as string));
      const b = await readFile(join(out, 'pan', 'foreign', item.files.file as string));
      expect(a.equals(b)).toBe(true);
    }
    await expect(generateSet('negatives', 'foreign', { count: 1, out })).rejects.toThrow(/passport and pan sets only/);
  });
});
