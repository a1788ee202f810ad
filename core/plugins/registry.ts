/**
 * The plugin registry. Every plugin is checked when it is registered, never on first use: a broken plugin stops
 * the server at start-up with a coded error instead of failing a caller's request later.
 */
import { HOOKS, PLUGIN_API_VERSION, REQUIRED_HOOKS, type AnyDocumentPlugin } from './types.ts';

/** The one table of registration failures. */
export const registrationErrorCodes = {
  DOCEX_PLUGIN_NOT_OBJECT: 'The plugin is not an object',
  DOCEX_PLUGIN_META_MISSING: 'The plugin has no meta object',
  DOCEX_PLUGIN_NAME_INVALID: 'meta.name must be lower case [a-z0-9_-], 1 to 64 characters',
  DOCEX_PLUGIN_VERSION_INVALID: 'meta.version must be a semantic version (e.g. 1.2.3)',
  DOCEX_PLUGIN_DOCUMENT_TYPE_INVALID: 'meta.documentType must be a lower-case slug [a-z0-9_-], 1 to 64 characters',
  DOCEX_PLUGIN_SUMMARY_MISSING: 'meta.summary must be a non-empty string',
  DOCEX_PLUGIN_API_VERSION_MISMATCH: 'meta.apiVersion differs from the host PLUGIN_API_VERSION',
  DOCEX_PLUGIN_DUPLICATE_NAME: 'A plugin with this name is registered already',
  DOCEX_PLUGIN_DUPLICATE_DOCUMENT_TYPE: 'A plugin for this document type is registered already',
  DOCEX_PLUGIN_PARTS_EMPTY: 'parts must be a non-empty array',
  DOCEX_PLUGIN_PART_INVALID: 'Each part needs a form-field name, required, description and pdfPages first|all',
  DOCEX_PLUGIN_PART_DUPLICATE: 'Two parts share a name',
  DOCEX_PLUGIN_NO_REQUIRED_PART: 'At least one part must be required',
  DOCEX_PLUGIN_HOOK_MISSING: 'read, decode or creditsFor is missing, or a hook given is not a function',
  DOCEX_PLUGIN_RESULT_SCHEMA_MISSING: 'resultSchema must be a zod schema',
  DOCEX_REGISTRY_FROZEN: 'The registry is frozen; plugins are registered before the server starts',
} as const;

export type RegistrationErrorCode = keyof typeof registrationErrorCodes;

export class PluginRegistrationError extends Error {
  readonly code: RegistrationErrorCode;
  /** The offending plugin's name, when it has one. */
  readonly plugin: string | null;

  constructor(code: RegistrationErrorCode, plugin: string | null, detail?: string) {
    const head = `${code}: ${registrationErrorCodes[code]}`;
    super(`${head}${plugin === null ? '' : ` (plugin "${plugin}")`}${detail === undefined ? '' : `: ${detail}`}`);
    this.name = 'PluginRegistrationError';
    this.code = code;
    this.plugin = plugin;
  }
}

export interface Registry {
  /** Checks the plugin and adds it; throws PluginRegistrationError. */
  register(plugin: AnyDocumentPlugin): void;
  /** No registrations after this; the HTTP routes are built from a frozen registry. */
  freeze(): void;
  readonly frozen: boolean;
  get(documentType: string): AnyDocumentPlugin | undefined;
  /** In registration order. */
  list(): readonly AnyDocumentPlugin[];
}

const SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/;
// Semantic Versioning 2.0.0: MAJOR.MINOR.PATCH, optional pre-release and build metadata, no leading zeros.
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
// A multipart field name the HTTP host can route; `password` is reserved for encrypted PDFs.
const PART_NAME = /^[a-z][a-z0-9_]{0,63}$/;
const RESERVED_PART_NAMES = new Set(['password']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isZodSchema = (value: unknown): boolean =>
  isRecord(value) && typeof value['safeParse'] === 'function' && isRecord(value['_zod']);

/** Pure: the first thing wrong with a plugin on its own, or null. Duplicates are the registry's business. */
export function checkPlugin(plugin: unknown): PluginRegistrationError | null {
  if (!isRecord(plugin)) return new PluginRegistrationError('DOCEX_PLUGIN_NOT_OBJECT', null);
  const meta = plugin['meta'];
  if (!isRecord(meta)) return new PluginRegistrationError('DOCEX_PLUGIN_META_MISSING', null);
  const name = meta['name'];
  if (typeof name !== 'string' || !SLUG.test(name)) {
    return new PluginRegistrationError('DOCEX_PLUGIN_NAME_INVALID', null, JSON.stringify(name ?? null));
  }
  const fail = (code: RegistrationErrorCode, detail?: string) => new PluginRegistrationError(code, name, detail);
  if (typeof meta['version'] !== 'string' || !SEMVER.test(meta['version'])) {
    return fail('DOCEX_PLUGIN_VERSION_INVALID', JSON.stringify(meta['version'] ?? null));
  }
  if (typeof meta['documentType'] !== 'string' || !SLUG.test(meta['documentType'])) {
    return fail('DOCEX_PLUGIN_DOCUMENT_TYPE_INVALID', JSON.stringify(meta['documentType'] ?? null));
  }
  if (typeof meta['summary'] !== 'string' || meta['summary'].trim() === '') return fail('DOCEX_PLUGIN_SUMMARY_MISSING');
  if (meta['apiVersion'] !== PLUGIN_API_VERSION) {
    return fail(
      'DOCEX_PLUGIN_API_VERSION_MISMATCH',
      `plugin wants ${String(meta['apiVersion'])}, host provides ${PLUGIN_API_VERSION}`,
    );
  }
  const parts = plugin['parts'];
  if (!Array.isArray(parts) || parts.length === 0) return fail('DOCEX_PLUGIN_PARTS_EMPTY');
  const seen = new Set<string>();
  for (const part of parts as unknown[]) {
    if (
      !isRecord(part) ||
      typeof part['name'] !== 'string' ||
      !PART_NAME.test(part['name']) ||
      RESERVED_PART_NAMES.has(part['name']) ||
      typeof part['required'] !== 'boolean' ||
      typeof part['description'] !== 'string' ||
      // The description is the field's documentation in /openapi.json.
      part['description'].trim() === '' ||
      (part['pdfPages'] !== 'first' && part['pdfPages'] !== 'all')
    ) {
      return fail('DOCEX_PLUGIN_PART_INVALID', JSON.stringify(isRecord(part) ? (part['name'] ?? null) : part));
    }
    if (seen.has(part['name'])) return fail('DOCEX_PLUGIN_PART_DUPLICATE', part['name']);
    seen.add(part['name']);
  }
  if (!(parts as Record<string, unknown>[]).some((part) => part['required'] === true)) {
    return fail('DOCEX_PLUGIN_NO_REQUIRED_PART');
  }
  for (const hook of ['creditsFor', ...REQUIRED_HOOKS] as const) {
    if (typeof plugin[hook] !== 'function') return fail('DOCEX_PLUGIN_HOOK_MISSING', hook);
  }
  // preprocess and locate may be left out (the host's defaultHooks run instead), but not given as something else.
  for (const hook of [...HOOKS, 'detect'] as const) {
    if (plugin[hook] !== undefined && typeof plugin[hook] !== 'function') return fail('DOCEX_PLUGIN_HOOK_MISSING', hook);
  }
  if (!isZodSchema(plugin['resultSchema'])) return fail('DOCEX_PLUGIN_RESULT_SCHEMA_MISSING');
  return null;
}

export function createRegistry(): Registry {
  const byType = new Map<string, AnyDocumentPlugin>();
  const names = new Set<string>();
  let frozen = false;

  return {
    register(plugin) {
      if (frozen) {
        const name = isRecord(plugin) && isRecord(plugin.meta) ? String(plugin.meta.name) : null;
        throw new PluginRegistrationError('DOCEX_REGISTRY_FROZEN', name);
      }
      const problem = checkPlugin(plugin);
      if (problem !== null) throw problem;
      const { name, documentType } = plugin.meta;
      if (names.has(name)) throw new PluginRegistrationError('DOCEX_PLUGIN_DUPLICATE_NAME', name);
      if (byType.has(documentType)) {
        throw new PluginRegistrationError('DOCEX_PLUGIN_DUPLICATE_DOCUMENT_TYPE', name, documentType);
      }
      names.add(name);
      byType.set(documentType, plugin);
    },
    freeze() {
      frozen = true;
    },
    get frozen() {
      return frozen;
    },
    get(documentType) {
      return byType.get(documentType);
    },
    list() {
      return [...byType.values()];
    },
  };
}
