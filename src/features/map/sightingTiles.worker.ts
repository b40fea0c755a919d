/// <reference lib="webworker" />
/**
 * The sightings' worker: reads the member's sightings from IndexedDB (the same app.db the page
 * uses), clusters them (sightingTiles.ts) and answers the map's tiles as MVT bytes, transferred.
 * A load is answered with its totals and bounds; its tiles are asked for by the load's number.
 * Loads run one at a time, and a load with a newer one of the same asker (one map) waiting behind
 * it is skipped (a pull writes in bursts; each write asks for a load, and only the last one matters).
 * A load's index (tens of MB for 100k sightings) is kept until the page releases it, and never more
 * than a few at once; a tile of a load it no longer holds is an empty one (the map is switching).
 */
import { FieldmarkDB } from '../../db/FieldmarkDB';
import { LatestPerAsker } from './latestPerAsker';
import { readSightings } from './readSightings';
import { SightingsIndex, type TilesAnswer, type TilesRequest } from './sightingTiles';

declare const self: DedicatedWorkerGlobalScope;

const KEPT_LOADS = 4;
const indexes = new Map<number, SightingsIndex>();
const databases = new Map<string, FieldmarkDB>();
const EMPTY = new SightingsIndex({ points: [], lifers: 0, bounds: null });

function databaseNamed(name: string): FieldmarkDB {
  let database = databases.get(name);
  if (!database) {
    database = new FieldmarkDB(name);
    databases.set(name, database);
  }
  return database;
}

const answer = (message: TilesAnswer, transfer: Transferable[] = []) => {
  self.postMessage(message, transfer);
};

type LoadRequest = Extract<TilesRequest, { type: 'load' }>;

async function load(request: LoadRequest): Promise<void> {
  try {
    const collection = await readSightings(
      databaseNamed(request.database),
      request.userId,
      request.speciesId,
      request.shown,
    );
    const index = new SightingsIndex(collection);
    indexes.set(request.load, index);
    for (const old of [...indexes.keys()].slice(0, -KEPT_LOADS)) indexes.delete(old);
    answer({ type: 'loaded', load: request.load, summary: index.summary });
  } catch (error) {
    answer({
      type: 'failed',
      load: request.load,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

const loads = new LatestPerAsker<LoadRequest>(load, (request) => {
  answer({ type: 'superseded', load: request.load });
});

self.onmessage = (event: MessageEvent<TilesRequest>) => {
  const request = event.data;
  if (request.type === 'load') {
    loads.push(request);
    return;
  }
  if (request.type === 'release') {
    indexes.delete(request.load);
    return;
  }
  // The encoder's bytes are a view of a larger buffer: a copy of just them is what is transferred.
  const data = (indexes.get(request.load) ?? EMPTY).tile(request.z, request.x, request.y).slice().buffer;
  answer({ type: 'tile', request: request.request, data }, [data]);
};
