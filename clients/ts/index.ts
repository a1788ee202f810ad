/**
 * A small typed client for docex over fetch (Node 20+, browsers). The types come from openapi.d.ts, generated
 * from the service's OpenAPI document by `npm run client:generate`; this wrapper only names the operations.
 *
 *   const docex = createDocexClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: process.env.DOCEX_KEY! });
 *   const { result, creditsRemaining } = await docex.passport({ first_page: new Blob([bytes]) });
 */
import type { components, operations } from './openapi.d.ts';

export type PassportResult = components['schemas']['PassportResult'];
export type PanResult = components['schemas']['PanResult'];
export type Geometry = components['schemas']['Geometry'];
export type Problem = components['schemas']['Problem'];
export type Usage = components['schemas']['Usage'];
export type AuditPage = components['schemas']['AuditPage'];
export type AuditQuery = NonNullable<operations['list_audit_events']['parameters']['query']>;
type Parts<Operation extends keyof operations> = operations[Operation] extends {
  requestBody: { content: { 'multipart/form-data': infer Form } };
}
  ? { [Part in keyof Form]: Part extends 'password' ? Form[Part] : Blob } // optional parts stay optional
  : never;
export type PassportParts = Parts<'extract_passport'>;
export type PanParts = Parts<'extract_pan'>;

/** A problem+json answer, thrown. */
export class DocexProblem extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(`${problem.title}${problem.detail === undefined ? '' : `: ${problem.detail}`} (${problem.code})`);
    this.name = 'DocexProblem';
  }
}

export interface Extraction<Result> {
  readonly result: Result;
  readonly creditsCharged: number;
  readonly creditsRemaining: number | null;
  readonly extractionId: string | null;
}

export interface DocexClientOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly fetch?: typeof fetch;
}

export function createDocexClient(options: DocexClientOptions) {
  const call = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const authorization = { authorization: `Bearer ${options.apiKey}` };

  async function answer<T>(response: Response): Promise<T> {
    const body = (await response.json()) as unknown;
    if (!response.ok) throw new DocexProblem(response.status, body as Problem);
    return body as T;
  }

  async function extract<Result>(documentType: string, parts: Record<string, Blob | string | undefined>, idempotencyKey?: string): Promise<Extraction<Result>> {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) if (value !== undefined) form.append(name, value);
    const response = await call(`${base}/v1/documents/${documentType}`, {
      method: 'POST',
      body: form,
      headers: { ...authorization, ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }) },
    });
    const result = await answer<Result>(response);
    const remaining = response.headers.get('x-credits-remaining');
    return {
      result,
      creditsCharged: Number(response.headers.get('x-credits-charged') ?? 0),
      creditsRemaining: remaining === null ? null : Number(remaining),
      extractionId: response.headers.get('x-extraction-id'),
    };
  }

  return {
    passport: (parts: PassportParts, idempotencyKey?: string) => extract<PassportResult>('passport', parts, idempotencyKey),
    pan: (parts: PanParts, idempotencyKey?: string) => extract<PanResult>('pan', parts, idempotencyKey),
    usage: async (): Promise<Usage> => answer<Usage>(await call(`${base}/v1/usage`, { headers: authorization })),
    auditEvents: async (query: AuditQuery = {}): Promise<AuditPage> => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
      }
      return answer<AuditPage>(await call(`${base}/v1/audit/events?${search}`, { headers: authorization }));
    },
  };
}
