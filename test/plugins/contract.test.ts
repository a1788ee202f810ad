/**
 * The plugin contract suite: every plugin the service can run (server/productionRegistry.ts's catalogue, whatever
 * DOCEX_PLUGINS names) must hold to it. A new document type gets these checks for free once it is in the catalogue.
 * What registration already refuses (meta, parts, hooks being functions, a zod schema: core/plugins/registry.ts,
 * test/plugins/registry.test.ts) is not checked again here: these checks run the plugin, metered by a real ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLedger } from '../../core/credits/ledger.ts';
import type { Ledger, Principal } from '../../core/credits/types.ts';
import { ProblemError } from '../../core/errors.ts';
import { createExtractor } from '../../core/extraction/extractor.ts';
import { resultEnvelopeMembers } from '../../core/extraction/resultEnvelope.ts';
import type { UploadedFile } from '../../core/extraction/types.ts';
import { loadUpload } from '../../core/imaging/loadUpload.ts';
import { createLogger } from '../../core/logging/logger.ts';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';
import type { AnyDocumentPlugin } from '../../core/plugins/types.ts';
import { createProductionRegistry, defaultPluginNames, pluginCatalogue } from '../../server/productionRegistry.ts';
import { idCardWithTruth } from '../../fixtures/negativesSet.ts';
import { photograph } from '../../fixtures/photograph.ts';
import { createRandom } from '../../fixtures/random.ts';
import { readFileSync } from 'node:fs';
import { testDialects, type TestDatabase } from '../support/db.ts';
import { blankPng, labelPng } from './labelImages.ts';

const registry = await createProductionRegistry(Object.keys(pluginCatalogue));
const plugins = registry.list();
const limits = { maxImagePixels: 20_000_000, maxPdfPages: 3, pdfDpi: 150 };
const REJECTION_CODES = ['unreadable_document', 'wrong_document_type', 'invalid_document'];

let pool: OcrPool;
let database: TestDatabase;
let ledger: Ledger;
let blank: Buffer;
let page: Buffer;
beforeAll(async () => {
  pool = createOcrPool({ workers: 1 });
  database = await testDialects.find((dialect) => dialect.name === 'sqlite')!.create();
  ledger = createLedger(database.handle);
  [blank, page] = await Promise.all([blankPng(1200, 850), labelPng(['CONTRACT SUITE PAGE'])]);
  await pool.ready();
});
afterAll(async () => {
  await pool?.terminate();
  await ledger?.close();
  await database?.drop();
});

/** A fresh key holding `credits`, as the principal its requests are metered to. */
async function keyWith(credits: number): Promise<Principal> {
  const { key } = await ledger.createKey({ name: 'contract', credits, scopes: ['extract'] });
  return (await ledger.authenticate(key))!;
}

const extractorFor = () =>
  createExtractor({ ocr: pool, ledger, loadUpload, limits, logger: createLogger({ level: 'silent' }), plugins: () => plugins });

/** The extraction's result, or what it threw. */
async function attempt(plugin: AnyDocumentPlugin, files: UploadedFile[], principal: Principal): Promise<{ result?: unknown; thrown?: unknown }> {
  try {
    const { result } = await extractorFor().extract({ plugin, files, fields: {}, principal, requestId: 'contract', idempotencyKey: null, signal: new AbortController().signal });
    return { result };
  } catch (thrown) {
    return { thrown };
  }
}

const everyPart = (plugin: AnyDocumentPlugin, buffer: Buffer): UploadedFile[] =>
  plugin.parts.map((part) => ({ field: part.name, buffer }));

it('the production registry registers the shipped plugins by default, and every catalogued one when named', async () => {
  expect((await createProductionRegistry()).list().map((plugin) => plugin.meta.name)).toEqual(defaultPluginNames);
  expect(plugins.map((plugin) => plugin.meta.documentType)).toEqual(['passport', 'pan', 'id-card']);
  expect(registry.frozen).toBe(true);
});

describe.each(plugins.map((plugin) => ({ type: plugin.meta.documentType, plugin })))('plugin $type', ({ plugin }) => {
  it('prices a one-page upload at a positive whole number of credits', async () => {
    const upload = await loadUpload(everyPart(plugin, page), plugin.parts, limits, {});
    const credits = plugin.creditsFor(upload);
    expect(Number.isInteger(credits)).toBe(true);
    expect(credits).toBeGreaterThan(0);
  });

  it('has a result schema that converts to JSON Schema (for OpenAPI)', () => {
    const schema = z.toJSONSchema(plugin.resultSchema, { io: 'output' }) as { type?: unknown; properties?: unknown };
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties as object).length).toBeGreaterThan(0);
  });

  it('lists the shared result envelope in its schema (core/extraction/resultEnvelope.ts)', () => {
    const schema = z.toJSONSchema(plugin.resultSchema, { io: 'output' }) as { properties: Record<string, unknown>; required?: string[] };
    for (const member of resultEnvelopeMembers) expect(Object.keys(schema.properties), member).toContain(member);
    // Every member but geometry is always there.
    expect(schema.required).toEqual(expect.arrayContaining(resultEnvelopeMembers.filter((member) => member !== 'geometry')));
  });

  it('refuses a blank page with a 422 rejection code, and charges nothing', async () => {
    const principal = await keyWith(10);
    const { result, thrown } = await attempt(plugin, everyPart(plugin, blank), principal);
    expect(result).toBeUndefined();
    expect(thrown).toBeInstanceOf(ProblemError);
    expect((thrown as ProblemError).status).toBe(422);
    expect(REJECTION_CODES).toContain((thrown as ProblemError).code);
    expect(await ledger.balance(principal.keyId)).toBe(10);
  }, 60_000);
});

/**
 * A document of each type, for the cross-endpoint checks: the committed samples (fixtures/samples/), and an ID card
 * the fixture generator draws and scans (fictitious holder).
 */
const samples: Record<string, () => Promise<Buffer>> = {
  passport: async () => readFileSync('fixtures/samples/passport/uto-specimen.first_page.jpg'),
  pan: async () => readFileSync('fixtures/samples/pan/pan-old-scan.jpg'),
  'id-card': async () => {
    const random = createRandom(7);
    return (await photograph(idCardWithTruth(random.fork('card')).image, 'scan', random.fork('scan'), { longSidePx: 2000 })).bytes;
  },
};

it('has a sample document for every catalogued plugin', () => {
  expect(Object.keys(samples).sort()).toEqual(plugins.map((plugin) => plugin.meta.documentType).sort());
});

describe.each(plugins.map((plugin) => ({ type: plugin.meta.documentType, plugin })))('plugin $type, given its own document', ({ type, plugin }) => {
  it('reads it into a result its own schema accepts as it is, and charges what creditsFor priced', async () => {
    const principal = await keyWith(10);
    const files = [{ field: plugin.parts[0]!.name, buffer: await samples[type]!() }];
    const credits = plugin.creditsFor(await loadUpload(files, plugin.parts, limits, {}));
    const { result, thrown } = await attempt(plugin, files, principal);
    expect(thrown).toBeUndefined();
    // What the caller gets is the result as JSON: it must survive the trip unchanged and still be the schema's own.
    const wire: unknown = JSON.parse(JSON.stringify(result));
    expect(wire).toEqual(result);
    const parsed = plugin.resultSchema.safeParse(wire);
    expect(parsed.success, JSON.stringify(parsed.error?.issues ?? [])).toBe(true);
    expect(parsed.data).toEqual(wire);
    for (const member of resultEnvelopeMembers.filter((m) => m !== 'geometry')) expect(Object.keys(result as object), member).toContain(member);
    expect(await ledger.balance(principal.keyId)).toBe(10 - credits);
  }, 120_000);
});

describe.each(plugins.filter((plugin) => samples[plugin.meta.documentType] !== undefined).map((plugin) => ({ type: plugin.meta.documentType, plugin })))(
  'plugin $type, given another plugin\'s document',
  ({ type, plugin }) => {
    it('refuses it as the wrong document type, naming the endpoint that reads it', async () => {
      const extractor = createExtractor({ ocr: pool, ledger: null, loadUpload, limits, logger: createLogger({ level: 'silent' }), plugins: () => plugins });
      for (const [otherType, sample] of Object.entries(samples)) {
        if (otherType === type) continue;
        const buffer = await sample();
        let thrown: unknown;
        try {
          await extractor.extract({ plugin, files: [{ field: plugin.parts[0]!.name, buffer }], fields: {}, principal: null, requestId: 'contract', idempotencyKey: null, signal: new AbortController().signal });
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(ProblemError);
        expect((thrown as ProblemError).code).toBe('wrong_document_type');
        expect((thrown as ProblemError).extensions['likely_document_type']).toBe(otherType);
      }
    }, 120_000);
  },
);

