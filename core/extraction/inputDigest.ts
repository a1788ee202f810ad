/** Pure: the identity of an upload, for Idempotency-Key checks; part names count, so swapped pages differ. */
import { createHash } from 'node:crypto';
import type { LoadedUpload } from '../imaging/types.ts';

export function inputDigest(upload: LoadedUpload): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(upload.parts).sort()) {
    hash.update(`${name}=${upload.parts[name]?.sha256 ?? ''}\n`);
  }
  return hash.digest('hex');
}

/** Pages per part, e.g. `{ first_page: 1, last_page: 1 }`; recorded on the ExtractionRequested event. */
export function pagesPerPart(upload: LoadedUpload): Record<string, number> {
  return Object.fromEntries(Object.entries(upload.parts).map(([name, part]) => [name, part.pages.length]));
}
