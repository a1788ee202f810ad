/**
 * The browser pages in headless Chromium (Debian's `chromium`, driven by playwright-core): /docs renders the API
 * reference from local assets only, and /playground reads a sample passport through the real service and draws one
 * box per field the answer locates. A screenshot of the playground is written to a temp dir (path in the log).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, type RunningService, startService } from './serviceProcess.ts';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  console.warn(`playground tests skipped: ${CHROMIUM} is absent (apt-get install chromium, or scripts/prepare-test-machine.sh)`);
}

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Not the default 200: the playground must learn it from the service to render a PDF page at the service's scale. */
const PDF_DPI = 144;

type Polygon = [number, number][];
const locatedFields = (answer: Record<string, unknown>): number =>
  Object.values((answer['geometry'] ?? {}) as Record<string, unknown>).filter((entry) => entry !== null).length;

describe.skipIf(!hasChromium)('browser pages in headless Chromium', () => {
  let dataDir: string;
  let shots: string;
  let service: RunningService;
  let browser: Browser;
  let key: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'docex-playground-'));
    shots = await mkdtemp(path.join(tmpdir(), 'docex-playground-shots-'));
    const env = { DOCEX_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', DOCEX_OCR_WORKERS: '1', LOG_LEVEL: 'warn', DOCEX_PDF_DPI: String(PDF_DPI) };
    [service, browser] = await Promise.all([
      startService(env),
      chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      }),
    ]);
    key = (await createKey(env, { name: 'playground', credits: 10 })).key;
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A page that records every URL it asks for, to prove nothing leaves the service's origin. */
  async function openPage(route: string) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const requested: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${service.baseUrl}${route}`);
    return { page, requested, errors };
  }

  const outside = (urls: string[]) => urls.filter((url) => !url.startsWith(service.baseUrl) && !/^(data|blob):/.test(url));

  it('/docs renders the operations of /openapi.json, from local assets only', async () => {
    const { page, requested, errors } = await openPage('/docs');
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    const operations = await page.locator('.opblock').count();
    expect(operations).toBeGreaterThanOrEqual(6);
    expect(await page.locator('.opblock-summary-path').allTextContents()).toContain('/v1/documents/passport');
    // Swagger UI's own complaints about the document (unsupported dialect, bad refs) would show here.
    expect(await page.locator('.errors-wrapper').count()).toBe(0);
    expect(await page.getByText('Warning', { exact: true }).count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'docs.png') });
    expect(outside(requested)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/playground reads a sample passport and draws one box per located field', async () => {
    const index = JSON.parse(await readFile(path.join(root, 'fixtures/samples/samples.json'), 'utf8')) as {
      samples: { id: string; expected: Record<string, unknown> }[];
    };
    const sample = index.samples.find((s) => s.id === 'uto-specimen')!;
    const { page, requested, errors } = await openPage('/playground');
    await page.locator('body[data-ready=true]').waitFor();
    await page.fill('#key', key);
    await page.selectOption('#sample', sample.id);
    await page.click('#try-sample');
    await page.locator('body[data-state=done]').waitFor({ timeout: 90_000 });

    const answer = JSON.parse(await page.locator('#json').textContent() ?? 'null') as Record<string, unknown>;
    expect(answer['passport_number'], JSON.stringify(answer)).toBe(sample.expected['passport_number']);
    const geometry = (answer['geometry'] ?? {}) as Record<string, unknown>;
    const nonNullGeometry = Object.values(geometry).filter((entry) => entry !== null).length;
    const boxes = await page.locator('#pages svg polygon.field-box').count();
    expect(boxes).toBe(nonNullGeometry);
    expect(await page.locator('#pages img').count()).toBe(1);
    expect(await page.locator('#credits').textContent()).toBe('Charged 1 credit(s); 9 left on this key.');
    expect(await page.locator('#checks li.ok').count()).toBeGreaterThan(5);
    const shot = path.join(shots, 'playground-passport.png');
    await page.screenshot({ path: shot, fullPage: true });
    console.info(`playground screenshot: ${shot} (${boxes} boxes for ${nonNullGeometry} located fields)`);
    expect(outside(requested)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/playground draws each polygon it is given where it lies on the image, labelled', async () => {
    // The drawing alone, with no OCR: the route answers with the sample's truth and a known geometry.
    const index = JSON.parse(await readFile(path.join(root, 'fixtures/samples/samples.json'), 'utf8')) as {
      samples: { id: string; expected: Record<string, unknown> }[];
    };
    const truth = index.samples.find((s) => s.id === 'uto-specimen')!.expected;
    const { page } = await openPage('/playground');
    await page.locator('body[data-ready=true]').waitFor();
    const drawn = { passport_number: [[1100, 110], [1400, 110], [1400, 160], [1100, 160]], surname: [[300, 250], [520, 250], [520, 300], [300, 300]] };
    await page.route('**/v1/documents/passport', async (route) => {
      const geometry = { ...Object.fromEntries(Object.entries(drawn).map(([field, polygon]) => [field, { page: 0, polygon }])), issue_date: null };
      await route.fulfill({ json: { ...truth, geometry }, headers: { 'X-Credits-Charged': '1', 'X-Credits-Remaining': '7' } });
    });
    await page.fill('#key', key);
    await page.selectOption('#sample', 'uto-specimen');
    await page.click('#try-sample');
    await page.locator('body[data-state=done]').waitFor({ timeout: 90_000 });
    expect(await page.locator('#pages svg polygon.field-box').count()).toBe(2);
    expect(await page.locator('#pages svg text.field-label').allTextContents()).toEqual(['passport number', 'surname']);
    const image = await page.locator('#pages img').evaluate((element) => {
      const img = element as unknown as { naturalWidth: number; getBoundingClientRect(): { x: number; y: number; width: number } };
      const r = img.getBoundingClientRect();
      return { x: r.x, y: r.y, scale: r.width / img.naturalWidth };
    });
    // The geometry's own rectangle (Playwright's boundingBox would add the stroke).
    const box = await page.locator('polygon[data-field=passport_number]').evaluate((polygon) => {
      const r = polygon.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
    expect(box.x).toBeCloseTo(image.x + 1100 * image.scale, 0);
    expect(box.y).toBeCloseTo(image.y + 110 * image.scale, 0);
    expect(box.width).toBeCloseTo(300 * image.scale, 0);
    expect(box.height).toBeCloseTo(50 * image.scale, 0);
    const shot = path.join(shots, 'playground-drawing.png');
    await page.screenshot({ path: shot });
    console.info(`playground drawing screenshot: ${shot}`);
    await page.close();
  });

  /** Where the page's image lies on screen, and its natural size and scale. */
  const imageOnScreen = (page: Page) =>
    page.locator('#pages img').evaluate((element) => {
      const img = element as unknown as { naturalWidth: number; naturalHeight: number; getBoundingClientRect(): { x: number; y: number; width: number } };
      const r = img.getBoundingClientRect();
      return { x: r.x, y: r.y, width: img.naturalWidth, height: img.naturalHeight, scale: r.width / img.naturalWidth };
    });

  /** The drawn polygon's own rectangle on screen (Playwright's boundingBox would add the stroke). */
  const drawnBox = (page: Page, field: string) =>
    page.locator(`polygon[data-field="${field}"]`).evaluate((polygon) => {
      const r = polygon.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });

  it('/playground renders an e-PAN PDF at the service\'s scale and draws its boxes', async () => {
    const { page, requested, errors } = await openPage('/playground');
    await page.locator('body[data-ready=true]').waitFor();
    await page.fill('#key', key);
    await page.check('input[name=type][value=pan]');
    await page.selectOption('#sample', 'pan-epan');
    await page.click('#try-sample');
    await page.locator('body[data-state=done]').waitFor({ timeout: 60_000 });
    expect(await page.locator('#status').textContent()).toBe('Read.');
    const answer = JSON.parse(await page.locator('#json').textContent() ?? 'null') as Record<string, unknown>;
    expect(await page.locator('#pages img').count()).toBe(1);
    // An A4 page, 595.28 x 841.89 pt, at PDF_DPI.
    const image = await imageOnScreen(page);
    expect([image.width, image.height]).toEqual([Math.ceil((595.28 * PDF_DPI) / 72), Math.ceil((841.89 * PDF_DPI) / 72)]);
    expect(locatedFields(answer)).toBeGreaterThan(0);
    expect(await page.locator('#pages svg polygon.field-box').count()).toBe(locatedFields(answer));
    expect(await page.locator('#checks li').count()).toBe(4);
    await page.screenshot({ path: path.join(shots, 'playground-epan.png'), fullPage: true });
    expect(outside(requested)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/playground draws the boxes of a passport sent as a PDF where the service read them', async () => {
    // The sample scan (1600 x 1145 px) on a page that renders at PDF_DPI (2 px a point) at the scan's own size.
    const jpeg = await readFile(path.join(root, 'fixtures/samples/passport/uto-specimen.first_page.jpg'));
    const doc = await PDFDocument.create();
    const scan = await doc.embedJpg(jpeg);
    const pdfPage = doc.addPage([(scan.width * 72) / PDF_DPI, (scan.height * 72) / PDF_DPI]);
    pdfPage.drawImage(scan, { x: 0, y: 0, width: pdfPage.getWidth(), height: pdfPage.getHeight() });
    const pdf = Buffer.from(await doc.save());

    const { page, requested, errors } = await openPage('/playground');
    await page.locator('body[data-ready=true]').waitFor();
    await page.fill('#key', key);
    await page.setInputFiles('#first_page', { name: 'uto-specimen.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.click('#send');
    await page.locator('body[data-state=done]').waitFor({ timeout: 90_000 });
    const answer = JSON.parse(await page.locator('#json').textContent() ?? 'null') as Record<string, unknown>;
    expect(answer['passport_number'], JSON.stringify(answer)).toBe('L898902C3');

    const image = await imageOnScreen(page);
    expect([image.width, image.height]).toEqual([scan.width, scan.height]);
    const geometry = answer['geometry'] as Record<string, { page: number; polygon: Polygon } | null>;
    expect(locatedFields(answer)).toBeGreaterThanOrEqual(10);
    expect(await page.locator('#pages svg polygon.field-box').count()).toBe(locatedFields(answer));
    // The MRZ is at the foot of the data page, inside the page.
    const line2 = geometry['mrz.line2']!.polygon;
    for (const [x, y] of line2) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(scan.width);
      expect(y).toBeGreaterThan(scan.height * 0.6);
      expect(y).toBeLessThanOrEqual(scan.height);
    }
    // Each polygon is drawn where its pixels lie on the rendered page.
    for (const field of ['passport_number', 'mrz.line2', 'issue_date']) {
      const polygon = geometry[field]!.polygon;
      const box = await drawnBox(page, field);
      expect(box.x, field).toBeCloseTo(image.x + Math.min(...polygon.map((p) => p[0])) * image.scale, 0);
      expect(box.y, field).toBeCloseTo(image.y + Math.min(...polygon.map((p) => p[1])) * image.scale, 0);
      expect(box.width, field).toBeCloseTo((Math.max(...polygon.map((p) => p[0])) - Math.min(...polygon.map((p) => p[0]))) * image.scale, 0);
    }
    const shot = path.join(shots, 'playground-passport-pdf.png');
    await page.screenshot({ path: shot, fullPage: true });
    console.info(`playground PDF screenshot: ${shot} (${locatedFields(answer)} located fields)`);
    expect(outside(requested)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/playground shows a refusal in words and charges nothing', async () => {
    const { page } = await openPage('/playground');
    await page.locator('body[data-ready=true]').waitFor();
    await page.fill('#key', key);
    await page.check('input[name=type][value=pan]');
    await page.setInputFiles('#file', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a card') });
    await page.click('#send');
    await page.locator('body[data-state=done]').waitFor({ timeout: 30_000 });
    expect(await page.locator('#status').textContent()).toMatch(/^Refused \(415 unsupported_media_type\)/);
    expect(await page.locator('#credits').textContent()).toBe('Nothing was charged.');
    await page.close();
  });
});
