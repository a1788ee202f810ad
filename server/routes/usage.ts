/** GET /v1/usage: the calling key's credits and request counts. */
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Ledger, UsageView } from '../../core/credits/types.ts';
import { authenticate, requireScope } from '../middleware/authenticate.ts';
import { usageBodySchema } from '../schemas.ts';
import type { AppState } from '../state.ts';

/** Pure: the wire shape (snake_case, like every other response). */
export function usageBody(usage: UsageView) {
  return {
    key_id: usage.keyId,
    credits_remaining: usage.creditsRemaining,
    credits_used: usage.creditsUsed,
    credits_granted: usage.creditsGranted,
    credits_held: usage.creditsHeld,
    credits_available: usage.creditsAvailable,
    requests_by_outcome: usage.requestsByOutcome,
    requests_by_document_type: usage.requestsByDocumentType,
  };
}

export function registerUsageRoute(
  router: Router<AppState>,
  deps: { ledger: Ledger; rateLimit: Middleware<AppState> },
): void {
  router.get('/v1/usage', authenticate(deps.ledger), deps.rateLimit, requireScope(['extract', 'audit']), async (ctx) => {
    const keyId = ctx.state.principal?.keyId;
    if (keyId === undefined) throw new Error('usage route reached without a principal');
    // Validated like every other response: a ledger change that breaks the contract is a 500, not a surprise.
    ctx.body = usageBodySchema.parse(usageBody(await deps.ledger.usage(keyId)));
  });
}
