/** The one input check: a zod schema over the request's query, headers and route params; a 400 problem on failure. */
import type { ParameterizedContext } from 'koa';
import type { z } from 'zod';
import { ProblemError } from '../core/errors.ts';

export interface RequestParts {
  readonly query: Record<string, unknown>;
  readonly headers: Record<string, unknown>;
  readonly params: Record<string, unknown>;
}

export function validate<T>(ctx: ParameterizedContext, schema: z.ZodType<T>): T {
  const parts: RequestParts = {
    query: ctx.query,
    headers: ctx.headers,
    params: (ctx as { params?: Record<string, unknown> }).params ?? {},
  };
  const parsed = schema.safeParse(parts);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  throw new ProblemError('invalid_request', errors.map((error) => `${error.path}: ${error.message}`).join('; '), {
    extensions: { errors },
  });
}
