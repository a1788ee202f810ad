/** The append-only event log. Frozen: never import core/ from a migration. */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let table = db.schema.createTable('events');
  table = postgres
    ? table.addColumn('position', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('position', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('stream_position', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', postgres ? 'jsonb' : 'text', (c) => c.notNull())
    .addColumn('metadata', postgres ? 'jsonb' : 'text', (c) => c.notNull())
    .addColumn('recorded_at', postgres ? 'timestamptz' : 'text', (c) => c.notNull())
    // PostgreSQL only: lets global readers skip positions whose transactions may still commit out of order.
    .$call((t) => (postgres ? t.addColumn('transaction_id', sql`xid8`, (c) => c.notNull().defaultTo(sql`pg_current_xact_id()`)) : t))
    .addUniqueConstraint('events_stream_id_stream_position_key', ['stream_id', 'stream_position'])
    .execute();
  await db.schema.createIndex('events_type_position_idx').on('events').columns(['type', 'position']).execute();
  await db.schema.createIndex('events_recorded_at_idx').on('events').column('recorded_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('events').execute();
}
