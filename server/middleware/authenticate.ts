/** Bearer API keys: who is calling (401), and whether the key's scopes allow this route (403). */
import type { Middleware } from 'koa';
import type { Ledger, Scope } from '../../core/credits/types.ts';
import { ProblemError } from '../../core/errors.ts';
import type { AppState } from '../state.ts';

const BEARER = /^Bearer[ \t]+([\x21-\x7e]{1,512})[ \t]*$/i;

/** Pure: the secret from an Authorization header, or null. */
export function bearerSecret(header: string | undefined): string | null {
  const match = BEARER.exec(header ?? '');
  return match?.[1] ?? null;
}

function unauthorized(detail: string, error: 'invalid_request' | 'invalid_token'): ProblemError {
  return new ProblemError('unauthorized', detail, {
    headers: { 'WWW-Authenticate': `Bearer realm="docex", error="${error}"` },
  });
}

/** Who is calling: sets ctx.state.principal or answers 401. */
export function authenticate(ledger: Ledger): Middleware<AppState> {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    if (header === '') throw unauthorized('Send the API key as "Authorization: Bearer <key>".', 'invalid_request');
    const secret = bearerSecret(header);
    if (secret === null) throw unauthorized('The Authorization header is not a Bearer credential.', 'invalid_request');
    const principal = await ledger.authenticate(secret);
    if (principal === null) throw unauthorized('The API key is unknown or revoked.', 'invalid_token');
    ctx.state.principal = principal;
    await next();
  };
}

/** Lets the request through when the key holds any one of `scopes`; runs after the rate limit, so 403s count. */
export function requireScope(scopes: readonly Scope[]): Middleware<AppState> {
  return async (ctx, next) => {
    const granted = ctx.state.principal?.scopes ?? [];
    if (!scopes.some((scope) => granted.includes(scope))) {
      throw new ProblemError('forbidden', `This operation needs one of the scopes: ${scopes.join(', ')}.`, {
        extensions: { required_scopes: scopes },
      });
    }
    await next();
  };
}
