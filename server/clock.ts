/**
 * Where the server reads the time for everything it stores or compares (token expiry, reset pins,
 * verification links). Injected, so tests can move time forward instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export function nowSeconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000);
}
