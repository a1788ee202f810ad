/**
 * The plugin contract suite: every plugin the service can run (server/productionRegistry.ts's catalogue, whatever
 * DOCEX_PLUGINS names) must hold to it. A new document type gets these checks for free once it is in the catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProblemError } from '../../core/errors.ts';
import { createExtractor } from '../../core/extraction/extractor.ts';
import { resultEnvelopeMembers } from '../../core/extraction/resultEnvelope.ts';
import type { UploadedFile } from '../../core/extraction/types.ts';
import { loadUpload } from '../../core/imaging/loadUpload.ts';
import { createLogger } from '../../core/logging/logger.ts';
import { createOcrPool, type OcrPool } from '../../core/ocr/tesseractPool.ts';
import { checkPlugin } from '../../core/plugins/registry.ts';
import { PLUGIN_API_VERSION, type AnyDocumentPlugin } from '../../core/plugins/types.ts';
import { createProductionRegistry, defaultPluginNames, pluginCatalogue } from '../../server/productionRegistry.ts';
import { idCardWithTruth } from '../../fixtures/negativesSet.ts';
import { photograph } from '../../fixtures/photograph.ts';
import { createRandom } from '../../fixtures/random.ts';
import { readFileSync } from 'node:fs';
import { blankPng, labelPng } from './labelImages.ts';

const registry = await createProductionRegistry(Object.keys(pluginCatalogue));
const plugins = registry.list();
const limits = { maxImagePixels: 20_000_000, maxPdfPages: 3, pdfDpi: 150 };
const REJECTION_CODES = ['unreadable_document', 'wrong_document_type', 'invalid_document'];

let pool: OcrPool;
let blank: Buffer;
let page: Buffer;
beforeAll(async () => {
  pool = createOcrPool({ workers: 1 });
  [blank, page] = await Promise.all([blankPng(1200, 850), labelPng(['CONTRACT SUITE PAGE'])]);
  await pool.ready();
});
afterAll(async () => {
  await pool?.terminate();
});

const everyPart = (plugin: AnyDocumentPlugin, buffer: Buffer): UploadedFile[] =>
  plugin.parts.map((part) => ({ field: part.name, buffer }));

it('the production registry registers the shipped plugins by default, and every catalogued one when named', async () => {
  expect((await createProductionRegistry()).list().map((plugin) => plugin.meta.name)).toEqual(defaultPluginNames);
  expect(plugins.map((plugin) => plugin.meta.documentType)).toEqual(['passport', 'pan', 'id-card']);
  expect(registry.frozen).toBe(true);
});

describe.each(plugins.map((plugin) => ({ type: plugin.meta.documentType, plugin })))('plugin $type', ({ plugin }) => {
  it('has valid meta for this host', () => {
    expect(checkPlugin(plugin)).toBeNull();
    expect(plugin.meta.apiVersion).toBe(PLUGIN_API_VERSION);
    expect(plugin.meta.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(plugin.meta.documentType).toMatch(/^[a-z0-9][a-z0-9_-]*$/);
  });

  it('declares well-formed, uniquely named parts, at least one required', () => {
    const names = plugin.parts.map((part) => part.name);
    expect(new Set(names).size).toBe(names.length);
    expect(plugin.parts.some((part) => part.required)).toBe(true);
    for (const part of plugin.parts) {
      expect(part.description.length).toBeGreaterThan(0);
      expect(['first', 'all']).toContain(part.pdfPages);
    }
  });

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

  it('refuses blank pages with a 422 rejection code, not a crash', async () => {
    const extractor = createExtractor({ ocr: pool, ledger: null, loadUpload, limits, logger: createLogger({ level: 'silent' }) });
    let thrown: unknown;
    try {
      await extractor.extract({
        plugin,
        files: everyPart(plugin, blank),
        fields: {},
        principal: null,
        requestId: 'contract',
        idempotencyKey: null,
        signal: new AbortController().signal,
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProblemError);
    expect((thrown as ProblemError).status).toBe(422);
    expect(REJECTION_CODES).toContain((thrown as ProblemError).code);
  });
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

