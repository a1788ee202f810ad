/** Reads a labelled split (manifest, truth, files) written by the fixture generator, generating it when missing. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { UploadedFile } from '../core/extraction/types.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const manifestSchema = z.object({
  set: z.string(),
  split: z.string(),
  seed: z.number().optional(),
  items: z.array(
    z.object({
      id: z.string(),
      files: z.record(z.string(), z.string()),
      truth: z.string(),
      degradation: z.string(),
      layout: z.string(),
      endpoint: z.string(),
      expect: z.string(),
      exif_orientation: z.number().optional(),
      /** Real specimen sets (npm run real:build): the part (train/eval) and the issuing state. */
      part: z.string().optional(),
      issuing_state: z.string().optional(),
    }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestItem = Manifest['items'][number];

const truthSchema = z.object({ expected: z.record(z.string(), z.unknown()), password: z.string().optional() });
export type Truth = z.infer<typeof truthSchema>;

export const splitDirectory = (set: string, split: string): string => path.join(repoRoot, 'fixtures', 'out', set, split);

/** Runs the generator (`npm run fixtures`) when the split has no manifest yet; it is deterministic per split. */
export function ensureSplit(set: string, split: string, count?: number): string {
  const directory = splitDirectory(set, split);
  if (existsSync(path.join(directory, 'manifest.json'))) return directory;
  const args = ['run', '--silent', 'fixtures', '--', set, '--split', split, ...(count === undefined ? [] : ['--count', String(count)])];
  process.stderr.write(`Generating fixtures: npm ${args.join(' ')}\n`);
  const run = spawnSync('npm', args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0 || !existsSync(path.join(directory, 'manifest.json'))) {
    throw new Error(`The fixture generator did not write ${path.join(directory, 'manifest.json')}`);
  }
  return directory;
}

export async function readManifest(directory: string): Promise<Manifest> {
  return manifestSchema.parse(JSON.parse(await readFile(path.join(directory, 'manifest.json'), 'utf8')));
}

export interface LoadedItem {
  readonly item: ManifestItem;
  readonly truth: Truth;
  readonly files: UploadedFile[];
  /** Form fields the request carries (the PDF password of encrypted e-PANs). */
  readonly fields: Record<string, string>;
}

export async function loadItem(directory: string, item: ManifestItem): Promise<LoadedItem> {
  const truth = truthSchema.parse(JSON.parse(await readFile(path.join(directory, item.truth), 'utf8')));
  const files = await Promise.all(
    Object.entries(item.files).map(async ([field, name]) => ({ field, buffer: await readFile(path.join(directory, name)) })),
  );
  return { item, truth, files, fields: truth.password === undefined ? {} : { password: truth.password } };
}

/** The conditions of an original real page; every other degradation is a derived copy. */
const ORIGINAL_CONDITIONS: readonly string[] = ['scan', 'photo'];

/** The items a run reads: a real set's part (and only its originals, if asked), the ids named, at most `limit`. */
export function selectItems(
  items: readonly ManifestItem[],
  args: { readonly real: string | null; readonly part: 'train' | 'eval' | 'all'; readonly originals: boolean; readonly ids: readonly string[]; readonly limit: number | null },
): ManifestItem[] {
  const inPart = items.filter(
    (item) => args.real === null || ((args.part === 'all' || item.part === args.part) && (!args.originals || ORIGINAL_CONDITIONS.includes(item.degradation))),
  );
  const picked = args.ids.length === 0 ? inPart : inPart.filter((item) => args.ids.includes(item.id));
  return args.limit === null ? picked : picked.slice(0, args.limit);
}
