/**
 * The read-only `hotspots` and `field_guides` collections (docs/sync.md "The places collections"):
 * the places and guides of a region, pulled by a device so its places pages work offline on first
 * use (plugins/app/collections/README.md).
 *
 * - Cursor: `seq`, one sequence for both tables and their tombstones, stamped by triggers on every
 *   insert, update and delete under one advisory lock, so its order is commit order
 *   (202611281353_place_sync.sql). `last_mod` is the last `seq` answered.
 * - Filter (optional): `{location_id}` (PlacesCollectionFilterSchema): that location's places and
 *   those of its regions, as `hotspots/popular` reads them; for guides, also those guiding at such a
 *   place. Tombstones always pass. A place that moves to another region is not answered as a
 *   tombstone: the copy a device keeps is still a real place, and the device keeps places it was
 *   shown outside its region anyway (docs/places.md "On the device").
 * - Two queries per batch, live rows and tombstones, each by its `seq` index, merged in order.
 * - `rev` is `<seq>_server`: nothing writes these records on a device, so it only has to be valid.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { Compile } from 'typebox/compile';
import { formatMessage, messages } from '@contract/messages';
import {
  FIELD_GUIDES_COLLECTION,
  HOTSPOTS_COLLECTION,
  PlacesCollectionFilterSchema,
  type PlacesCollectionFilter,
} from '@contract/places';
import type { SyncRecord } from '@contract/sync';
import type { DB } from '../../../db/schema';
import { badRequest } from '../../../errors';
import type { PullOptions, PullResult, ReadOnlyCollectionSource } from '../collections/source';
import { GUIDE_COLUMNS, toFieldGuide, type GuideRow } from './field-guides';
import { COLUMNS, FROM, toHotspot, type HotspotRow } from './hotspot-reads';

const filterValidator = Compile(PlacesCollectionFilterSchema);

/** The filter of a pull, checked: 400 naming what is wrong and what is expected otherwise. */
export function parsePlacesFilter(value: Record<string, unknown>): PlacesCollectionFilter {
  if (filterValidator.Check(value)) return value;
  // An unknown field first: "must have required properties" alone would not say what was wrong.
  const errors = filterValidator.Errors(value).filter((e) => e.keyword !== 'boolean');
  const error = errors.find((e) => e.keyword === 'additionalProperties') ?? errors[0];
  const extra = error?.keyword === 'additionalProperties' ? error.params.additionalProperties : undefined;
  const field = error?.instancePath.replace(/^\//, '') ?? '';
  const detail = Array.isArray(extra)
    ? `unknown field ${extra.join(', ')}`
    : `${field ? `${field} ` : ''}${error?.message ?? 'is invalid'}`;
  throw badRequest(formatMessage(messages.placesFilterInvalid, { detail }));
}

/** A location and its regions (one level down, as the reference locations are: country → region). */
function inLocationSql(column: RawBuilder<unknown>, locationId: string) {
  return sql`(${column} = ${locationId} OR ${column} IN (SELECT id FROM locations WHERE parent_id = ${locationId}))`;
}

interface Stamped {
  seq: string;
  mod: number | string;
}
interface Tombstone extends Stamped {
  id: string;
}

/** One collection's live rows and tombstones after a cursor, as sync records, oldest change first. */
abstract class PlacesSource<Row extends Stamped> implements ReadOnlyCollectionSource {
  readonly readOnly = true;

  constructor(
    protected readonly db: Kysely<DB>,
    private readonly name: string,
  ) {}

  /** At most `limit` live rows changed after `lastMod`, by `seq`, with `seq` and `mod` (seconds). */
  protected abstract liveRows(
    lastMod: number,
    filter: PlacesCollectionFilter | undefined,
    limit: number,
  ): Promise<Row[]>;
  protected abstract idOf(row: Row): string;
  protected abstract dataOf(row: Row): Record<string, unknown>;

  async pull(_context: unknown, options: PullOptions): Promise<PullResult> {
    const filter = options.filter === undefined ? undefined : parsePlacesFilter(options.filter);
    const take = options.limit + 1;
    const [live, { rows: gone }] = await Promise.all([
      this.liveRows(options.lastMod, filter, take),
      sql<Tombstone>`SELECT id, seq, extract(epoch FROM deleted_at)::bigint AS mod FROM place_tombstones
        WHERE collection = ${this.name} AND seq > ${options.lastMod} ORDER BY seq LIMIT ${take}`.execute(
        this.db,
      ),
    ]);
    // Each list is in `seq` order and holds the first `take` of its kind, so the first `take` of
    // both together are among them.
    const merged = [
      ...live.map((row) => ({ seq: Number(row.seq), record: this.recordOf(row) })),
      ...gone.map((row) => ({ seq: Number(row.seq), record: tombstoneOf(row) })),
    ].sort((a, b) => a.seq - b.seq);
    const page = merged.slice(0, options.limit);
    const more = merged.length > options.limit;
    const lastMod = page.at(-1)?.seq ?? options.lastMod;
    const records = page.map((entry) => entry.record);
    return { records, more, lastMod, ...(options.withTotal && !more ? { total: records.length } : {}) };
  }

  private recordOf(row: Row): SyncRecord {
    return {
      id: this.idOf(row),
      mod: Number(row.mod),
      rev: `${row.seq}_server`,
      deleted: false,
      data: this.dataOf(row),
    };
  }
}

function tombstoneOf(row: Tombstone): SyncRecord {
  return { id: row.id, mod: Number(row.mod), rev: `${row.seq}_server`, deleted: true, data: {} };
}

type StampedHotspot = HotspotRow & Stamped;
type StampedGuide = GuideRow & Stamped;

export class HotspotsCollectionSource extends PlacesSource<StampedHotspot> {
  constructor(db: Kysely<DB>) {
    super(db, HOTSPOTS_COLLECTION);
  }

  protected async liveRows(lastMod: number, filter: PlacesCollectionFilter | undefined, limit: number) {
    const where = filter ? inLocationSql(sql`h.location_id`, filter.location_id) : sql`true`;
    const { rows } = await sql<StampedHotspot>`SELECT ${COLUMNS}, h.seq,
        extract(epoch FROM h.updated_at)::bigint AS mod
      FROM ${FROM} WHERE h.seq > ${lastMod} AND ${where} ORDER BY h.seq LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  protected idOf(row: StampedHotspot) {
    return row.id;
  }

  protected dataOf(row: StampedHotspot) {
    // With its boundary: "inside" is computed on the device for nearby offline.
    return toHotspot(row, true);
  }
}

export class FieldGuidesCollectionSource extends PlacesSource<StampedGuide> {
  constructor(db: Kysely<DB>) {
    super(db, FIELD_GUIDES_COLLECTION);
  }

  protected async liveRows(lastMod: number, filter: PlacesCollectionFilter | undefined, limit: number) {
    const where = filter
      ? sql`(${inLocationSql(sql`f.location_id`, filter.location_id)} OR EXISTS (
          SELECT 1 FROM hotspot_guides g JOIN hotspots h ON h.id = g.hotspot_id
          WHERE g.field_guide_id = f.id AND ${inLocationSql(sql`h.location_id`, filter.location_id)}))`
      : sql`true`;
    const { rows } = await sql<StampedGuide>`SELECT ${GUIDE_COLUMNS}, f.seq,
        extract(epoch FROM f.updated_at)::bigint AS mod
      FROM field_guides f WHERE f.seq > ${lastMod} AND ${where} ORDER BY f.seq LIMIT ${limit}`.execute(
      this.db,
    );
    return rows;
  }

  protected idOf(row: StampedGuide) {
    return row.id;
  }

  protected dataOf(row: StampedGuide) {
    return toFieldGuide(row);
  }
}
