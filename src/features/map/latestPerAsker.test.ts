import { describe, expect, it } from 'vitest';
import { LatestPerAsker } from './latestPerAsker';

interface Job {
  asker: string;
  name: string;
}

function aQueue() {
  const events: string[] = [];
  const finishers: (() => void)[] = [];
  const queue = new LatestPerAsker<Job>(
    (job) =>
      new Promise<void>((resolve) => {
        events.push(`run ${job.name}`);
        finishers.push(() => {
          events.push(`done ${job.name}`);
          resolve();
        });
      }),
    (job) => events.push(`skip ${job.name}`),
  );
  /** Finishes the running job and lets the queue start the next. */
  const finish = async () => {
    finishers.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { queue, events, finish };
}

describe('LatestPerAsker', () => {
  it('runs one job at a time, in order', async () => {
    const { queue, events, finish } = aQueue();
    queue.push({ asker: 'a', name: 'a1' });
    queue.push({ asker: 'b', name: 'b1' });
    expect(events).toEqual(['run a1']);
    await finish();
    await finish();
    expect(events).toEqual(['run a1', 'done a1', 'run b1', 'done b1']);
  });

  it("skips an asker's waiting job when a newer one of theirs waits behind it, not another asker's", async () => {
    const { queue, events, finish } = aQueue();
    queue.push({ asker: 'a', name: 'a1' });
    queue.push({ asker: 'a', name: 'a2' });
    queue.push({ asker: 'b', name: 'b1' });
    queue.push({ asker: 'a', name: 'a3' });
    await finish();
    await finish();
    await finish();
    expect(events).toEqual(['run a1', 'done a1', 'skip a2', 'run b1', 'done b1', 'run a3', 'done a3']);
  });

  it('starts again when a job comes after the queue ran dry', async () => {
    const { queue, events, finish } = aQueue();
    queue.push({ asker: 'a', name: 'a1' });
    await finish();
    queue.push({ asker: 'a', name: 'a2' });
    await finish();
    expect(events).toEqual(['run a1', 'done a1', 'run a2', 'done a2']);
  });
});
