/** Usage of one key: its account's figures (as a 402 states them) and its requests counted by outcome and type. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CreditAccounts } from './creditAccounts.ts';
import type { UsageView } from './types.ts';

export function createUsage(db: Kysely<Database>, accounts: Pick<CreditAccounts, 'figures'>) {
  return {
    async usage(keyId: string): Promise<UsageView> {
      // Closes this key's expired holds first, so what is in flight is what is really running.
      const figures = await accounts.figures(keyId);
      const byOutcome = await db
        .selectFrom('extractions')
        .select(['outcome', 'document_type', (eb) => eb.fn.countAll<string | number>().as('count')])
        .where('key_id', '=', keyId)
        .groupBy(['outcome', 'document_type'])
        .execute();
      const requestsByOutcome: Record<string, number> = {};
      const requestsByDocumentType: Record<string, number> = {};
      for (const row of byOutcome) {
        const outcome = row.outcome ?? 'in_progress';
        requestsByOutcome[outcome] = (requestsByOutcome[outcome] ?? 0) + Number(row.count);
        requestsByDocumentType[row.document_type] = (requestsByDocumentType[row.document_type] ?? 0) + Number(row.count);
      }
      return {
        keyId,
        creditsRemaining: figures.remaining,
        creditsUsed: figures.used,
        creditsGranted: figures.granted,
        creditsHeld: figures.held,
        creditsAvailable: figures.available,
        requestsByOutcome,
        requestsByDocumentType,
      };
    },
  };
}
