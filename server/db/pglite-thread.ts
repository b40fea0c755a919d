/**
 * An embedded PGlite in a worker thread (issue 25, 4; opt-in with PGLITE_THREAD=1): PGlite is WASM
 * and runs each query on the thread that owns it, so in the server's thread every query blocks
 * every other request. Here the worker owns it (pglite-thread-worker.ts) and this side passes
 * PostgreSQL wire-protocol bytes to it and parses the answers with node-postgres' own parser, the
 * one it uses for a real server. It has the one method PGlite's node-postgres adapter
 * (`createPgConfig`) calls, `execProtocolStream`, so the pool, Kysely and every query stay as they
 * are. Messages go one at a time, in order, as the adapter sends them.
 */
import { Worker } from 'node:worker_threads';
import type { BackendMessage } from 'pg-protocol/dist/messages';
import { Parser } from 'pg-protocol/dist/parser';

interface Answer {
  id: number;
  answer?: Uint8Array;
  error?: string;
  ready?: boolean;
}

export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (answer: Answer) => void }>();
  private nextId = 1;
  readonly waitReady: Promise<void>;
  closed = false;

  constructor(dataDir: string) {
    // The server runs TypeScript through tsx; the worker registers the same loader, then loads its file.
    const file = new URL('./pglite-thread-worker.ts', import.meta.url).href;
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`;
    this.worker = new Worker(bootstrap, { eval: true, workerData: { dataDir } });
    this.waitReady = new Promise((resolve, reject) => {
      const onReady = (answer: Answer) => {
        if (answer.id !== 0) return;
        this.worker.off('message', onReady);
        if (answer.error !== undefined) reject(new Error(answer.error));
        else resolve();
      };
      this.worker.on('message', onReady);
      this.worker.once('error', reject);
    });
    this.worker.on('message', (answer: Answer) => {
      if (answer.id === 0) return;
      this.pending.get(answer.id)?.resolve(answer);
      this.pending.delete(answer.id);
    });
  }

  private call(kind: 'exec' | 'close', message?: Uint8Array): Promise<Answer> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.worker.postMessage({ id, kind, message });
    });
  }

  /** What PGlite's execProtocolStream answers: the backend messages of one request. */
  async execProtocolStream(message: Uint8Array): Promise<BackendMessage[]> {
    await this.waitReady;
    const answer = await this.call('exec', message);
    if (answer.error !== undefined) throw new Error(answer.error);
    const messages: BackendMessage[] = [];
    new Parser().parse(Buffer.from(answer.answer!), (parsed) => messages.push(parsed));
    return messages;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.waitReady.catch(() => undefined);
    await this.call('close');
    await this.worker.terminate();
  }
}
