/**
 * Rebuilding a projection: its tables are created afresh beside the live ones, the whole log is replayed into
 * them, and they are swapped in — all in one write transaction. Readers see the old rows until the commit;
 * appends wait for it (SQLite's write lock, PostgreSQL's EXCLUSIVE lock on `events`), so no event lands between
 * the replay and the swap.
 */
import {
  OperationNodeTransformer,
  sql,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SchemableIdentifierNode,
  type UnknownRow,
} from 'kysely';
import type { DatabaseHandle } from '../db/createDatabase.ts';
import type { Database } from '../db/schema.ts';
import { writeTransaction } from '../db/writeTransaction.ts';
import type { RecordedEvent, Upcaster } from './event.ts';
import { toRecordedEvent } from './eventStore.ts';
import { applyProjections, type Projection } from './projection.ts';

const FRESH_SUFFIX = '__rebuild';
const PAGE = 1000;

export interface ProjectionStatus {
  readonly name: string;
  /** The version of its code. */
  readonly version: number;
  /** The version its tables were last built at: 1 until first rebuilt. */
  readonly builtVersion: number;
  readonly rebuiltAt: string | null;
}

export async function projectionStatus(db: Kysely<Database>, projections: readonly Projection[]): Promise<ProjectionStatus[]> {
  const rows = await db.selectFrom('projection_states').selectAll().execute();
  return projections.map((projection) => {
    const row = rows.find((candidate) => candidate.projection === projection.name);
    return {
      name: projection.name,
      version: projection.version,
      builtVersion: row?.version ?? 1,
      rebuiltAt: row?.rebuilt_at == null ? null : new Date(row.rebuilt_at).toISOString(),
    };
  });
}

/** Rebuilds the given projections from the log; returns how many events each replayed. */
export async function rebuildProjections(
  handle: DatabaseHandle,
  projections: readonly Projection[],
  options: { clock?: () => Date; upcast?: Upcaster } = {},
): Promise<{ name: string; events: number }[]> {
  const clock = options.clock ?? (() => new Date());
  const upcast = options.upcast ?? ((event: RecordedEvent) => event);
  return writeTransaction(handle, async (trx) => {
    if (handle.dialect === 'postgres') await sql`lock table events in exclusive mode`.execute(trx);
    const results: { name: string; events: number }[] = [];
    for (const projection of projections) {
      for (const table of projection.tables) await createFreshTable(trx, handle.dialect, table);
      await trx.deleteFrom('projection_positions').where('projection', '=', projection.name).execute();
      // The projection's own code, unchanged, writes to the fresh tables: its table names are rewritten.
      const fresh = trx.withPlugin(new RenameTables(new Map(projection.tables.map((table) => [table, `${table}${FRESH_SUFFIX}`]))));
      let after: string | number = 0;
      let replayed = 0;
      for (;;) {
        const rows = await trx
          .selectFrom('events')
          .selectAll()
          .where('type', 'in', [...projection.handles])
          .where('position', '>', after as never)
          .orderBy('position')
          .limit(PAGE)
          .execute();
        if (rows.length === 0) break;
        const events: RecordedEvent[] = rows.map((row) => upcast(toRecordedEvent(row)));
        await applyProjections(fresh, [projection], events);
        replayed += events.length;
        after = rows[rows.length - 1]!.position;
      }
      for (const table of projection.tables) {
        await sql`delete from ${sql.table(table)}`.execute(trx);
        await sql`insert into ${sql.table(table)} select * from ${sql.table(`${table}${FRESH_SUFFIX}`)}`.execute(trx);
        await sql`drop table ${sql.table(`${table}${FRESH_SUFFIX}`)}`.execute(trx);
      }
      await trx
        .insertInto('projection_states')
        .values({ projection: projection.name, version: projection.version, rebuilt_at: clock().toISOString() })
        .onConflict((oc) => oc.column('projection').doUpdateSet({ version: projection.version, rebuilt_at: clock().toISOString() }))
        .execute();
      results.push({ name: projection.name, events: replayed });
    }
    return results;
  });
}

/** An empty table shaped like `table`, with its keys (which the projections' conflict handling needs). */
async function createFreshTable(trx: Kysely<Database>, dialect: DatabaseHandle['dialect'], table: string): Promise<void> {
  const fresh = `${table}${FRESH_SUFFIX}`;
  if (dialect === 'postgres') {
    await sql`create table ${sql.table(fresh)} (like ${sql.table(table)} including all)`.execute(trx);
    return;
  }
  const row = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(trx);
  const ddl = row.rows[0]?.sql;
  if (ddl === undefined) throw new Error(`No table ${table} to rebuild`);
  const renamed = ddl.replace(/^create table\s+("?)([A-Za-z_]+)\1/i, (_match, _quote, name: string) => {
    if (name !== table) throw new Error(`Unexpected DDL for ${table}`);
    return `create table "${fresh}"`;
  });
  await sql.raw(renamed).execute(trx);
}

/** Rewrites table names in every query, so code written against `credit_balances` writes to a fresh copy. */
class RenameTables implements KyselyPlugin {
  readonly #transformer: RenameTablesTransformer;
  constructor(names: ReadonlyMap<string, string>) {
    this.#transformer = new RenameTablesTransformer(names);
  }
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

class RenameTablesTransformer extends OperationNodeTransformer {
  readonly #names: ReadonlyMap<string, string>;
  constructor(names: ReadonlyMap<string, string>) {
    super();
    this.#names = names;
  }
  protected override transformSchemableIdentifier(node: SchemableIdentifierNode): SchemableIdentifierNode {
    const transformed = super.transformSchemableIdentifier(node);
    const renamed = this.#names.get(transformed.identifier.name);
    return renamed === undefined ? transformed : { ...transformed, identifier: { ...transformed.identifier, name: renamed } };
  }
}
