/** What the middleware chain puts on `ctx.state` for the handlers below it. */
import type { Principal } from '../core/credits/types.ts';

export interface AppState {
  requestId: string;
  /** Set by the authenticate middleware. */
  principal?: Principal;
}
