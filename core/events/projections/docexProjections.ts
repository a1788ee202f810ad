/** The inline projections the ledger's store runs on every append. */
import type { InlineProjection } from '../projection.ts';
import { apiKeysProjection } from './apiKeysProjection.ts';
import { creditBalanceProjection } from './creditBalanceProjection.ts';
import { creditHoldsProjection } from './creditHoldsProjection.ts';
import { extractionsProjection } from './extractionsProjection.ts';
import { idempotencyChargesProjection } from './idempotencyChargesProjection.ts';

export const docexProjections: readonly InlineProjection[] = [
  apiKeysProjection,
  creditBalanceProjection,
  creditHoldsProjection,
  extractionsProjection,
  idempotencyChargesProjection,
];
