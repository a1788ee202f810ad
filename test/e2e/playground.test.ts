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
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, type RunningService, startService } from './serviceProcess.ts';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  console.warn(`playground tests skipped: ${CHROMIUM} is absent (apt-get install chromium, or scripts/prepare-test-machine.sh)`);
}

const root = fileURLToPath(new URL('../..', import.meta.url));

describe.skipIf(!hasChromium)('browser pages in headless Chromium', () => {
  let dataDir: string;
  let shots: string;
  let service: RunningService;
  let browser: Browser;
  let key: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'docex-playground-'));
    shots = await mkdtemp(path.join(tmpdir(), 'docex-playground-shots-'));
    const env = { DOCEX_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', DOCEX_OCR_WORKERS: '1', LOG_LEVEL: 'warn' };
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

  it('/playground shows an e-PAN PDF as pdf.js renders it, and says boxes need an image', async () => {
    const { page, requested, errors } = await openPage('/playground');
    await page.locator('body[data-ready=true]').waitFor();
    await page.fill('#key', key);
    await page.check('input[name=type][value=pan]');
    await page.selectOption('#sample', 'pan-epan');
    await page.click('#try-sample');
    await page.locator('body[data-state=done]').waitFor({ timeout: 60_000 });
    expect(await page.locator('#status').textContent()).toBe('Read.');
    expect(await page.locator('#pages img').count()).toBe(1);
    expect(await page.locator('#pages img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(500);
    expect(await page.locator('#geometry-note').textContent()).toContain('Boxes are drawn on images');
    expect(await page.locator('#checks li').count()).toBe(4);
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
