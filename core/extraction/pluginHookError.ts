/**
 * Wrapping of plugin code. A plugin refuses a document with ctx.reject (a ProblemError, passed through); any other
 * throw is a bug in the plugin and is wrapped with the plugin's name and the hook, so the log says whose bug it is.
 */
import { ProblemError } from '../errors.ts';
import type { AnyDocumentPlugin, HookName } from '../plugins/types.ts';

export type PluginCallSite = HookName | 'creditsFor' | 'resultSchema';

export class PluginHookError extends Error {
  readonly plugin: string;
  readonly hook: PluginCallSite;

  constructor(plugin: string, hook: PluginCallSite, cause: unknown) {
    // The cause's message stays on `cause` (never logged): it may quote what the plugin was reading.
    super(`Plugin "${plugin}" failed in ${hook}`, { cause });
    this.name = 'PluginHookError';
    this.plugin = plugin;
    this.hook = hook;
  }
}

/** Resolves when the signal aborts, with the reason; lets a hook that ignores its signal still be cut off. */
function abortion(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
  let dispose = () => {};
  const promise = new Promise<never>((_, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    dispose = () => signal.removeEventListener('abort', onAbort);
  });
  promise.catch(() => {});
  return { promise, dispose };
}

/**
 * Runs one plugin hook under the request's signal. ProblemErrors (rejections) pass; an abort passes as the
 * signal's reason; anything else becomes a PluginHookError.
 */
export async function invokeHook<T>(
  plugin: AnyDocumentPlugin,
  hook: HookName,
  signal: AbortSignal,
  call: () => T | Promise<T>,
): Promise<T> {
  signal.throwIfAborted();
  const aborted = abortion(signal);
  try {
    return await Promise.race([Promise.resolve().then(call), aborted.promise]);
  } catch (error) {
    if (error instanceof ProblemError) throw error;
    if (signal.aborted) throw signal.reason;
    throw new PluginHookError(plugin.meta.name, hook, error);
  } finally {
    aborted.dispose();
  }
}

/** creditsFor is synchronous plugin code too; it must return a positive whole number. */
export function invokeCreditsFor(plugin: AnyDocumentPlugin, ...args: Parameters<AnyDocumentPlugin['creditsFor']>): number {
  let credits: unknown;
  try {
    credits = plugin.creditsFor(...args);
  } catch (error) {
    if (error instanceof ProblemError) throw error;
    throw new PluginHookError(plugin.meta.name, 'creditsFor', error);
  }
  if (typeof credits !== 'number' || !Number.isSafeInteger(credits) || credits < 1) {
    throw new PluginHookError(plugin.meta.name, 'creditsFor', new TypeError('creditsFor must return a positive integer'));
  }
  return credits;
}
