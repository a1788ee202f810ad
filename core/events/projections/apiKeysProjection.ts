/** api_keys: who may call, with which scopes and rate limit; the secret only as its hash. */
import type { RecordedEvent } from '../event.ts';
import type { ApiKeyIssued, ApiKeyRevoked } from '../docexEvents.ts';
import type { InlineProjection } from '../projection.ts';

export const apiKeysProjection: InlineProjection = {
  name: 'api_keys',
  version: 1,
  tables: ['api_keys'],
  handles: ['ApiKeyIssued', 'ApiKeyRevoked'],
  async apply(trx, events) {
    for (const event of events as readonly RecordedEvent<ApiKeyIssued | ApiKeyRevoked>[]) {
      if (event.type === 'ApiKeyIssued') {
        const { data } = event;
        await trx
          .insertInto('api_keys')
          .values({
            key_id: data.keyId,
            name: data.name,
            prefix: data.prefix,
            secret_hash: data.secretHash,
            scopes: JSON.stringify(data.scopes),
            rate_limit_per_minute: data.rateLimitPerMinute,
            created_at: event.recordedAt,
            revoked_at: null,
          })
          .onConflict((oc) => oc.column('key_id').doNothing())
          .execute();
      } else {
        await trx
          .updateTable('api_keys')
          .set({ revoked_at: event.recordedAt })
          .where('key_id', '=', event.data.keyId)
          .where('revoked_at', 'is', null)
          .execute();
      }
    }
  },
};
