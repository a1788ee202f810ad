/**
 * Events carry the version of their data's shape (`schema_version`, 1 for every event so far), and the key they
 * concern in an indexed `key_id` column, so an audit query by key no longer scans JSON. Backfilled from the
 * key streams' ids and the other events' metadata. Frozen: never import core/ from a migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('events').addColumn('schema_version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('events').addColumn('key_id', 'text').execute();
  const metadataKeyId = postgres ? sql`metadata->>'keyId'` : sql`json_extract(metadata, '$.keyId')`;
  await sql`update events set key_id = case when stream_id like 'key-%' then substr(stream_id, 5) else ${metadataKeyId} end`.execute(db);
  await db.schema.createIndex('events_key_id_position_idx').on('events').columns(['key_id', 'position']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_key_id_position_idx').execute();
  await db.schema.alterTable('events').dropColumn('key_id').execute();
  await db.schema.alterTable('events').dropColumn('schema_version').execute();
}
