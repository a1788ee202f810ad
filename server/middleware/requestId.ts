/** Every request gets an id: the caller's `x-request-id` when it is sane, else a new UUID; it rides in ALS. */
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { runInRequestContext } from '../../core/logging/requestContext.ts';
import type { AppState } from '../state.ts';

const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(): Middleware<AppState> {
  return (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const id = ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    return runInRequestContext({ requestId: id }, () => next());
  };
}
