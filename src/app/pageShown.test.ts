import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The gate is once per tab: each test loads a fresh copy of the module.
const loadGate = async () => {
  vi.resetModules();
  return import('./pageShown');
};

describe('afterPageShown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the first page to be shown, then for the browser to be idle', async () => {
    const { afterPageShown, markPageShown } = await loadGate();
    const run = vi.fn();
    afterPageShown(run);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).not.toHaveBeenCalled();

    markPageShown();
    await vi.runAllTimersAsync();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs anyway when no page is shown within the fallback, and only once', async () => {
    const { afterPageShown, markPageShown, PAGE_SHOWN_FALLBACK_MS } = await loadGate();
    const run = vi.fn();
    afterPageShown(run);
    await vi.advanceTimersByTimeAsync(PAGE_SHOWN_FALLBACK_MS - 1);
    expect(run).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(run).toHaveBeenCalledTimes(1);

    markPageShown();
    await vi.runAllTimersAsync();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('once the page is shown, later work waits only for idle time', async () => {
    const { afterPageShown, markPageShown } = await loadGate();
    markPageShown();
    const run = vi.fn();
    afterPageShown(run);
    expect(run).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
