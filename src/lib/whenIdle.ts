/**
 * Runs `run` in the browser's next idle period, at most `timeoutMs` later. Safari has no
 * requestIdleCallback (the DOM types give it to every browser, hence the feature detection): there
 * it runs a second later.
 */
export function whenIdle(run: () => void, timeoutMs: number): void {
  const has: { requestIdleCallback?: (run: () => void, options: { timeout: number }) => unknown } =
    globalThis;
  if (has.requestIdleCallback) has.requestIdleCallback(run, { timeout: timeoutMs });
  else setTimeout(run, 1_000);
}
