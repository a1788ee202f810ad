/** idempotency_charges: which Idempotency-Key a key was already charged for, and for which input bytes. */
import type { RecordedEvent } from '../event.ts';
import { keyIdOfStream, type CreditsCharged } from '../docexEvents.ts';
import type { InlineProjection } from '../projection.ts';

export const idempotencyChargesProjection: InlineProjection = {
  name: 'idempotency_charges',
  version: 1,
  tables: ['idempotency_charges'],
  handles: ['CreditsCharged'],
  async apply(trx, events) {
    for (const event of events as readonly RecordedEvent<CreditsCharged>[]) {
      const { idempotencyKey, inputSha256, extractionId } = event.data;
      if (idempotencyKey === null) continue;
      await trx
        .insertInto('idempotency_charges')
        .values({
          key_id: keyIdOfStream(event.streamId),
          idempotency_key: idempotencyKey,
          input_sha256: inputSha256,
          extraction_id: extractionId,
          charged_at: event.recordedAt,
        })
        .onConflict((oc) => oc.columns(['key_id', 'idempotency_key']).doNothing())
        .execute();
    }
  },
};
