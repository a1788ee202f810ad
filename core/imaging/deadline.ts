/** Bounds a piece of untrusted-input work (decoding, PDF parsing) so a hostile file cannot hang a request. */
import { ProblemError } from '../errors.ts';

export async function withDeadline<T>(work: Promise<T>, ms: number, what: string, onTimeout?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new ProblemError('unreadable_document', `${what} took longer than ${ms} ms and was stopped.`));
    }, ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
