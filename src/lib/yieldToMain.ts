/**
 * Gives the main thread back between slices of bulk work (issue 24), so input and rendering run in
 * between: `scheduler.yield()` where the browser has it (the continuation keeps its priority), else
 * a macrotask through MessageChannel, which unlike setTimeout is not clamped to 4 ms when nested.
 */
interface SchedulerWithYield {
  yield(): Promise<void>;
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
