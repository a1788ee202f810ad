/** Events are facts in the past tense: a literal type, its data, and metadata that never holds personal data. */

export interface EventMetadata {
  readonly requestId?: string;
  readonly keyId?: string;
  /** Who caused it when not an HTTP request, e.g. `cli`. */
  readonly source?: string;
}

export interface Event<Type extends string = string, Data extends object = Readonly<Record<string, unknown>>> {
  readonly type: Type;
  readonly data: Data;
  readonly metadata?: EventMetadata;
}

/**
 * Turns an event recorded with an older shape of its data (`schemaVersion`) into the current one. Runs on every
 * read, so code only ever sees current shapes; the log itself is never rewritten.
 */
export type Upcaster = (event: RecordedEvent) => RecordedEvent;

export type RecordedEvent<E extends Event<string, object> = Event> = E & {
  readonly metadata: EventMetadata;
  readonly streamId: string;
  /** 1 for the first event of a stream. */
  readonly streamPosition: number;
  /** Global order over all streams, as a decimal string (PostgreSQL bigints do not fit a number). */
  readonly position: string;
  readonly recordedAt: string;
  /** The version of `data`'s shape it was recorded with (after upcasting: the current one). */
  readonly schemaVersion: number;
};
