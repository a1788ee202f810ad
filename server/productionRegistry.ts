/**
 * The registry the service runs with: the document plugins DOCEX_PLUGINS names (default: the two shipped, passport
 * and pan), registered in that order and frozen. Every plugin the service can load is in `pluginCatalogue`, with the
 * module a pipeline worker imports it from; its name is the one DOCEX_PLUGINS uses.
 */
import type { PluginSource } from '../core/extraction/pipelineMessages.ts';
import { createRegistry, type Registry } from '../core/plugins/registry.ts';
import type { AnyDocumentPlugin } from '../core/plugins/types.ts';

interface CatalogueEntry {
  /** Loaded only when named: a plugin the service does not run costs no import. */
  readonly load: () => Promise<AnyDocumentPlugin>;
  readonly source: PluginSource;
}

const entry = (path: string, exportName: string): CatalogueEntry => {
  const url = new URL(path, import.meta.url).href;
  return { source: { url, exportName }, load: async () => (await import(url))[exportName] as AnyDocumentPlugin };
};

/** Plugin name -> how to load it. `td1` (ID cards, POST /v1/documents/id-card) runs when DOCEX_PLUGINS names it. */
export const pluginCatalogue: Readonly<Record<string, CatalogueEntry>> = {
  passport: entry('../plugins/passport/index.ts', 'passportPlugin'),
  pan: entry('../plugins/pan/index.ts', 'panPlugin'),
  td1: entry('../plugins/td1/index.ts', 'td1Plugin'),
};

/** What the service runs when DOCEX_PLUGINS is unset (core/config.ts holds the same default). */
export const defaultPluginNames: readonly string[] = ['passport', 'pan'];

function catalogueEntries(names: readonly string[]): CatalogueEntry[] {
  const unknown = names.filter((name) => !Object.hasOwn(pluginCatalogue, name));
  if (unknown.length > 0) {
    throw new Error(`DOCEX_PLUGINS names no plugin ${unknown.join(', ')}; known: ${Object.keys(pluginCatalogue).join(', ')}`);
  }
  return names.map((name) => pluginCatalogue[name]!);
}

/** In the order named, which is also the order of routes and of /openapi.json. */
export async function shippedPlugins(names: readonly string[] = defaultPluginNames): Promise<AnyDocumentPlugin[]> {
  return Promise.all(catalogueEntries(names).map((e) => e.load()));
}

export async function createProductionRegistry(names: readonly string[] = defaultPluginNames): Promise<Registry> {
  const registry = createRegistry();
  for (const plugin of await shippedPlugins(names)) registry.register(plugin);
  registry.freeze();
  return registry;
}

/** Plugin name -> the module a pipeline worker imports it from (core/extraction/pipelinePool.ts). */
export function shippedPluginSources(names: readonly string[] = defaultPluginNames): Map<string, PluginSource> {
  const entries = catalogueEntries(names);
  return new Map(names.map((name, i) => [name, entries[i]!.source]));
}
