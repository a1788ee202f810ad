/** credit_holds: what extractions in flight hold; a charge or a release ends the hold. */
import type { RecordedEvent } from '../event.ts';
import { keyIdOfStream, type CreditsCharged, type CreditsReleased, type CreditsReserved } from '../docexEvents.ts';
import type { InlineProjection } from '../projection.ts';

export const creditHoldsProjection: InlineProjection = {
  name: 'credit_holds',
  version: 1,
  tables: ['credit_holds'],
  handles: ['CreditsReserved', 'CreditsReleased', 'CreditsCharged'],
  async apply(trx, events) {
    for (const event of events as readonly RecordedEvent<CreditsReserved | CreditsReleased | CreditsCharged>[]) {
      if (event.type === 'CreditsReserved') {
        await trx
          .insertInto('credit_holds')
          .values({
            extraction_id: event.data.extractionId,
            key_id: keyIdOfStream(event.streamId),
            credits: event.data.credits,
            expires_at: event.data.expiresAt,
          })
          .onConflict((oc) => oc.column('extraction_id').doNothing())
          .execute();
      } else {
        await trx.deleteFrom('credit_holds').where('extraction_id', '=', event.data.extractionId).execute();
      }
    }
  },
};
