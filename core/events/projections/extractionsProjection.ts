/** extractions: one row per request with its outcome, for usage counts. Field values never reach it. */
import type { RecordedEvent } from '../event.ts';
import type { ExtractionEvent } from '../docexEvents.ts';
import type { InlineProjection } from '../projection.ts';

export const extractionsProjection: InlineProjection = {
  name: 'extractions',
  version: 1,
  tables: ['extractions'],
  handles: ['ExtractionRequested', 'ExtractionCompleted', 'ExtractionFailed', 'ExtractionAbandoned'],
  async apply(trx, events) {
    for (const event of events as unknown as readonly RecordedEvent<ExtractionEvent>[]) {
      if (event.type === 'ExtractionRequested') {
        const { data } = event;
        await trx
          .insertInto('extractions')
          .values({
            extraction_id: data.extractionId,
            key_id: data.keyId,
            request_id: data.requestId,
            document_type: data.documentType,
            plugin_name: data.plugin.name,
            plugin_version: data.plugin.version,
            outcome: null,
            credits: 0,
            pages: Object.values(data.pages).reduce((sum, pages) => sum + pages, 0),
            duration_ms: null,
            requested_at: event.recordedAt,
            completed_at: null,
          })
          .onConflict((oc) => oc.column('extraction_id').doNothing())
          .execute();
        continue;
      }
      if (event.type === 'ExtractionAbandoned') {
        await trx
          .updateTable('extractions')
          .set({ outcome: 'abandoned', completed_at: event.recordedAt })
          .where('extraction_id', '=', event.data.extractionId)
          .where('outcome', 'is', null)
          .execute();
        continue;
      }
      const finished =
        event.type === 'ExtractionCompleted'
          ? { outcome: 'ok', credits: event.data.credits }
          : { outcome: event.data.code, credits: 0 };
      const { data } = event;
      // Upsert: a failure can be recorded for a request that never got as far as ExtractionRequested.
      await trx
        .insertInto('extractions')
        .values({
          extraction_id: data.extractionId,
          key_id: data.keyId,
          request_id: event.metadata.requestId ?? null,
          document_type: data.documentType,
          plugin_name: null,
          plugin_version: null,
          ...finished,
          pages: 0,
          duration_ms: Math.round(data.durationMs),
          requested_at: event.recordedAt,
          completed_at: event.recordedAt,
        })
        .onConflict((oc) =>
          oc.column('extraction_id').doUpdateSet({
            ...finished,
            duration_ms: Math.round(data.durationMs),
            completed_at: event.recordedAt,
          }),
        )
        .execute();
    }
  },
};
