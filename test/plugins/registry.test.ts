import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runPluginHooks } from '../../core/extraction/pipeline.ts';
import type { LoadedUpload } from '../../core/imaging/types.ts';
import { createRegistry, PluginRegistrationError, type RegistrationErrorCode } from '../../core/plugins/registry.ts';
import { defineDocumentPlugin, PLUGIN_API_VERSION, type AnyDocumentPlugin } from '../../core/plugins/types.ts';
import { labelPlugin } from './labelPlugin.ts';

/** A well-formed plugin with one thing changed. */
function variant(change: (plugin: Record<string, unknown> & { meta: Record<string, unknown> }) => void): AnyDocumentPlugin {
  const copy = { ...labelPlugin, meta: { ...labelPlugin.meta }, parts: labelPlugin.parts.map((part) => ({ ...part })) };
  change(copy as unknown as Record<string, unknown> & { meta: Record<string, unknown> });
  return copy as AnyDocumentPlugin;
}

const cases: { name: string; plugin: unknown; code: RegistrationErrorCode }[] = [
  { name: 'not an object', plugin: 'label', code: 'DOCEX_PLUGIN_NOT_OBJECT' },
  { name: 'no meta', plugin: variant((p) => delete (p as Record<string, unknown>)['meta']), code: 'DOCEX_PLUGIN_META_MISSING' },
  { name: 'upper-case name', plugin: variant((p) => (p.meta['name'] = 'Label')), code: 'DOCEX_PLUGIN_NAME_INVALID' },
  { name: 'empty name', plugin: variant((p) => (p.meta['name'] = '')), code: 'DOCEX_PLUGIN_NAME_INVALID' },
  { name: 'version not semver', plugin: variant((p) => (p.meta['version'] = '1.0')), code: 'DOCEX_PLUGIN_VERSION_INVALID' },
  { name: 'version leading zero', plugin: variant((p) => (p.meta['version'] = '01.0.0')), code: 'DOCEX_PLUGIN_VERSION_INVALID' },
  { name: 'slug with slash', plugin: variant((p) => (p.meta['documentType'] = 'a/b')), code: 'DOCEX_PLUGIN_DOCUMENT_TYPE_INVALID' },
  { name: 'no summary', plugin: variant((p) => (p.meta['summary'] = ' ')), code: 'DOCEX_PLUGIN_SUMMARY_MISSING' },
  { name: 'api version', plugin: variant((p) => (p.meta['apiVersion'] = PLUGIN_API_VERSION + 1)), code: 'DOCEX_PLUGIN_API_VERSION_MISMATCH' },
  { name: 'no parts', plugin: variant((p) => (p['parts'] = [])), code: 'DOCEX_PLUGIN_PARTS_EMPTY' },
  {
    name: 'part without pdfPages',
    plugin: variant((p) => (p['parts'] = [{ name: 'file', required: true, description: 'x' }])),
    code: 'DOCEX_PLUGIN_PART_INVALID',
  },
  {
    name: 'part without a description',
    plugin: variant((p) => (p['parts'] = [{ name: 'file', required: true, description: ' ', pdfPages: 'all' }])),
    code: 'DOCEX_PLUGIN_PART_INVALID',
  },
  {
    name: 'part named password',
    plugin: variant((p) => (p['parts'] = [{ name: 'password', required: true, description: 'x', pdfPages: 'all' }])),
    code: 'DOCEX_PLUGIN_PART_INVALID',
  },
  {
    name: 'duplicate part names',
    plugin: variant(
      (p) =>
        (p['parts'] = [
          { name: 'file', required: true, description: 'x', pdfPages: 'all' },
          { name: 'file', required: false, description: 'y', pdfPages: 'first' },
        ]),
    ),
    code: 'DOCEX_PLUGIN_PART_DUPLICATE',
  },
  {
    name: 'no required part',
    plugin: variant((p) => (p['parts'] = [{ name: 'file', required: false, description: 'x', pdfPages: 'all' }])),
    code: 'DOCEX_PLUGIN_NO_REQUIRED_PART',
  },
  { name: 'hook not a function', plugin: variant((p) => (p['locate'] = 'locate')), code: 'DOCEX_PLUGIN_HOOK_MISSING' },
  { name: 'no creditsFor', plugin: variant((p) => delete p['creditsFor']), code: 'DOCEX_PLUGIN_HOOK_MISSING' },
  { name: 'no read', plugin: variant((p) => delete p['read']), code: 'DOCEX_PLUGIN_HOOK_MISSING' },
  { name: 'no decode', plugin: variant((p) => delete p['decode']), code: 'DOCEX_PLUGIN_HOOK_MISSING' },
  { name: 'preprocess not a function', plugin: variant((p) => (p['preprocess'] = null)), code: 'DOCEX_PLUGIN_HOOK_MISSING' },
  { name: 'detect not a function', plugin: variant((p) => (p['detect'] = 0.9)), code: 'DOCEX_PLUGIN_HOOK_MISSING' },
  { name: 'schema not zod', plugin: variant((p) => (p['resultSchema'] = { type: 'object' })), code: 'DOCEX_PLUGIN_RESULT_SCHEMA_MISSING' },
];

describe('createRegistry', () => {
  it.each(cases)('refuses a plugin at registration: $name -> $code', ({ plugin, code }) => {
    const registry = createRegistry();
    let thrown: unknown;
    try {
      registry.register(plugin as AnyDocumentPlugin);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PluginRegistrationError);
    expect((thrown as PluginRegistrationError).code).toBe(code);
    expect(registry.list()).toHaveLength(0);
  });

  it('registers a well-formed plugin and finds it by document type', () => {
    const registry = createRegistry();
    registry.register(labelPlugin);
    expect(registry.get('label')).toBe(labelPlugin);
    expect(registry.get('passport')).toBeUndefined();
    expect(registry.list().map((plugin) => plugin.meta.name)).toEqual(['label']);
  });

  it.each([
    { name: 'the same name', other: variant((p) => (p.meta['documentType'] = 'other')), code: 'DOCEX_PLUGIN_DUPLICATE_NAME' },
    { name: 'the same document type', other: variant((p) => (p.meta['name'] = 'other')), code: 'DOCEX_PLUGIN_DUPLICATE_DOCUMENT_TYPE' },
  ])('refuses a second plugin with $name', ({ other, code }) => {
    const registry = createRegistry();
    registry.register(labelPlugin);
    expect(() => registry.register(other)).toThrow(expect.objectContaining({ code }));
    expect(registry.list()).toHaveLength(1);
  });

  it('refuses registration after freeze()', () => {
    const registry = createRegistry();
    registry.register(labelPlugin);
    registry.freeze();
    expect(registry.frozen).toBe(true);
    const late = variant((p) => {
      p.meta['name'] = 'late';
      p.meta['documentType'] = 'late';
    });
    expect(() => registry.register(late)).toThrow(expect.objectContaining({ code: 'DOCEX_REGISTRY_FROZEN' }));
    expect(registry.get('late')).toBeUndefined();
  });

  it('names the plugin in the message', () => {
    const registry = createRegistry();
    const bad = variant((p) => (p['resultSchema'] = z));
    expect(() => registry.register(bad)).toThrow(/plugin "label"/);
  });
});

describe('the hooks a plugin may leave out', () => {
  const quiet = { debug() {}, info() {}, warn() {} };
  const upload: LoadedUpload = {
    parts: {
      file: {
        name: 'file',
        mediaType: 'image/png',
        byteLength: 4,
        sha256: '0'.repeat(64),
        pages: [{ index: 0, source: 'image', width: 2, height: 1, textLayer: null, dpi: null, image: async () => ({ data: Buffer.alloc(6, 255), width: 2, height: 1, channels: 3 }) }],
      },
    },
  };
  const noOcr = { recognize: async () => { throw new Error('no OCR in this test'); } };
  const run = (plugin: AnyDocumentPlugin) => runPluginHooks(plugin, upload, noOcr, { fields: {}, now: new Date(), signal: new AbortController().signal, log: quiet });
  const bare = (hooks: Partial<Pick<AnyDocumentPlugin, 'preprocess' | 'locate'>>) =>
    defineDocumentPlugin({
      meta: { name: 'bare', version: '1.0.0', apiVersion: PLUGIN_API_VERSION, documentType: 'bare', summary: 'Reads nothing.' },
      parts: [{ name: 'file', required: true, description: 'the page', pdfPages: 'first' }],
      resultSchema: z.object({ pages: z.number(), widths: z.array(z.number()) }),
      creditsFor: () => 1,
      ...hooks,
      // What read is handed, as the result: the defaults hand the loaded upload through unchanged.
      read: async (located: LoadedUpload) => located,
      decode: (located: LoadedUpload) => ({ pages: located.parts['file']!.pages.length, widths: located.parts['file']!.pages.map((page) => page.width) }),
    });

  it('registers a plugin with neither preprocess nor locate', () => {
    const registry = createRegistry();
    registry.register(bare({}));
    expect(registry.get('bare')?.preprocess).toBeUndefined();
  });

  it('hands read the upload as loaded when both are left out', async () => {
    const seen: unknown[] = [];
    const plugin = { ...bare({}), read: async (located: unknown) => (seen.push(located), located) };
    expect(await run(plugin)).toEqual({ pages: 1, widths: [2] });
    expect(seen).toEqual([upload]);
  });

  it('hands read what preprocess gave when only locate is left out, and the upload to locate when only preprocess is', async () => {
    const narrowed = { parts: { file: { ...upload.parts['file']!, pages: upload.parts['file']!.pages.map((page) => ({ ...page, width: 7 })) } } };
    expect(await run(bare({ preprocess: async () => narrowed }))).toEqual({ pages: 1, widths: [7] });
    const located: unknown[] = [];
    expect(await run(bare({ locate: async (prepared: unknown) => (located.push(prepared), narrowed) }))).toEqual({ pages: 1, widths: [7] });
    expect(located).toEqual([upload]);
  });
});
