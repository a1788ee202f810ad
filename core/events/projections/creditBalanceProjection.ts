/** credit_balances: each key stream folded to remaining/used/granted and the stream version it reflects. */
import type { RecordedEvent } from '../event.ts';
import { keyIdOfStream, type KeyEvent } from '../docexEvents.ts';
import type { InlineProjection } from '../projection.ts';

export const creditBalanceProjection: InlineProjection = {
  name: 'credit_balances',
  version: 1,
  tables: ['credit_balances'],
  handles: ['ApiKeyIssued', 'ApiKeyRevoked', 'CreditsGranted', 'CreditsReserved', 'CreditsReleased', 'CreditsCharged'],
  async apply(trx, events) {
    for (const event of events as readonly RecordedEvent<KeyEvent>[]) {
      const keyId = keyIdOfStream(event.streamId);
      const version = event.streamPosition;
      switch (event.type) {
        case 'ApiKeyIssued':
          await trx
            .insertInto('credit_balances')
            .values({ key_id: keyId, remaining: 0, used: 0, granted: 0, version })
            .onConflict((oc) => oc.column('key_id').doNothing())
            .execute();
          break;
        case 'CreditsReserved':
        case 'CreditsReleased':
        case 'ApiKeyRevoked':
          await trx.updateTable('credit_balances').set({ version }).where('key_id', '=', keyId).execute();
          break;
        case 'CreditsGranted': {
          const credits = event.data.credits;
          await trx
            .updateTable('credit_balances')
            .set((eb) => ({ remaining: eb('remaining', '+', credits), granted: eb('granted', '+', credits), version }))
            .where('key_id', '=', keyId)
            .execute();
          break;
        }
        case 'CreditsCharged': {
          const credits = event.data.credits;
          await trx
            .updateTable('credit_balances')
            .set((eb) => ({ remaining: eb('remaining', '-', credits), used: eb('used', '+', credits), version }))
            .where('key_id', '=', keyId)
            .execute();
          break;
        }
      }
    }
  },
};
