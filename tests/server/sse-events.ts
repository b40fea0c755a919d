/**
 * A reader of the chat live channel (`GET chats/events`, Server-Sent Events) over real HTTP, for
 * the tests that need a member connected: it collects events and waits for the ones a test expects.
 */
import { expect } from 'vitest';
import { api, bearer } from './helpers';

const WAIT_MS = 60_000; // a loaded machine: generous, and only ever reached when something is wrong

/** Reads Server-Sent Events from a fetch response and waits for the ones a test expects. */
export class EventReader {
  private readonly seen: Array<{ event: string; data: unknown }> = [];
  private wake: (() => void) | undefined;
  private ended = false;

  constructor(
    response: Response,
    private readonly abort: AbortController,
  ) {
    void this.pump(response);
  }

  private async pump(response: Response) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event !== undefined && data !== undefined) this.seen.push({ event, data: JSON.parse(data) });
          this.wake?.();
        }
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
    this.wake?.();
  }

  /** The first event named so (and matching) not yet taken, waiting for it. */
  async next<T>(name: string, match: (data: T) => boolean = () => true): Promise<T> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const index = this.seen.findIndex((item) => item.event === name && match(item.data as T));
      const [taken] = index >= 0 ? this.seen.splice(index, 1) : [];
      if (taken) return taken.data as T;
      if (this.ended) throw new Error(`stream ended before a '${name}' event`);
      if (Date.now() > deadline) throw new Error(`no '${name}' event within ${WAIT_MS} ms`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 1000);
      });
    }
  }

  async untilEnded(): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!this.ended && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(this.ended).toBe(true);
  }

  close() {
    this.abort.abort();
  }
}

export async function openEvents(baseUrl: string, token: string): Promise<EventReader> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}${api('/chats/events')}`, {
    headers: bearer(token),
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  return new EventReader(response, abort);
}
