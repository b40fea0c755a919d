/**
 * The page's side of the sightings' worker (sightingTiles.worker.ts): one worker for the app,
 * started by the first map. `loadSightings` asks it to read and cluster a member's sightings and
 * answers the load's number and totals; `sightingTile` answers one tile's bytes for MapLibre's
 * custom protocol (registered in SightingsMap.tsx, the only module that imports MapLibre).
 */
import type { SightingsShown } from './sightingFeatures';
import type { SightingsSummary, TilesAnswer, TilesRequest } from './sightingTiles';
import { parseTileUrl } from './sightingTiles';

/** The scheme of the sightings' tile URLs: `fieldmark-sightings://tiles/<load>/{z}/{x}/{y}`. */
export const SIGHTING_TILES_PROTOCOL = 'fieldmark-sightings';

export const tilesUrlOf = (load: number) => `${SIGHTING_TILES_PROTOCOL}://tiles/${load}/{z}/{x}/{y}`;

export interface SightingsQuery {
  /** Who asks (one map, one hook): its newer load replaces its waiting one. */
  asker: string;
  /** The IndexedDB database to read (app.db in the app). */
  database: string;
  userId: string;
  speciesId: string | null;
  shown: SightingsShown;
}

interface Waiting<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let counter = 0;
const loads = new Map<number, Waiting<SightingsSummary | null>>();
const tiles = new Map<number, Waiting<ArrayBuffer>>();

function failAll(error: Error) {
  for (const waiting of [...loads.values(), ...tiles.values()]) waiting.reject(error);
  loads.clear();
  tiles.clear();
}

function theWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./sightingTiles.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = (event: MessageEvent<TilesAnswer>) => {
    const message = event.data;
    if (message.type === 'tile') {
      tiles.get(message.request)?.resolve(message.data);
      tiles.delete(message.request);
      return;
    }
    const waiting = loads.get(message.load);
    loads.delete(message.load);
    if (message.type === 'loaded') waiting?.resolve(message.summary);
    else if (message.type === 'superseded') waiting?.resolve(null);
    else waiting?.reject(new Error(message.message));
  };
  started.onerror = (event) => {
    // A worker that cannot start (or died) fails what waits; the next call starts a new one.
    event.preventDefault();
    failAll(new Error(`The sightings' worker failed: ${event.message}`));
    started.terminate();
    worker = null;
  };
  worker = started;
  return started;
}

function send<T>(waiting: Map<number, Waiting<T>>, id: number, request: TilesRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    theWorker().postMessage(request);
  });
}

/**
 * Reads and clusters `query`'s sightings in the worker; answers the load's number and totals, or
 * null when a newer load by the same asker, asked for meanwhile, made this one moot.
 */
export async function loadSightings(
  query: SightingsQuery,
): Promise<{ load: number; summary: SightingsSummary } | null> {
  counter += 1;
  const load = counter;
  const summary = await send(loads, load, { type: 'load', load, ...query });
  return summary === null ? null : { load, summary };
}

/** Lets the worker drop a load no map shows any more. */
export function releaseSightings(load: number): void {
  worker?.postMessage({ type: 'release', load } satisfies TilesRequest);
}

/** One tile's MVT bytes, for a URL made by `tilesUrlOf`. */
export function sightingTile(url: string): Promise<ArrayBuffer> {
  const address = parseTileUrl(url);
  if (!address) return Promise.reject(new Error(`Not a sightings tile: ${url}`));
  counter += 1;
  return send(tiles, counter, { type: 'tile', request: counter, ...address });
}
