/**
 * The host's detect seam (core/extraction/detectOther.ts): when a plugin refuses a document as unreadable or not its
 * type, the other plugins' detect hooks name the endpoint it belongs to. Two small test plugins stand in for real
 * ones; the page words come from a counting OCR port, as the host's one quick look at the first page.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProblemError } from '../../core/errors.ts';
import { runPluginHooks } from '../../core/extraction/pipeline.ts';
import type { LoadedUpload } from '../../core/imaging/types.ts';
import type { OcrPort } from '../../core/ocr/types.ts';
import { defineDocumentPlugin, PLUGIN_API_VERSION, type AnyDocumentPlugin, type DetectVerdict } from '../../core/plugins/types.ts';

const quiet = { debug() {}, info() {}, warn() {} };
const upload: LoadedUpload = {
  parts: {
    file: {
      name: 'file',
      mediaType: 'image/png',
      byteLength: 4,
      sha256: '0'.repeat(64),
      pages: [{ index: 0, source: 'image', width: 4, height: 4, textLayer: null, dpi: null, image: async () => ({ data: Buffer.alloc(48, 255), width: 4, height: 4, channels: 3 }) }],
    },
  },
};

function countingOcr(text: string): OcrPort & { calls: number } {
  const port = {
    calls: 0,
    async recognize() {
      port.calls += 1;
      return { text, confidence: 90, lines: [] };
    },
  };
  return port;
}

const testPlugin = (documentType: string, hooks: { refuse?: 'unreadable_document' | 'invalid_document'; detect?: AnyDocumentPlugin['detect'] }): AnyDocumentPlugin =>
  defineDocumentPlugin({
    meta: { name: documentType, version: '1.0.0', apiVersion: PLUGIN_API_VERSION, documentType, summary: `${documentType} documents` },
    parts: [{ name: 'file', required: true, description: 'the page', pdfPages: 'first' }],
    resultSchema: z.object({ ok: z.boolean() }),
    creditsFor: () => 1,
    preprocess: async () => null,
    locate: async () => null,
    read: async () => null,
    decode: (_readings, ctx) => (hooks.refuse === undefined ? { ok: true } : ctx.reject(hooks.refuse, 'refused by the test plugin')),
    ...(hooks.detect === undefined ? {} : { detect: hooks.detect }),
  });

const sure = (confidence: number) => async (_upload: LoadedUpload, ctx: { pageWords(): Promise<unknown> }): Promise<DetectVerdict> => {
  await ctx.pageWords();
  return { confidence };
};

async function refusalOf(plugin: AnyDocumentPlugin, others: AnyDocumentPlugin[], ocr: OcrPort): Promise<ProblemError> {
  try {
    await runPluginHooks(plugin, upload, ocr, { fields: {}, now: new Date(), signal: new AbortController().signal, log: quiet }, others);
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the detect seam', () => {
  it('names the endpoint of the other plugin sure of the document, reading the page once for all of them', async () => {
    const ocr = countingOcr('whatever');
    const refusal = await refusalOf(testPlugin('alpha', { refuse: 'unreadable_document' }), [testPlugin('beta', { detect: sure(0.4) }), testPlugin('gamma', { detect: sure(0.9) })], ocr);
    expect(refusal.code).toBe('wrong_document_type');
    expect(refusal.extensions).toMatchObject({ likely_document_type: 'gamma', hint: 'Send it to POST /v1/documents/gamma.' });
    expect(refusal.message).toBe('The document looks like one for POST /v1/documents/gamma, not for POST /v1/documents/alpha.');
    expect(ocr.calls).toBe(1);
  });
  it('keeps the plugin\'s own refusal when no other is sure, or a detect hook throws', async () => {
    const ocr = countingOcr('whatever');
    const throwing = testPlugin('beta', { detect: async () => { throw new Error('broken hook'); } });
    const refusal = await refusalOf(testPlugin('alpha', { refuse: 'unreadable_document' }), [throwing, testPlugin('gamma', { detect: sure(0.49) })], ocr);
    expect(refusal.code).toBe('unreadable_document');
  });
  it('logs each verdict and a phrase its evidence gives, never other text, nor what a failing hook threw', async () => {
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    const record = (fields: Record<string, unknown>, message: string) => lines.push({ fields, message });
    const log = { debug: record, info: record, warn: record };
    const plugin = testPlugin('alpha', { refuse: 'unreadable_document' });
    const others = [
      testPlugin('beta', { detect: async () => ({ confidence: 0.7, evidence: 'header words' }) }),
      testPlugin('gamma', { detect: async () => ({ confidence: 0.2, evidence: 'RAVI KUMAR ABCPK1234F' }) }),
      testPlugin('delta', { detect: async () => { throw new Error('ABCPK1234F'); } }),
    ];
    await expect(runPluginHooks(plugin, upload, countingOcr('whatever'), { fields: {}, now: new Date(), signal: new AbortController().signal, log }, others)).rejects.toMatchObject({ code: 'wrong_document_type' });
    const asked = lines.find((line) => line.message === 'detect hooks asked');
    expect(asked?.fields['verdicts']).toMatchObject([{ plugin: 'beta', confidence: 0.7, evidence: 'header words' }, { plugin: 'gamma', confidence: 0.2 }, { plugin: 'delta', confidence: 0 }]);
    expect(JSON.stringify(lines)).not.toMatch(/RAVI|ABCPK/);
  });
  it('asks nobody when the document was refused as invalid (it is this plugin\'s document), or read', async () => {
    const ocr = countingOcr('whatever');
    expect((await refusalOf(testPlugin('alpha', { refuse: 'invalid_document' }), [testPlugin('gamma', { detect: sure(0.9) })], ocr)).code).toBe('invalid_document');
    await expect(runPluginHooks(testPlugin('alpha', {}), upload, ocr, { fields: {}, now: new Date(), signal: new AbortController().signal, log: quiet }, [testPlugin('gamma', { detect: sure(0.9) })])).resolves.toEqual({ ok: true });
    expect(ocr.calls).toBe(0);
  });
});

describe('plugins that do not know each other', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? sources(full) : full.endsWith('.ts') ? [full] : [];
    });
  // Code only: a comment may say what a plugin's document is not (the PAN guard's "MRZ fillers"); code may not
  // test for another plugin's document, nor point at its endpoint.
  const code = (file: string): string => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'])\/\/.*$/gm, '$1');
  /** Every module a file imports, statically or dynamically, resolved when relative. */
  const imports = (file: string): string[] =>
    [...code(file).matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'([^']+)'/gm)].map(([, specifier]) =>
      specifier!.startsWith('.') ? path.relative('.', path.resolve(path.dirname(file), specifier!)) : specifier!,
    );
  it.each([
    ['plugins/passport', 'plugins/pan', /INCOME\s*TAX|PERMANENT\s*ACCOUNT|\bPAN\b|\/documents\/pan/i],
    ['plugins/pan', 'plugins/passport', /PASSPORT|PASSEPORT|\bTD3\b|\bMRZ\b|\/documents\/passport/i],
    // The shipped plugins stay independent of the optional third: it may be left out of DOCEX_PLUGINS.
    ['plugins/passport', 'plugins/td1', /\/documents\/id-card|IDENTITY\s*CARD|PERSONALAUSWEIS/i],
    ['plugins/pan', 'plugins/td1', /\/documents\/id-card|IDENTITY\s*CARD|\bTD1\b/i],
    ['plugins/td1', 'plugins/passport', /PASSPORT|PASSEPORT|\bTD3\b|\/documents\/passport/i],
    ['plugins/td1', 'plugins/pan', /INCOME\s*TAX|PERMANENT\s*ACCOUNT|\bPAN\b|\/documents\/pan/i],
  ] as const)('%s imports nothing of %s and names none of its document', (dir, other, words) => {
    const files = sources(dir);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      for (const imported of imports(file)) expect(imported.startsWith(`${other}/`), `${file} imports ${imported}`).toBe(false);
      expect(code(file), file).not.toMatch(words);
    }
  });
  it('resolves the imports it checks', () => {
    expect(imports('plugins/pan/index.ts')).toEqual(expect.arrayContaining(['core/plugins/types.ts', 'plugins/pan/detect.ts']));
  });
});
