/**
 * Runs jobs one at a time in the order they came, skipping a waiting job when a newer one from the
 * same asker waits behind it: only an asker's latest wish matters (a map asks for a load on every
 * burst of writes, and a read of 100k sightings takes seconds).
 */
export class LatestPerAsker<Job extends { asker: string }> {
  private readonly waiting: Job[] = [];
  private isRunning = false;

  constructor(
    private readonly run: (job: Job) => Promise<void>,
    private readonly skip: (job: Job) => void,
  ) {}

  push(job: Job): void {
    this.waiting.push(job);
    if (!this.isRunning) void this.drain();
  }

  private async drain(): Promise<void> {
    this.isRunning = true;
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
      const { asker } = next;
      if (this.waiting.some((later) => later.asker === asker)) this.skip(next);
      else await this.run(next);
    }
    this.isRunning = false;
  }
}
