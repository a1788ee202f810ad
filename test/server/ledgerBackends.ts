/** The ledger backends the HTTP suite runs over: the real event-sourced ledger on SQLite and on PostgreSQL. */
import { createLedger } from '../../core/credits/ledger.ts';
import type { Ledger } from '../../core/credits/types.ts';
import { testDialects } from '../support/db.ts';

export interface LedgerBackend {
  readonly name: string;
  open(): Promise<{ ledger: Ledger; close: () => Promise<void> }>;
}

export function ledgerBackends(): LedgerBackend[] {
  return testDialects.map((dialect) => ({
    name: dialect.name,
    async open() {
      const database = await dialect.create();
      const ledger = createLedger(database.handle);
      return {
        ledger,
        async close() {
          await ledger.close();
          await database.drop();
        },
      };
    },
  }));
}
