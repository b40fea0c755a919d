/**
 * The worker thread of pglite-thread.ts: owns the embedded PGlite of one data folder (or an
 * in-memory copy of a dump) and answers raw PostgreSQL wire-protocol messages with the raw bytes
 * PGlite answers, so the WASM database runs here and never on the server's request thread. Every
 * notification PGlite reports is forwarded (id -1) for the LISTENs made through the pool.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

type Request = { id: number; kind: 'close' } | { id: number; kind: 'exec'; message: Uint8Array };

const port = parentPort;
if (!port) throw new Error('pglite-thread-worker runs as a worker thread');
const { dataDir, loadDataDir } = workerData as { dataDir?: string; loadDataDir?: Uint8Array<ArrayBuffer> };
const ready = PGlite.create(dataDir, {
  extensions: { pg_trgm },
  ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
});
ready.then(
  (pglite) => {
    pglite.onNotification((channel, payload) => {
      port.postMessage({ id: -1, notification: { channel, payload } });
    });
    port.postMessage({ id: 0, ready: true });
  },
  (error: unknown) => {
    port.postMessage({ id: 0, error: String(error) });
  },
);

port.on('message', (request: Request) => {
  void (async () => {
    const pglite = await ready;
    try {
      if (request.kind === 'close') {
        await pglite.close();
        port.postMessage({ id: request.id });
        return;
      }
      // execProtocol, not execProtocolRaw: PGlite parses every answer either way (that is how it
      // sees notifications), and only execProtocol drops the parsed messages after each call — with
      // execProtocolRaw they pile up for the life of the worker (≈ 170 MB per 150,000 rows read).
      const { data } = await pglite.execProtocol(request.message, { throwOnError: false });
      port.postMessage({ id: request.id, answer: data }, [data.buffer as ArrayBuffer]);
    } catch (error) {
      port.postMessage({ id: request.id, error: String(error) });
    }
  })();
});
