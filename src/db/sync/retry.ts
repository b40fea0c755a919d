/**
 * The retry of failed syncs (SPEC §4 "Sync", §9): a first retry 1000 ms after a failure, then every
 * 60000 ms while something still fails, and only while online. Offline it stops instead of
 * ticking: going online triggers a sync of every collection anyway, and a failure of that sync
 * starts the retries again.
 *
 * Time comes from a `Timers` object, so tests drive it with fake timers or their own clock.
 */

/** SPEC §9: "Failed-sync retry every 60000 ms after 1000 ms". */
export const RETRY_FIRST_DELAY_MS = 1_000;
export const RETRY_INTERVAL_MS = 60_000;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

export interface RetrySchedulerOptions {
  /** Retries what failed; resolves true while something still needs a retry. Must not throw. */
  retry: () => Promise<boolean>;
  isOnline: () => boolean;
  timers?: Timers;
  firstDelayMs?: number;
  intervalMs?: number;
}

export interface RetryScheduler {
  /** A sync failed: make sure a retry is coming (the first after `firstDelayMs`). */
  failed(): void;
  /** Whether a retry is waiting on its timer. */
  readonly pending: boolean;
  /** Cancels the waiting retry for good (the app's store is going away, a test ends). */
  dispose(): void;
}

export function createRetryScheduler(options: RetrySchedulerOptions): RetryScheduler {
  const timers = options.timers ?? systemTimers;
  const firstDelayMs = options.firstDelayMs ?? RETRY_FIRST_DELAY_MS;
  const intervalMs = options.intervalMs ?? RETRY_INTERVAL_MS;
  let handle: unknown = null;
  // While a retry runs, its own failures decide the next tick: `failed()` calls from it are folded in.
  let running = false;
  let disposed = false;

  function schedule(ms: number): void {
    handle = timers.setTimeout(() => void tick(), ms);
  }

  async function tick(): Promise<void> {
    handle = null;
    if (!options.isOnline()) return;
    running = true;
    let stillFailing: boolean;
    try {
      stillFailing = await options.retry();
    } catch {
      stillFailing = true;
    } finally {
      running = false;
    }
    if (stillFailing && handle === null && !disposed) schedule(intervalMs);
  }

  return {
    failed() {
      if (handle !== null || running || disposed) return;
      schedule(firstDelayMs);
    },
    get pending() {
      return handle !== null;
    },
    dispose() {
      disposed = true;
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
    },
  };
}
