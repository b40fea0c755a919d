/**
 * How long a test waits for something before it fails, and the wait for a condition that tests
 * without a DOM use (Testing Library's waitFor and find* need one). On a loaded 2-core CI machine a
 * cold lazy import or a burst of IndexedDB work took seconds, so a wait gives up only after
 * ASYNC_WAIT_MS: waiting longer costs nothing when the condition holds sooner, and a condition that
 * never holds still fails. Never sleep a fixed time instead: a sleep is too short under load.
 */
import { vi } from 'vitest';

/** The give-up time of every condition wait (Testing Library's too, set in setupUnit.ts). */
export const ASYNC_WAIT_MS = 30_000;

/** How often a condition is checked again. */
const POLL_MS = 10;

/**
 * Runs `check` until it returns without throwing (an `expect` inside it, or a thrown error), and
 * resolves with what it returned; fails with its last error after ASYNC_WAIT_MS.
 */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: ASYNC_WAIT_MS, interval: POLL_MS });
}

/**
 * `eventually` for a test on vitest's fake timers that must not move the clock while it waits
 * (vi.waitFor advances fake timers by its interval at every check): each check runs only the
 * timers due now (a live query's setTimeout(0)), so the test alone decides when time passes.
 */
export function eventuallyOnFakeClock<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: ASYNC_WAIT_MS, interval: 0 });
}
