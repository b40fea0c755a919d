/**
 * The worker thread of pglite-thread.ts: owns the embedded PGlite of one data folder and answers
 * raw PostgreSQL wire-protocol messages with the raw bytes PGlite answers, so the WASM database
 * runs here and never on the server's request thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

interface Request {
  id: number;
  kind: 'exec' | 'close';
  message?: Uint8Array;
}

const port = parentPort;
if (!port) throw new Error('pglite-thread-worker runs as a worker thread');
const { dataDir } = workerData as { dataDir: string };
const ready = PGlite.create(dataDir, { extensions: { pg_trgm } });
ready.then(
  () => port.postMessage({ id: 0, ready: true }),
  (error: unknown) => port.postMessage({ id: 0, error: String(error) }),
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
      const answer = await pglite.execProtocolRaw(request.message!);
      port.postMessage({ id: request.id, answer }, [answer.buffer as ArrayBuffer]);
    } catch (error) {
      port.postMessage({ id: request.id, error: String(error) });
    }
  })();
});
