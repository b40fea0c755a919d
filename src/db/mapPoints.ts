/**
 * The maps' compact copy of the sightings (FieldmarkDB version 8, table `map_points`): one small
 * row per sighting a map draws, so the sightings' worker reads a few numbers per point instead of
 * whole sightings (notes, media, taxa, locations) — with 100k sightings the read of whole rows cost
 * ≈ 4× the clustering itself (bench:map, docs/benchmarks.md).
 *
 * The table is derived, never written by app code: a DBCore middleware on FieldmarkDB keeps it in
 * the same transaction as every write of `species_observations` that goes through Dexie (saves,
 * edits, deletes, the sync's pull, clears), and the one write without Dexie (the direct save of a
 * new sighting, features/observations/newSightingDirect.ts) puts the point itself. Version 8's
 * upgrade fills it from the sightings already on the device. The same middleware keeps the packed
 * copy the member's map reads, `map_chunks` (version 18, mapChunks.ts), in the same transactions.
 */
import type { DBCore, DBCoreMutateRequest, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import {
  applyChunkChange,
  ChunkChanges,
  MAP_CHUNKS_TABLE,
  type ChunkChange,
  type MapChunkRow,
} from './mapChunks';
import { drawnPosition } from '../lib/drawnPosition';
import type { ObservationRow } from './rows';

export const MAP_POINTS_TABLE = 'map_points';
const SIGHTINGS_TABLE = 'species_observations';

/**
 * One sighting as a map draws it. Only sightings with a place on a map have one: a tombstone (a
 * delete not yet synced), a sighting without a coordinate and one whose coordinate is hidden have
 * none — a hidden coordinate is never drawn, not even on the member's own map.
 */
export interface MapPointRow {
  id: string;
  user_id: string;
  species_id: string | null;
  lon: number;
  lat: number;
  lifer: boolean;
}

/** The fields of a stored sighting its point is made of. */
export type MapPointFields = Pick<
  ObservationRow,
  'id' | 'user_id' | 'species_id' | 'coordinate' | 'coordinate_hidden' | 'lifer' | 'deleted'
>;

/** The map point of a stored sighting, or null when a map does not draw it. */
export function mapPointOf(row: MapPointFields): MapPointRow | null {
  const position = drawnPosition(row);
  if (!position) return null;
  const [lon, lat] = position;
  return {
    id: row.id,
    user_id: row.user_id,
    species_id: row.species_id,
    lon,
    lat,
    // Rows synced from the server are not checked field by field: only a real `true` is a lifer.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-boolean-literal-compare
    lifer: row.lifer === true,
  };
}

/** The puts and deletes that make `map_points` follow `rows` just written to the sightings. */
export function pointWritesOf(rows: readonly MapPointFields[]): { puts: MapPointRow[]; deletes: string[] } {
  const puts: MapPointRow[] = [];
  const deletes: string[] = [];
  for (const row of rows) {
    const point = mapPointOf(row);
    if (point) puts.push(point);
    else deletes.push(row.id);
  }
  return { puts, deletes };
}

/** Whether `trans` spans `store` (an upgrade from before the version that made it does not). */
function spans(trans: DBCoreTransaction, store: string): boolean {
  const names = (trans as Partial<IDBTransaction>).objectStoreNames;
  return names === undefined || names.contains(store);
}

/** DBCoreRangeType.Any (a `const enum`, not importable here): every key, as a clear asks. */
const ANY_RANGE = 3;

/** The chunk rows `changes` touch, read, changed and written back (or deleted when emptied). */
async function writeChunkChanges(
  chunks: DBCoreTable,
  trans: DBCoreTransaction,
  changes: readonly ChunkChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const keys = changes.map((change) => [change.user_id, change.bucket]);
  const found = (await chunks.getMany({ trans, keys })) as (MapChunkRow | undefined)[];
  const puts: MapChunkRow[] = [];
  const deletes: unknown[] = [];
  changes.forEach((change, index) => {
    const next = applyChunkChange(found[index], change);
    if (next) puts.push(next);
    else if (found[index]) deletes.push(keys[index]);
  });
  if (puts.length > 0) await chunks.mutate({ type: 'put', trans, values: puts });
  if (deletes.length > 0) await chunks.mutate({ type: 'delete', trans, keys: deletes });
}

/**
 * The chunk work of each transaction, one write after another: two sightings writes of one
 * transaction in flight at once would otherwise both read a chunk before either wrote it back.
 */
const chunkWork = new WeakMap<DBCoreTransaction, Promise<unknown>>();

function inTurn(trans: DBCoreTransaction, work: () => Promise<void>): Promise<void> {
  const turn = (chunkWork.get(trans) ?? Promise.resolve()).then(work);
  chunkWork.set(
    trans,
    turn.catch(() => undefined),
  );
  return turn;
}

/** The same write applied to the points and their chunks, in the sightings' write's transaction. */
async function followSightings(
  points: DBCoreTable,
  chunks: DBCoreTable | null,
  request: DBCoreMutateRequest,
  failed: Set<number>,
): Promise<void> {
  const { trans } = request;
  const changes = new ChunkChanges();
  if (request.type === 'add' || request.type === 'put') {
    const written = (request.values as MapPointFields[]).filter((_, index) => !failed.has(index));
    const { puts, deletes } = pointWritesOf(written);
    for (const row of written) {
      const point = mapPointOf(row);
      if (point) changes.put(point);
      else changes.remove(row.user_id, row.id);
    }
    if (puts.length > 0) await points.mutate({ type: 'put', trans, values: puts });
    if (deletes.length > 0) await points.mutate({ type: 'delete', trans, keys: deletes });
  } else if (request.type === 'delete') {
    // The chunks are keyed by member: the points about to go say whose they were.
    if (chunks) {
      const gone = (await points.getMany({ trans, keys: request.keys })) as (MapPointRow | undefined)[];
      for (const point of gone) if (point) changes.remove(point.user_id, point.id);
    }
    await points.mutate({ type: 'delete', trans, keys: request.keys });
  } else {
    // The sightings' range is a range of ids, the points' primary keys.
    if (chunks && (request.range.type as number) === ANY_RANGE) {
      await chunks.mutate({ type: 'deleteRange', trans, range: request.range });
    } else if (chunks) {
      const gone = await points.query({
        trans,
        values: true,
        query: { index: points.schema.primaryKey, range: request.range },
      });
      for (const point of gone.result as MapPointRow[]) changes.remove(point.user_id, point.id);
    }
    await points.mutate({ type: 'deleteRange', trans, range: request.range });
  }
  if (chunks) await inTurn(trans, () => writeChunkChanges(chunks, trans, changes.changes));
}

/**
 * The DBCore middleware that keeps `map_points` and `map_chunks` in step: every readwrite
 * transaction over the sightings also spans them, and each mutation of the sightings is repeated on
 * them before it answers, so all three commit or abort together.
 */
export const mapPointsMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'map-points',
  create: (down) => ({
    ...down,
    transaction: (stores, mode, options) =>
      down.transaction(
        mode === 'readwrite' && stores.includes(SIGHTINGS_TABLE)
          ? [...new Set([...stores, MAP_POINTS_TABLE, MAP_CHUNKS_TABLE])]
          : stores,
        mode,
        options,
      ),
    table: (name) => {
      const table = down.table(name);
      if (name !== SIGHTINGS_TABLE) return table;
      return {
        ...table,
        mutate: async (request) => {
          const response = await table.mutate(request);
          if (spans(request.trans, MAP_POINTS_TABLE)) {
            const failed = new Set(Object.keys(response.failures).map(Number));
            const chunks = spans(request.trans, MAP_CHUNKS_TABLE) ? down.table(MAP_CHUNKS_TABLE) : null;
            await followSightings(down.table(MAP_POINTS_TABLE), chunks, request, failed);
          }
          return response;
        },
      };
    },
  }),
};
