/** Read models kept by the inline projections. Frozen: never import core/ from a migration. */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const timestamp = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';

  await db.schema
    .createTable('api_keys')
    .addColumn('key_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('rate_limit_per_minute', 'integer')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('revoked_at', timestamp)
    .execute();

  await db.schema
    .createTable('credit_balances')
    .addColumn('key_id', 'text', (c) => c.primaryKey())
    .addColumn('remaining', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addColumn('granted', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('extractions')
    .addColumn('extraction_id', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('plugin_name', 'text')
    .addColumn('plugin_version', 'text')
    .addColumn('outcome', 'text')
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('pages', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'integer')
    .addColumn('requested_at', timestamp, (c) => c.notNull())
    .addColumn('completed_at', timestamp)
    .execute();
  await db.schema.createIndex('extractions_key_id_idx').on('extractions').column('key_id').execute();

  await db.schema
    .createTable('idempotency_charges')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('input_sha256', 'text', (c) => c.notNull())
    .addColumn('extraction_id', 'text', (c) => c.notNull())
    .addColumn('charged_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_charges_pkey', ['key_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['idempotency_charges', 'extractions', 'credit_balances', 'api_keys']) {
    await db.schema.dropTable(table).execute();
  }
}
