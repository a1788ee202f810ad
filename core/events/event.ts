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

export type RecordedEvent<E extends Event<string, object> = Event> = E & {
  readonly metadata: EventMetadata;
  readonly streamId: string;
  /** 1 for the first event of a stream. */
  readonly streamPosition: number;
  /** Global order over all streams, as a decimal string (PostgreSQL bigints do not fit a number). */
  readonly position: string;
  readonly recordedAt: string;
};
