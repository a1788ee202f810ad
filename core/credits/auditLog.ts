/** The audit log: the event store read in global order, filtered and paged by an opaque cursor, secrets redacted. */
import { ProblemError } from '../errors.ts';
import { toIsoTimestamp, type EventStore } from '../events/eventStore.ts';
import type { AuditEvent, AuditQuery } from './types.ts';

export function createAuditLog(store: EventStore) {
  return {
    async auditEvents(query: AuditQuery): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
      const after = query.after === undefined ? undefined : decodeCursor(query.after);
      const rows = await store.readAll({
        limit: query.limit + 1,
        ...(after === undefined ? {} : { after }),
        ...(query.types === undefined ? {} : { types: query.types }),
        ...(query.keyId === undefined ? {} : { keyId: query.keyId }),
        ...(query.from === undefined ? {} : { from: toIsoTimestamp(query.from) }),
        ...(query.to === undefined ? {} : { to: toIsoTimestamp(query.to) }),
      });
      const page = rows.slice(0, query.limit);
      const events: AuditEvent[] = page.map((event) => ({
        position: event.position,
        streamId: event.streamId,
        streamPosition: event.streamPosition,
        type: event.type,
        schemaVersion: event.schemaVersion,
        data: redactForAudit(event.type, event.data as Record<string, unknown>),
        metadata: event.metadata as Record<string, unknown>,
        recordedAt: event.recordedAt,
      }));
      const last = page[page.length - 1];
      return { events, nextCursor: rows.length > query.limit && last !== undefined ? encodeCursor(last.position) : null };
    },
  };
}

/** The secret's hash is not a personal value, but it has no business in an export either. */
function redactForAudit(type: string, data: Record<string, unknown>): Record<string, unknown> {
  if (type !== 'ApiKeyIssued') return data;
  const { secretHash: _secretHash, ...rest } = data;
  return rest;
}

const encodeCursor = (position: string): string => Buffer.from(`p:${position}`).toString('base64url');

function decodeCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^p:(\d{1,19})$/.exec(text);
  if (match === null) throw new ProblemError('invalid_request', 'The cursor is not one this service issued.');
  return match[1]!;
}
