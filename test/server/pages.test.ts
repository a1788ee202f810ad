/** The browser pages are served from this repository and node_modules only: every asset they name is local. */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../../core/credits/types.ts';
import type { OcrPort } from '../../core/ocr/types.ts';
import { buildTestApp } from './appHarness.ts';

/** These routes touch neither the ledger nor OCR; a call to either is a bug. */
const refuse = (what: string) =>
  new Proxy({}, { get: (_t, property) => () => { throw new Error(`${what}.${String(property)} must not be called`); } });

let server: Awaited<ReturnType<typeof buildTestApp>>['server'];
beforeAll(async () => {
  ({ server } = await buildTestApp({ ledger: refuse('ledger') as Ledger, ocr: refuse('ocr') as OcrPort }));
});

/** Every src/href/import in an HTML or JS text. */
const references = (text: string): string[] =>
  [...text.matchAll(/(?:src|href)="([^"]+)"|from '([^']+)'|import\('([^']+)'\)/g)].map((m) => (m[1] ?? m[2] ?? m[3]) as string);

async function expectLocalPage(route: string): Promise<string[]> {
  const res = await request(server).get(route);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  const refs = references(res.text);
  expect(refs.length).toBeGreaterThan(0);
  for (const ref of refs) {
    expect(ref, `${route} names ${ref}`).toMatch(/^\/(?!\/)/);
    const asset = await request(server).get(ref);
    expect(asset.status, ref).toBe(200);
  }
  return refs;
}

describe('GET /docs', () => {
  it('is Swagger UI from node_modules over /openapi.json, with no outside asset', async () => {
    const refs = await expectLocalPage('/docs');
    expect(refs).toContain('/docs/assets/swagger-ui-bundle.js');
    const init = await request(server).get('/docs/init.js');
    expect(init.text).toContain("url: '/openapi.json'");
    expect(init.text).not.toMatch(/https?:\/\//);
  });

  it('serves only the files it lists: anything else under /docs is a 404 problem', async () => {
    for (const route of ['/docs/assets/package.json', '/docs/assets/../../package.json', '/docs/index.js']) {
      const res = await request(server).get(route);
      expect(res.status, route).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });
});
