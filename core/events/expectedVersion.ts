/** Every append states what it believes the stream's version is; the store refuses the append when it is wrong. */

/** A stream's version is its last stream position; a stream with no events has version 0. */
export type ExpectedVersion = number | 'no_stream' | 'stream_exists' | 'any';

export class ExpectedVersionConflictError extends Error {
  readonly streamId: string;
  readonly expected: ExpectedVersion;
  /** The version found, or null when the conflict surfaced as a concurrent insert (re-read to learn it). */
  readonly actual: number | null;

  constructor(streamId: string, expected: ExpectedVersion, actual: number | null, options?: { cause?: unknown }) {
    super(
      `Expected version ${String(expected)} of stream ${streamId} but found ${actual === null ? 'a concurrent append' : actual}`,
      options,
    );
    this.name = 'ExpectedVersionConflictError';
    this.streamId = streamId;
    this.expected = expected;
    this.actual = actual;
  }
}

export function matchesExpectedVersion(current: number, expected: ExpectedVersion): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === 0;
  if (expected === 'stream_exists') return current > 0;
  return current === expected;
}
