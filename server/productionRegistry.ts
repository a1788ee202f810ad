/** The registry the service runs with: every shipped document plugin, registered and frozen. */
import type { PluginSource } from '../core/extraction/pipelineMessages.ts';
import { createRegistry, type Registry } from '../core/plugins/registry.ts';
import type { AnyDocumentPlugin } from '../core/plugins/types.ts';
import { panPlugin } from '../plugins/pan/index.ts';
import { passportPlugin } from '../plugins/passport/index.ts';

/** In registration order, which is also the order of routes and of /openapi.json. */
export async function shippedPlugins(): Promise<AnyDocumentPlugin[]> {
  return [passportPlugin, panPlugin];
}

export async function createProductionRegistry(): Promise<Registry> {
  const registry = createRegistry();
  for (const plugin of await shippedPlugins()) registry.register(plugin);
  registry.freeze();
  return registry;
}

/** Plugin name -> the module a pipeline worker imports it from (core/extraction/pipelinePool.ts). */
export function shippedPluginSources(): Map<string, PluginSource> {
  return new Map([
    ['passport', { url: new URL('../plugins/passport/index.ts', import.meta.url).href, exportName: 'passportPlugin' }],
    ['pan', { url: new URL('../plugins/pan/index.ts', import.meta.url).href, exportName: 'panPlugin' }],
  ]);
}
