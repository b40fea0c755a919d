import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRetryScheduler, RETRY_FIRST_DELAY_MS, RETRY_INTERVAL_MS, type RetryScheduler } from './retry';

let online: boolean;
/** What the next retries answer: true = still failing. */
let outcomes: boolean[];
let retry: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
let scheduler: RetryScheduler;

beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  outcomes = [];
  retry = vi.fn(() => Promise.resolve(outcomes.shift() ?? false));
  scheduler = createRetryScheduler({ retry, isOnline: () => online });
});
afterEach(() => {
  scheduler.dispose();
  vi.useRealTimers();
});

describe('the failed-sync retry (SPEC §4: after 1000 ms, then every 60000 ms)', () => {
  it('retries 1000 ms after a failure, then every 60000 ms while it still fails', async () => {
    outcomes = [true, true, false];
    scheduler.failed();

    await vi.advanceTimersByTimeAsync(RETRY_FIRST_DELAY_MS - 1);
    expect(retry).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(retry).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(RETRY_INTERVAL_MS - 1);
    expect(retry).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(retry).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(RETRY_INTERVAL_MS);
    expect(retry).toHaveBeenCalledTimes(3);
    // The third retry succeeded: nothing more is scheduled.
    expect(scheduler.pending).toBe(false);
    await vi.advanceTimersByTimeAsync(10 * RETRY_INTERVAL_MS);
    expect(retry).toHaveBeenCalledTimes(3);
  });

  it('folds many failures into one waiting retry', async () => {
    scheduler.failed();
    scheduler.failed();
    await vi.advanceTimersByTimeAsync(500);
    scheduler.failed();
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_DELAY_MS);
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('starts again from 1000 ms after a success', async () => {
    scheduler.failed();
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_DELAY_MS);
    expect(retry).toHaveBeenCalledTimes(1);
    scheduler.failed();
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_DELAY_MS);
    expect(retry).toHaveBeenCalledTimes(2);
  });

  it('does not retry while offline, and stops ticking until the next failure', async () => {
    online = false;
    scheduler.failed();
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_DELAY_MS + 5 * RETRY_INTERVAL_MS);
    expect(retry).not.toHaveBeenCalled();
    expect(scheduler.pending).toBe(false);

    // Back online: the online sync fails again and the retries resume.
    online = true;
    scheduler.failed();
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_DELAY_MS);
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('stops for good when disposed', async () => {
    outcomes = [true];
    scheduler.failed();
    scheduler.dispose();
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_DELAY_MS + RETRY_INTERVAL_MS);
    expect(retry).not.toHaveBeenCalled();
    scheduler.failed();
    expect(scheduler.pending).toBe(false);
  });

  it('treats a retry that throws as still failing', async () => {
    retry.mockImplementationOnce(() => Promise.reject(new Error('disk full')));
    scheduler.failed();
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_DELAY_MS);
    expect(scheduler.pending).toBe(true);
    await vi.advanceTimersByTimeAsync(RETRY_INTERVAL_MS);
    expect(retry).toHaveBeenCalledTimes(2);
  });
});
