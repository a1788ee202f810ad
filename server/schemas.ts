/**
 * The zod schemas of the bodies the service answers besides the plugins' results: problems, usage and audit
 * events. The routes validate what they send with them, and OpenAPI's components are generated from them.
 */
import { z } from 'zod';
import { problemCodes, type ProblemCode } from '../core/errors.ts';

export const problemBodySchema = z
  .looseObject({
    type: z.string().describe('urn:docex:problem:{code}'),
    title: z.string().describe('Short summary of the problem type'),
    status: z.number().int().describe('The HTTP status'),
    detail: z.string().optional().describe('What went wrong with this request; omitted for 5xx responses'),
    code: z.enum(Object.keys(problemCodes) as [ProblemCode, ...ProblemCode[]]).describe('Stable machine code'),
    instance: z.string().describe('The request id (also in X-Request-Id)'),
    hint: z.string().optional().describe('Why a document was refused, in words'),
    likely_document_type: z
      .string()
      .optional()
      .describe('wrong_document_type: the document type (endpoint slug) another plugin recognised the upload as'),
    required: z.number().int().optional().describe('insufficient_credits: credits the request costs'),
    available: z.number().int().optional().describe('insufficient_credits: credits the key has'),
  })
  .describe('RFC 9457 problem details; `detail` is omitted for 5xx responses. Other members may be added.');

const counts = z.record(z.string(), z.number().int().min(0));

export const usageBodySchema = z
  .object({
    key_id: z.string().describe('The calling key'),
    credits_remaining: z.number().int().describe('Credits left'),
    credits_used: z.number().int().min(0).describe('Credits charged so far'),
    credits_granted: z.number().int().min(0).describe('Credits granted so far, the initial grant included'),
    credits_held: z.number().int().min(0).describe('Held by requests in flight (holds not expired)'),
    credits_available: z.number().int().describe('What a new request can start with: remaining less held; a 402 states the same figure'),
    requests_by_outcome: counts.describe('Extraction requests by outcome: ok, or the problem code'),
    requests_by_document_type: counts.describe('Extraction requests by document type'),
  })
  .describe("The calling key's credits and request counts");

export const auditEventBodySchema = z
  .object({
    position: z.string().describe('Global position in the store; opaque, increasing'),
    stream_id: z.string().describe('The stream (e.g. one key, one extraction) the event belongs to'),
    stream_position: z.number().int().min(0).describe('Position within its stream'),
    type: z.string().describe('Event type, e.g. ExtractionCompleted'),
    schema_version: z.number().int().min(1).describe("The version of `data`'s shape for this type (shown upcast to the current one)"),
    data: z.record(z.string(), z.unknown()).describe('The event payload; never a document value'),
    metadata: z.record(z.string(), z.unknown()).describe('Who and where: request id, source, plugin version'),
    recorded_at: z.string().describe('When it was recorded (ISO 8601)'),
  })
  .describe('One event of the append-only store');

export const auditPageBodySchema = z
  .object({
    events: z.array(auditEventBodySchema).describe('Events, oldest first'),
    next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
  })
  .describe('One page of audit events');
