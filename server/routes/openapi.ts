/** GET /openapi.json: built once from the frozen registry. */
import type Router from '@koa/router';
import type { AnyDocumentPlugin } from '../../core/plugins/types.ts';
import { buildOpenApi } from '../openapi.ts';
import type { AppState } from '../state.ts';

export function registerOpenApiRoute(router: Router<AppState>, plugins: readonly AnyDocumentPlugin[], version: string): void {
  const document = buildOpenApi(plugins, { version });
  router.get('/openapi.json', (ctx) => {
    ctx.body = document;
  });
}
