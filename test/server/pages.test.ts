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

describe('GET /playground', () => {
  it("says how the service renders a PDF page, whose pixels a PDF's geometry is in", async () => {
    const res = await request(server).get('/playground/settings.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ pdf_dpi: 100, max_image_pixels: 20_000_000 });
  });

  it('is plain static files; its script loads pdf.js and the samples from this service only', async () => {
    const refs = await expectLocalPage('/playground');
    expect(refs).toContain('/playground/playground.js');
    const script = await request(server).get('/playground/playground.js');
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    // The SVG namespace is a name, not a fetch.
    expect(script.text.replaceAll("'http://www.w3.org/2000/svg'", '')).not.toMatch(/https?:\/\//);
    for (const asset of ['/playground/vendor/pdf.min.mjs', '/playground/vendor/pdf.worker.min.mjs', '/playground/samples/samples.json', '/playground/settings.json']) {
      expect(script.text).toContain(asset);
      expect((await request(server).get(asset)).status, asset).toBe(200);
    }
    const index = (await request(server).get('/playground/samples/samples.json')).body as { samples: { files: Record<string, string> }[] };
    expect(index.samples.length).toBeGreaterThanOrEqual(4);
    for (const file of index.samples.flatMap((sample) => Object.values(sample.files))) {
      expect((await request(server).get(`/playground/samples/${file}`)).status, file).toBe(200);
    }
  });
});
