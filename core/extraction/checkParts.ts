/** Pure: does the set of uploaded file parts match what the plugin declares? Checked before any decoding. */
import { ProblemError } from '../errors.ts';
import type { UploadPartSpec } from '../plugins/types.ts';
import type { UploadedFile } from './types.ts';

export function checkParts(specs: readonly UploadPartSpec[], files: readonly UploadedFile[]): void {
  const declared = new Map(specs.map((spec) => [spec.name, spec]));
  const seen = new Set<string>();
  for (const file of files) {
    if (!declared.has(file.field)) {
      throw new ProblemError('unexpected_file', `This endpoint takes no file part named "${file.field}".`, {
        extensions: { part: file.field, accepted: specs.map((spec) => spec.name) },
      });
    }
    if (seen.has(file.field)) {
      throw new ProblemError('unexpected_file', `The file part "${file.field}" was sent more than once.`, {
        extensions: { part: file.field },
      });
    }
    seen.add(file.field);
  }
  const missing = specs.filter((spec) => spec.required && !seen.has(spec.name)).map((spec) => spec.name);
  if (missing.length > 0) {
    throw new ProblemError('missing_file', `Missing required file part(s): ${missing.join(', ')}.`, {
      extensions: { missing },
    });
  }
}
