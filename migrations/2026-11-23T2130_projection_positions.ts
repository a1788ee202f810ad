/**
 * Projections become idempotent by stream position: per projection and stream, the last stream position applied
 * (an event at or below it is skipped), and per projection the version its tables were last built at.
 * Frozen: never import core/ from a migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const timestamp = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema
    .createTable('projection_positions')
    .addColumn('projection', 'text', (c) => c.notNull())
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('projection_positions_pkey', ['projection', 'stream_id'])
    .execute();
  await db.schema
    .createTable('projection_states')
    .addColumn('projection', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('rebuilt_at', timestamp)
    .execute();
  // Streams written before this migration: their events were applied once, inline, so every projection stands
  // at each stream's last position.
  for (const [projection, types] of Object.entries({
    api_keys: ['ApiKeyIssued', 'ApiKeyRevoked'],
    credit_balances: ['ApiKeyIssued', 'ApiKeyRevoked', 'CreditsGranted', 'CreditsReserved', 'CreditsReleased', 'CreditsCharged'],
    credit_holds: ['CreditsReserved', 'CreditsReleased', 'CreditsCharged'],
    extractions: ['ExtractionRequested', 'ExtractionCompleted', 'ExtractionFailed', 'ExtractionAbandoned'],
    idempotency_charges: ['CreditsCharged'],
  })) {
    await db
      .insertInto('projection_positions')
      .columns(['projection', 'stream_id', 'position'])
      .expression((eb) =>
        eb
          .selectFrom('events')
          .select((s) => [sql.lit(projection).as('projection'), 'stream_id', s.fn.max('stream_position').as('position')])
          .where('type', 'in', types)
          .groupBy('stream_id'),
      )
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('projection_states').execute();
  await db.schema.dropTable('projection_positions').execute();
}
