/**
 * The `docex` command: keys and credits on the same database the service uses (SQLite under $DOCEX_DATA_DIR, or
 * PostgreSQL at $DATABASE_URL). Every change is an event in the ledger, recorded with source `cli`.
 *
 *   docex keys create --name NAME --credits N [--rate-limit PER_MINUTE] [--scopes extract,audit,admin] [--json]
 *   docex keys list [--json]
 *   docex keys revoke KEY_ID [--reason TEXT] [--json]
 *   docex credits grant KEY_ID CREDITS [--reason TEXT] [--json]
 *   docex projections list [--json]
 *   docex projections rebuild [NAME] [--json]
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../core/config.ts';
import { createLedger } from '../core/credits/ledger.ts';
import { SCOPES, type KeyView, type Ledger, type Scope } from '../core/credits/types.ts';
import { createDatabase, type DatabaseHandle } from '../core/db/createDatabase.ts';
import { migrateToLatest } from '../core/db/migrateToLatest.ts';
import { ProblemError } from '../core/errors.ts';
import { upcastDocexEvent } from '../core/events/docexEvents.ts';
import { docexProjections } from '../core/events/projections/docexProjections.ts';
import { projectionStatus, rebuildProjections } from '../core/events/rebuildProjections.ts';

const usage = `Usage:
  docex keys create --name NAME --credits N [--rate-limit PER_MINUTE] [--scopes ${SCOPES.join(',')}] [--json]
  docex keys list [--json]
  docex keys revoke KEY_ID [--reason TEXT] [--json]
  docex credits grant KEY_ID CREDITS [--reason TEXT] [--json]
  docex read passport|pan FILE... [--pretty]   (docex read --help)
  docex projections list [--json]
  docex projections rebuild [NAME] [--json]   replay the event log into fresh tables and swap them in

The database is the service's: SQLite under DOCEX_DATA_DIR (default ./data), or DATABASE_URL when set.`;

class UsageError extends Error {}

const options = {
  name: { type: 'string' },
  credits: { type: 'string' },
  'rate-limit': { type: 'string' },
  scopes: { type: 'string' },
  reason: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function wholeNumber(text: string | undefined, what: string, min: number): number {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`${what} must be a whole number of at least ${min}.`);
  }
  return Number(text);
}

function keyJson(view: KeyView) {
  return {
    id: view.keyId,
    name: view.name,
    prefix: view.prefix,
    scopes: view.scopes,
    rate_limit_per_minute: view.rateLimitPerMinute,
    credits_remaining: view.creditsRemaining,
    credits_used: view.creditsUsed,
    created_at: view.createdAt,
    revoked_at: view.revokedAt,
  };
}

type Parsed = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
type Values = Parsed['values'];

async function run(
  ledger: Ledger,
  database: DatabaseHandle,
  command: string,
  positionals: string[],
  values: Values,
  out: (text: string) => void,
) {
  const print = (json: unknown, text: string) => out(values.json ? JSON.stringify(json, null, 2) : text);
  switch (command) {
    case 'keys create': {
      if (values.name === undefined) throw new UsageError('--name is required.');
      const credits = wholeNumber(values.credits, '--credits', 0);
      const rateLimit = values['rate-limit'] === undefined ? null : wholeNumber(values['rate-limit'], '--rate-limit', 1);
      const scopes = (values.scopes ?? 'extract').split(',').map((scope) => scope.trim()).filter(Boolean) as Scope[];
      const created = await ledger.createKey({ name: values.name, credits, scopes, rateLimitPerMinute: rateLimit });
      print(
        { ...keyJson(created.view), key: created.key },
        `Created key ${created.id} (${created.view.name}) with ${credits} credit(s), scopes ${created.view.scopes.join(',')}.\n` +
          `Secret (shown once, store it now):\n${created.key}`,
      );
      return;
    }
    case 'keys list': {
      const keys = await ledger.listKeys();
      print(
        keys.map(keyJson),
        keys.length === 0
          ? 'No keys.'
          : keys
              .map(
                (key) =>
                  `${key.keyId}  ${key.prefix}…  ${key.name}  credits ${key.creditsRemaining} (used ${key.creditsUsed})  ` +
                  `${key.scopes.join(',')}${key.revokedAt === null ? '' : `  revoked ${key.revokedAt}`}`,
              )
              .join('\n'),
      );
      return;
    }
    case 'keys revoke': {
      const keyId = positionals[2];
      if (keyId === undefined) throw new UsageError('Which key? docex keys revoke KEY_ID');
      await ledger.revokeKey(keyId, values.reason);
      print({ id: keyId, revoked: true }, `Revoked ${keyId}.`);
      return;
    }
    case 'credits grant': {
      const keyId = positionals[2];
      if (keyId === undefined) throw new UsageError('Which key? docex credits grant KEY_ID CREDITS');
      const credits = wholeNumber(positionals[3] ?? values.credits, 'CREDITS', 1);
      const { remaining } = await ledger.grantCredits(keyId, credits, values.reason);
      print({ id: keyId, granted: credits, credits_remaining: remaining }, `Granted ${credits} to ${keyId}; ${remaining} remaining.`);
      return;
    }
    case 'projections list': {
      const statuses = await projectionStatus(database.db, docexProjections);
      print(
        statuses.map((status) => ({
          name: status.name,
          version: status.version,
          built_version: status.builtVersion,
          rebuilt_at: status.rebuiltAt,
        })),
        statuses
          .map(
            (status) =>
              `${status.name}  version ${status.version}  built at version ${status.builtVersion}` +
              `${status.rebuiltAt === null ? '' : `  rebuilt ${status.rebuiltAt}`}` +
              `${status.builtVersion === status.version ? '' : '  (needs a rebuild)'}`,
          )
          .join('\n'),
      );
      return;
    }
    case 'projections rebuild': {
      const name = positionals[2];
      const chosen = name === undefined ? docexProjections : docexProjections.filter((projection) => projection.name === name);
      if (chosen.length === 0) {
        throw new UsageError(`No projection ${name}. Known: ${docexProjections.map((projection) => projection.name).join(', ')}.`);
      }
      const rebuilt = await rebuildProjections(database, chosen, { upcast: upcastDocexEvent });
      print(rebuilt, rebuilt.map((result) => `Rebuilt ${result.name} from ${result.events} event(s).`).join('\n'));
      return;
    }
    default:
      throw new UsageError(command.trim() === '' ? 'No command given.' : `Unknown command: ${command}`);
  }
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  // `docex read` extracts in-process and needs no database: it lives in its own module.
  if (argv[0] === 'read') return (await import('./cli/read.ts')).readMain(argv.slice(1));
  let parsed: Parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    process.stdout.write(`${usage}\n`);
    return values.help ? 0 : 2;
  }
  const command = positionals.slice(0, 2).join(' ');
  const config = loadConfig(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  const database = createDatabase(config);
  try {
    await migrateToLatest(database.db);
    const ledger = createLedger(database, { source: 'cli' });
    await run(ledger, database, command, positionals, values, (text) => process.stdout.write(`${text}\n`));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${usage}\n`);
      return 2;
    }
    if (error instanceof ProblemError) {
      process.stderr.write(`docex: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.destroy();
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly || process.env['DOCEX_CLI_ENTRY'] === '1') {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`docex: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
