/** Pure: the OpenAPI 3.1 document, built from the registered plugins' result schemas and the one error table. */
import { z } from 'zod';
import { problemCodes, type ProblemCode } from '../core/errors.ts';
import type { AnyDocumentPlugin } from '../core/plugins/types.ts';
import { AUDIT_DEFAULT_LIMIT, AUDIT_MAX_LIMIT } from './routes/audit.ts';

type JsonObject = Record<string, unknown>;

/** A plugin's result schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without the `$schema` marker. */
export function resultJsonSchema(plugin: AnyDocumentPlugin): JsonObject {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(plugin.resultSchema, { io: 'output' }) as JsonObject;
  return schema;
}

const schemaName = (plugin: AnyDocumentPlugin): string =>
  `${plugin.meta.documentType.replace(/(^|[_-])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())}Result`;

const problemSchema = {
  type: 'object',
  description: 'RFC 9457 problem details; `detail` is omitted for 5xx responses.',
  required: ['type', 'title', 'status', 'code', 'instance'],
  properties: {
    type: { type: 'string', description: 'urn:docex:problem:{code}' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string', enum: Object.keys(problemCodes) },
    instance: { type: 'string', description: 'The request id (also in X-Request-Id).' },
    hint: { type: 'string', description: 'Why a document was refused, in words.' },
    required: { type: 'integer', description: 'insufficient_credits: credits the request costs.' },
    available: { type: 'integer', description: 'insufficient_credits: credits not held by requests in flight.' },
  },
  additionalProperties: true,
};

/** Responses for the given codes, grouped by status, each listing its codes. */
function errorResponses(codes: readonly ProblemCode[]): JsonObject {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) {
    const status = problemCodes[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: list.map((code) => `\`${code}\`: ${problemCodes[code].title}`).join('; '),
          ...(status === 429 ? { headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } } : {}),
          content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
        },
      ]),
  );
}

const AUTHENTICATED: readonly ProblemCode[] = ['unauthorized', 'forbidden', 'rate_limited', 'internal'];
const EXTRACTION: readonly ProblemCode[] = [
  ...AUTHENTICATED,
  'missing_file',
  'unexpected_file',
  'invalid_request',
  'insufficient_credits',
  'unsupported_media_type',
  'file_too_large',
  'image_too_large',
  'too_many_pages',
  'pdf_encrypted',
  'pdf_password_incorrect',
  'unreadable_document',
  'wrong_document_type',
  'invalid_document',
  'idempotency_conflict',
  'request_timeout',
  'service_unavailable',
];

const rateLimitHeaders = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
};

function documentOperation(plugin: AnyDocumentPlugin): JsonObject {
  const properties: JsonObject = Object.fromEntries(
    plugin.parts.map((part) => [
      part.name,
      {
        type: 'string',
        contentMediaType: 'application/octet-stream',
        description: `${part.description} (JPEG, PNG, WebP, TIFF or PDF; ${part.pdfPages === 'first' ? 'a one-page PDF' : 'every PDF page is read'})`,
      },
    ]),
  );
  properties['password'] = { type: 'string', description: 'Password of an encrypted PDF; never stored or logged.' };
  return {
    operationId: `extract_${plugin.meta.documentType.replace(/-/g, '_')}`,
    summary: plugin.meta.summary,
    tags: ['documents'],
    security: [{ bearer: [] }],
    parameters: [
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'A retry with the same key and the same files is not charged again.',
        schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
      },
    ],
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: plugin.parts.filter((part) => part.required).map((part) => part.name),
            properties,
          },
        },
      },
    },
    responses: {
      '200': {
        description: `The extracted ${plugin.meta.documentType} data.`,
        headers: {
          ...rateLimitHeaders,
          'X-Credits-Charged': { schema: { type: 'integer' }, description: 'Credits this request cost.' },
          'X-Credits-Remaining': { schema: { type: 'integer' }, description: "The key's balance afterwards." },
          'X-Extraction-Id': { schema: { type: 'string' }, description: 'Id of the extraction in the audit log.' },
        },
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName(plugin)}` } } },
      },
      ...errorResponses(EXTRACTION),
    },
  };
}

export function buildOpenApi(plugins: readonly AnyDocumentPlugin[], info: { version: string }): JsonObject {
  const paths: JsonObject = {};
  for (const plugin of plugins) paths[`/v1/documents/${plugin.meta.documentType}`] = { post: documentOperation(plugin) };
  paths['/v1/usage'] = {
    get: {
      operationId: 'get_usage',
      summary: "The calling key's credits and request counts.",
      tags: ['account'],
      security: [{ bearer: [] }],
      responses: {
        '200': {
          description: 'Usage of the calling key.',
          headers: rateLimitHeaders,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Usage' } } },
        },
        ...errorResponses(AUTHENTICATED),
      },
    },
  };
  const queryParameter = (name: string, description: string, schema: JsonObject) => ({
    name,
    in: 'query',
    required: false,
    description,
    schema,
  });
  paths['/v1/audit/events'] = {
    get: {
      operationId: 'list_audit_events',
      summary: 'Events of the append-only store (scope audit), oldest first.',
      tags: ['audit'],
      security: [{ bearer: [] }],
      parameters: [
        queryParameter('type', 'Event types; repeat the parameter or separate with commas.', {
          type: 'array',
          items: { type: 'string' },
        }),
        queryParameter('key_id', 'Only events of this API key.', { type: 'string' }),
        queryParameter('from', 'Recorded at or after (ISO 8601).', { type: 'string', format: 'date-time' }),
        queryParameter('to', 'Recorded before (ISO 8601).', { type: 'string', format: 'date-time' }),
        queryParameter('cursor', 'next_cursor of the previous page.', { type: 'string' }),
        queryParameter('limit', 'Page size.', {
          type: 'integer',
          minimum: 1,
          maximum: AUDIT_MAX_LIMIT,
          default: AUDIT_DEFAULT_LIMIT,
        }),
        queryParameter('format', 'ndjson streams every page (as does Accept: application/x-ndjson).', {
          type: 'string',
          enum: ['json', 'ndjson'],
        }),
      ],
      responses: {
        '200': {
          description: 'One page of events, or all of them as NDJSON.',
          headers: rateLimitHeaders,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/AuditPage' } },
            'application/x-ndjson': { schema: { $ref: '#/components/schemas/AuditEvent' } },
          },
        },
        ...errorResponses([...AUTHENTICATED, 'invalid_request']),
      },
    },
  };
  paths['/healthz'] = {
    get: { operationId: 'healthz', summary: 'Liveness.', tags: ['operations'], responses: { '200': { description: 'Alive.' } } },
  };
  paths['/readyz'] = {
    get: {
      operationId: 'readyz',
      summary: 'Readiness: database reachable and OCR workers loaded.',
      tags: ['operations'],
      responses: { '200': { description: 'Ready.' }, ...errorResponses(['service_unavailable']) },
    },
  };
  paths['/openapi.json'] = {
    get: {
      operationId: 'openapi',
      summary: 'This document.',
      tags: ['operations'],
      responses: { '200': { description: 'OpenAPI 3.1 document.' } },
    },
  };

  const integerHeader = (description: string) => ({ description, schema: { type: 'integer' } });
  const auditEvent = {
    type: 'object',
    required: ['position', 'stream_id', 'stream_position', 'type', 'schema_version', 'data', 'metadata', 'recorded_at'],
    properties: {
      position: { type: 'string' },
      stream_id: { type: 'string' },
      stream_position: { type: 'integer' },
      type: { type: 'string' },
      schema_version: { type: 'integer', description: 'The version of `data`\'s shape for this type (shown upcast to the current one).' },
      data: { type: 'object' },
      metadata: { type: 'object' },
      recorded_at: { type: 'string', format: 'date-time' },
    },
  };
  const countMap = { type: 'object', additionalProperties: { type: 'integer' } };
  return {
    openapi: '3.1.0',
    info: {
      title: 'docex',
      version: info.version,
      description:
        'Identity-document extraction: passports (ICAO 9303 TD3 MRZ) and Indian PAN cards to typed JSON, metered in credits.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: [{ name: 'documents' }, { name: 'account' }, { name: 'audit' }, { name: 'operations' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key issued with `docex keys create`.' } },
      headers: {
        'RateLimit-Limit': integerHeader('Requests allowed per 60-second window for this key.'),
        'RateLimit-Remaining': integerHeader('Requests left in the current window.'),
        'RateLimit-Reset': integerHeader('Seconds until the window resets.'),
        'Retry-After': integerHeader('Seconds to wait before retrying.'),
        'X-Request-Id': { description: 'The request id (echoed from x-request-id when given).', schema: { type: 'string' } },
      },
      schemas: {
        Problem: problemSchema,
        Usage: {
          type: 'object',
          required: [
            'key_id',
            'credits_remaining',
            'credits_used',
            'credits_granted',
            'credits_held',
            'credits_available',
            'requests_by_outcome',
            'requests_by_document_type',
          ],
          properties: {
            key_id: { type: 'string' },
            credits_remaining: { type: 'integer' },
            credits_used: { type: 'integer' },
            credits_granted: { type: 'integer' },
            credits_held: { type: 'integer', description: 'Held by requests in flight (holds not expired).' },
            credits_available: {
              type: 'integer',
              description: 'What a new request can start with: remaining less held; a 402 states the same figure.',
            },
            requests_by_outcome: countMap,
            requests_by_document_type: countMap,
          },
        },
        AuditEvent: auditEvent,
        AuditPage: {
          type: 'object',
          required: ['events', 'next_cursor'],
          properties: {
            events: { type: 'array', items: { $ref: '#/components/schemas/AuditEvent' } },
            next_cursor: { type: ['string', 'null'] },
          },
        },
        ...Object.fromEntries(plugins.map((plugin) => [schemaName(plugin), resultJsonSchema(plugin)])),
      },
    },
    'x-error-codes': Object.fromEntries(
      Object.entries(problemCodes).map(([code, entry]) => [code, { status: entry.status, title: entry.title }]),
    ),
  };
}
