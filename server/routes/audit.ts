/** GET /v1/audit/events: the event store, filtered and paged; NDJSON streams every page in one response. */
import { Readable } from 'node:stream';
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import type { AuditEvent, AuditQuery, Ledger } from '../../core/credits/types.ts';
import type { Logger } from '../../core/logging/logger.ts';
import { authenticate, requireScope } from '../middleware/authenticate.ts';
import { auditEventBodySchema, auditPageBodySchema } from '../schemas.ts';
import type { AppState } from '../state.ts';
import { validate } from '../validate.ts';

export const AUDIT_DEFAULT_LIMIT = 100;
export const AUDIT_MAX_LIMIT = 1000;
const EVENT_TYPE = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

const oneOrMany = z.union([z.string(), z.array(z.string())]).transform((value) =>
  (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(',')).map((item) => item.trim()).filter(Boolean),
);
const last = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (Array.isArray(value) ? value[value.length - 1] : value), schema);

export const auditRequestSchema = z.object({
  query: z.object({
    type: oneOrMany.pipe(z.array(z.string().regex(EVENT_TYPE, 'not an event type name'))).optional(),
    key_id: last(z.string().min(1).max(128)).optional(),
    from: last(z.iso.datetime({ offset: true })).optional(),
    to: last(z.iso.datetime({ offset: true })).optional(),
    cursor: last(z.string().min(1).max(512)).optional(),
    limit: last(z.coerce.number().int().min(1).max(AUDIT_MAX_LIMIT)).default(AUDIT_DEFAULT_LIMIT),
    format: last(z.enum(['json', 'ndjson'])).optional(),
  }),
  headers: z.object({ accept: z.string().optional() }),
});

/** Pure: the wire shape of one event. */
export function auditEventBody(event: AuditEvent) {
  return {
    position: event.position,
    stream_id: event.streamId,
    stream_position: event.streamPosition,
    type: event.type,
    schema_version: event.schemaVersion,
    data: event.data,
    metadata: event.metadata,
    recorded_at: event.recordedAt,
  };
}

async function* allPages(ledger: Ledger, query: AuditQuery): AsyncGenerator<string> {
  let after = query.after;
  do {
    const page = await ledger.auditEvents({ ...query, ...(after === undefined ? {} : { after }) });
    for (const event of page.events) yield `${JSON.stringify(auditEventBodySchema.parse(auditEventBody(event)))}\n`;
    after = page.nextCursor ?? undefined;
  } while (after !== undefined);
}

export function registerAuditRoute(
  router: Router<AppState>,
  deps: { ledger: Ledger; rateLimit: Middleware<AppState>; logger: Logger },
): void {
  router.get('/v1/audit/events', authenticate(deps.ledger), deps.rateLimit, requireScope(['audit']), async (ctx) => {
    const { query, headers } = validate(ctx, auditRequestSchema);
    const auditQuery: AuditQuery = {
      limit: query.limit,
      ...(query.type === undefined || query.type.length === 0 ? {} : { types: query.type }),
      ...(query.key_id === undefined ? {} : { keyId: query.key_id }),
      ...(query.from === undefined ? {} : { from: query.from }),
      ...(query.to === undefined ? {} : { to: query.to }),
      ...(query.cursor === undefined ? {} : { after: query.cursor }),
    };
    const ndjson = query.format === 'ndjson' || (query.format === undefined && /application\/x-ndjson/i.test(headers.accept ?? ''));
    if (ndjson) {
      const stream = Readable.from(allPages(deps.ledger, auditQuery));
      stream.on('error', (error) => deps.logger.error({ err: error }, 'audit stream failed'));
      ctx.type = 'application/x-ndjson';
      ctx.body = stream;
      return;
    }
    const page = await deps.ledger.auditEvents(auditQuery);
    ctx.body = auditPageBodySchema.parse({ events: page.events.map(auditEventBody), next_cursor: page.nextCursor });
  });
}
