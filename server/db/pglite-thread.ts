/**
 * An embedded PGlite in a worker thread (issue 25, 4; the default, PGLITE_THREAD=0 opts out):
 * PGlite is WASM and runs each query on the thread that owns it, so in the server's thread every
 * query blocks every other request. Here the worker owns it (pglite-thread-worker.ts) and this side passes
 * PostgreSQL wire-protocol bytes to it and parses the answers with node-postgres' own parser, the
 * one it uses for a real server. It has the one method PGlite's node-postgres adapter
 * (`createPgConfig`) calls, `execProtocolStream`, so the pool, Kysely and every query stay as they
 * are. Messages go in order, as the adapter sends them, but not one crossing each: an extended
 * query's Parse, Bind, Describe and Execute are held here and cross with the Sync or Flush that
 * ends them, one round trip instead of five (a backend answers them only then anyway, and PGlite
 * takes several messages at once). The notifications PGlite reports in the worker come back
 * through `onNotification`, as PGlite's own method of that name.
 */
import { Worker } from 'node:worker_threads';
import type { BackendMessage } from 'pg-protocol/dist/messages';
import { Parser } from 'pg-protocol/dist/parser';
import { present } from '../present';

interface Answer {
  id: number;
  answer?: Uint8Array;
  error?: string;
  ready?: boolean;
  /** A notification PGlite reported (id is then -1). */
  notification?: { channel: string; payload: string };
}

/** A data folder, or an in-memory database loaded from a dump (tests start from a template). */
export type PGliteThreadSource = { dataDir: string } | { loadDataDir: Blob };

type NotificationCallback = (channel: string, payload: string) => void;

/**
 * Frontend messages whose answers a client reads only after the Sync or Flush that follows them
 * (Parse, Bind, Describe, Execute, Close): held until then. Every other message (Sync, Flush, a
 * simple Query, the COPY messages) crosses at once, with what is held before it.
 */
const HELD_UNTIL_SYNC = new Set(['P', 'B', 'D', 'E', 'C'].map((letter) => letter.charCodeAt(0)));

export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (answer: Answer) => void }>();
  private readonly notificationCallbacks = new Set<NotificationCallback>();
  private nextId = 1;
  /** Extended-query messages not yet sent (HELD_UNTIL_SYNC). */
  private held: Uint8Array[] = [];
  /** Why the worker stopped, once it has: every call then fails at once instead of waiting forever. */
  private stopped: Error | undefined;
  readonly waitReady: Promise<void>;
  closed = false;

  private constructor(workerData: { dataDir?: string; loadDataDir?: Uint8Array }) {
    // The server runs TypeScript through tsx; the worker registers the same loader, then loads its file.
    const file = new URL('./pglite-thread-worker.ts', import.meta.url).href;
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`;
    this.worker = new Worker(bootstrap, { eval: true, workerData });
    this.waitReady = new Promise((resolve, reject) => {
      const onReady = (answer: Answer) => {
        if (answer.id !== 0) return;
        this.worker.off('message', onReady);
        if (answer.error !== undefined) reject(new Error(answer.error));
        else resolve();
      };
      this.worker.on('message', onReady);
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => {
        reject(new Error(`The embedded database's worker thread stopped while starting (exit code ${code})`));
      });
    });
    // Unhandled until someone awaits it; a failed start is reported by whoever does.
    this.waitReady.catch(() => undefined);
    this.worker.on('message', (answer: Answer) => {
      if (answer.notification) {
        const { channel, payload } = answer.notification;
        for (const callback of this.notificationCallbacks) callback(channel, payload);
        return;
      }
      if (answer.id === 0) return;
      this.pending.get(answer.id)?.resolve(answer);
      this.pending.delete(answer.id);
    });
    this.worker.on('error', (error) => {
      this.stopped ??= error;
    });
    // A worker that dies (a WASM abort, out of memory) fails what it was asked, so no request hangs.
    this.worker.on('exit', (code) => {
      this.stopped ??= new Error(`The embedded database's worker thread stopped (exit code ${code})`);
      for (const { resolve } of this.pending.values()) resolve({ id: -1, error: this.stopped.message });
      this.pending.clear();
    });
  }

  /** Starts the worker on a data folder, or on an in-memory copy of a dump. */
  static start(source: PGliteThreadSource): Promise<PGliteThread> {
    if ('dataDir' in source) return Promise.resolve(new PGliteThread({ dataDir: source.dataDir }));
    return source.loadDataDir
      .arrayBuffer()
      .then((buffer) => new PGliteThread({ loadDataDir: new Uint8Array(buffer) }));
  }

  /** As PGlite's: the callback gets every notification; the answer removes it. */
  onNotification(callback: NotificationCallback): () => void {
    this.notificationCallbacks.add(callback);
    return () => this.notificationCallbacks.delete(callback);
  }

  private call(kind: 'exec' | 'close', message?: Uint8Array): Promise<Answer> {
    if (this.stopped) return Promise.resolve({ id: -1, error: this.stopped.message });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.worker.postMessage({ id, kind, message });
    });
  }

  /**
   * What PGlite's execProtocolStream answers: the backend messages of one request, or none yet for
   * a message held until its Sync (the adapter hands each answer on as it comes, in order).
   */
  async execProtocolStream(message: Uint8Array): Promise<BackendMessage[]> {
    await this.waitReady;
    if (HELD_UNTIL_SYNC.has(message[0] ?? 0)) {
      this.held.push(message);
      return [];
    }
    const batch = this.held.length === 0 ? message : Buffer.concat([...this.held, message]);
    this.held = [];
    const answer = await this.call('exec', batch);
    if (answer.error !== undefined) throw new Error(answer.error);
    const messages: BackendMessage[] = [];
    new Parser().parse(Buffer.from(present(answer.answer, 'the answer of the database thread')), (parsed) =>
      messages.push(parsed),
    );
    return messages;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const started = await this.waitReady.then(
      () => true,
      () => false,
    );
    try {
      // PGlite's close writes what it holds to the data folder: a worker that stopped has none to write.
      const answer: Pick<Answer, 'error'> = started ? await this.call('close') : {};
      if (answer.error !== undefined && !this.stopped) throw new Error(answer.error);
    } finally {
      await this.worker.terminate();
    }
  }
}
