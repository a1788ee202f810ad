/**
 * The browser pages: GET /docs (Swagger UI over /openapi.json) and GET /playground, served from files in this
 * repository and from node_modules (swagger-ui-dist, pdfjs-dist), never from a CDN. Only files listed here at
 * start are served, so no request path reaches the file system.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Router from '@koa/router';
import type { AppState } from '../state.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const staticDir = path.join(here, '../static');
const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.json': 'application/json; charset=utf-8',
  '.pdf': 'application/pdf',
};

/**
 * Same origin only; Swagger UI and the playground set inline styles, and the PDF preview draws into blob: images.
 * `connect-src 'self'` also keeps a pasted key from being sent anywhere but this service.
 */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "worker-src 'self' blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** URL path -> file on disk, for every file the pages use. */
export function staticFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const swagger = packageDir('swagger-ui-dist');
  files.set('/docs', path.join(staticDir, 'docs/index.html'));
  files.set('/docs/init.js', path.join(staticDir, 'docs/init.js'));
  for (const name of ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png']) {
    files.set(`/docs/assets/${name}`, path.join(swagger, name));
  }
  const playground = path.join(staticDir, 'playground');
  files.set('/playground', path.join(playground, 'index.html'));
  for (const name of readdirSync(playground)) {
    if (name !== 'index.html') files.set(`/playground/${name}`, path.join(playground, name));
  }
  const pdfjs = path.join(packageDir('pdfjs-dist'), 'build');
  files.set('/playground/vendor/pdf.min.mjs', path.join(pdfjs, 'pdf.min.mjs'));
  files.set('/playground/vendor/pdf.worker.min.mjs', path.join(pdfjs, 'pdf.worker.min.mjs'));
  // The committed samples (fixtures/samples/, one level of folders), for the playground's "try a sample".
  const samples = path.join(repoRoot, 'fixtures/samples');
  const listed = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? readdirSync(path.join(dir, entry.name)).map((name) => `${entry.name}/${name}`) : [entry.name],
      );
    } catch {
      return []; // A checkout without samples still serves the pages; "try a sample" then lists none.
    }
  };
  for (const name of listed(samples)) {
    if (/\.(jpg|png|pdf|json)$/.test(name)) files.set(`/playground/samples/${name}`, path.join(samples, name));
  }
  return files;
}

/** How the service renders a PDF page before reading it: the playground renders it alike to draw its boxes. */
export interface PdfRendering {
  readonly pdfDpi: number;
  readonly maxImagePixels: number;
}

export function registerStaticRoutes(router: Router<AppState>, pdf: PdfRendering): void {
  // A PDF's geometry is in the pixels of its pages as the service rendered them (core/imaging/pdfPages.ts).
  const settings = Buffer.from(JSON.stringify({ pdf_dpi: pdf.pdfDpi, max_image_pixels: pdf.maxImagePixels }));
  router.get('/playground/settings.json', (ctx) => {
    ctx.type = TYPES['.json']!;
    ctx.set('Content-Security-Policy', PAGE_CSP);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = settings;
  });
  // One exact route per file: a path not listed is the router's 404 problem, never a file-system lookup.
  for (const [urlPath, file] of staticFiles()) {
    let bytes: Buffer | undefined;
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    router.get(urlPath, (ctx) => {
      bytes ??= readFileSync(file);
      ctx.type = type;
      ctx.set('Content-Security-Policy', PAGE_CSP);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = bytes;
    });
  }
}
