/** The database as Kysely sees it, composed from one interface per table. Events are append-only. */
import type { ColumnType } from 'kysely';

/** PostgreSQL returns timestamptz as Date; SQLite stores ISO 8601 text. Writes are always ISO strings. */
export type Timestamp = ColumnType<Date | string, string, string>;
type AppendOnly<T, W = T> = ColumnType<T, W, never>;

export interface EventsTable {
  /** Global order: bigserial on PostgreSQL (read as a string), integer autoincrement on SQLite. */
  position: ColumnType<string | number, never, never>;
  stream_id: AppendOnly<string>;
  stream_position: AppendOnly<number>;
  type: AppendOnly<string>;
  /** jsonb on PostgreSQL (read parsed), text on SQLite (read as a string); written as JSON text. */
  data: AppendOnly<unknown, string>;
  metadata: AppendOnly<unknown, string>;
  recorded_at: AppendOnly<Date | string, string>;
  /** The version of `data`'s shape for its type; older versions are upcast when read. */
  schema_version: ColumnType<number, number | undefined, never>;
  /** The API key the event concerns (its stream's, or its metadata's), indexed for audit queries. */
  key_id: ColumnType<string | null, string | null | undefined, never>;
}

export interface ApiKeysTable {
  key_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  /** JSON array of scopes. */
  scopes: string;
  rate_limit_per_minute: number | null;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface CreditBalancesTable {
  key_id: string;
  remaining: number;
  used: number;
  granted: number;
  /** The key stream's version this row reflects. */
  version: number;
}

export interface ExtractionsTable {
  extraction_id: string;
  key_id: string;
  request_id: string | null;
  document_type: string;
  plugin_name: string | null;
  plugin_version: string | null;
  /** null while in flight; `ok` or a ProblemCode once finished. */
  outcome: string | null;
  credits: number;
  /** Total pages over all parts. */
  pages: number;
  duration_ms: number | null;
  requested_at: Timestamp;
  completed_at: Timestamp | null;
}

/** Credits an extraction in flight holds until it is charged, released, or the hold expires. */
export interface CreditHoldsTable {
  extraction_id: string;
  key_id: string;
  credits: number;
  expires_at: Timestamp;
}

export interface IdempotencyChargesTable {
  key_id: string;
  idempotency_key: string;
  input_sha256: string;
  extraction_id: string;
  charged_at: Timestamp;
}

/** Per projection and stream, the last stream position applied: events at or below it are skipped. */
export interface ProjectionPositionsTable {
  projection: string;
  stream_id: string;
  position: number;
}

/** The version each projection's tables were last rebuilt at (absent: as first shipped, version 1). */
export interface ProjectionStatesTable {
  projection: string;
  version: number;
  rebuilt_at: Timestamp | null;
}

export interface Database {
  events: EventsTable;
  api_keys: ApiKeysTable;
  credit_balances: CreditBalancesTable;
  extractions: ExtractionsTable;
  idempotency_charges: IdempotencyChargesTable;
  credit_holds: CreditHoldsTable;
  projection_positions: ProjectionPositionsTable;
  projection_states: ProjectionStatesTable;
}

export type Dialect = 'sqlite' | 'postgres';
