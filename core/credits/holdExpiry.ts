/**
 * Holds left by an instance that died are closed in the log by whichever instance notices first: at start, then
 * every `intervalMs`. Several instances may sweep at once; the key stream's expected version lets one win.
 */
import type { Logger } from '../logging/logger.ts';
import type { Ledger } from './types.ts';

/** The hold a request takes lasts longer than the request can run: its timeout, the shutdown grace, a minute. */
export function holdTtlMs(config: {
  DOCEX_HOLD_TTL_MS?: number | undefined;
  DOCEX_REQUEST_TIMEOUT_MS: number;
  DOCEX_SHUTDOWN_GRACE_MS: number;
}): number {
  return config.DOCEX_HOLD_TTL_MS ?? config.DOCEX_REQUEST_TIMEOUT_MS + config.DOCEX_SHUTDOWN_GRACE_MS + 60_000;
}

/** A hold is noticed within half its lifetime of expiring, and at most a minute after. */
export const sweepIntervalMs = (ttlMs: number): number => Math.max(250, Math.min(60_000, Math.floor(ttlMs / 2)));

export function startHoldExpiry(ledger: Ledger, options: { intervalMs: number; logger: Logger }): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const sweep = () => {
    running = ledger.releaseExpiredHolds().then(
      ({ released, abandoned }) => {
        if (released + abandoned > 0) options.logger.info({ released, abandoned }, 'expired credit holds released');
      },
      (error: unknown) => options.logger.error({ err: error }, 'releasing expired credit holds failed'),
    );
  };
  sweep();
  const timer = setInterval(() => {
    if (!stopped) sweep();
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
