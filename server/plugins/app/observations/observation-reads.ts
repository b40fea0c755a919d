/**
 * Reading sightings for the observation calls: `species_observations` records of
 * `collection_records` (written only through the collection push, see observation-writes.ts) as
 * the contract's Observation, seen by one viewer.
 *
 * - A record answers only when its `data` is an Observation (`isObservation`): the collection push
 *   stores any JSON object, and a malformed record must not break a list. `observation_id` and
 *   `user_id` always come from the row (id, owner), never from the data.
 * - Visibility: the owner gets everything, with `rev` (to send back with an edit); anyone else only
 *   `public` sightings, never a hidden coordinate, and a coordinate at all only when asked for.
 * - `lifer` answers the lifer rule (stats.ts) over the owner's live sightings of the species, not
 *   the stored flag, which a device fixes only on its next sync.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  isObservation,
  OBSERVATIONS_COLLECTION,
  type Observation,
  type ObservationItem,
} from '@contract/observations';
import { liferBySpecies } from '@contract/stats';
import type { DB } from '../../../db/schema';
import { isUuid } from '../users/users-repository';

export interface StoredRecord {
  owner_id: string;
  id: string;
  rev: string;
  deleted: boolean;
  data: Record<string, unknown>;
}

/** Who is reading: a member's id, or null for a client token (a guest). */
export type ViewerId = string | null;

export interface ItemOptions {
  /** Answer coordinates of other members' sightings (never hidden ones). */
  coords: boolean;
  /** Add the species' name, scientific name and a thumbnail. */
  speciesDetails: boolean;
}

export interface ListQuery {
  ownerId: string;
  /** Another member's list: public sightings only. */
  publicOnly: boolean;
  speciesId?: string;
  limit: number;
  skip: number;
}

/** The record's Observation, or undefined when it is a tombstone or its data is not one. */
export function observationOf(row: StoredRecord): Observation | undefined {
  if (row.deleted) return undefined;
  const data = { ...row.data, observation_id: row.id, user_id: row.owner_id };
  return isObservation(data) ? data : undefined;
}

/** The sighting's date for ordering, NULL when the data has none (such records are not answered). */
const dateSql = sql`CASE WHEN jsonb_typeof(data->'date') = 'number' THEN (data->>'date')::numeric END`;
/** Ids are unique per owner only: another member's sighting with the same id is another sighting. */
const liferKey = (observation: Pick<Observation, 'user_id' | 'observation_id'>) =>
  `${observation.user_id} ${observation.observation_id}`;
const contains = (value: Record<string, unknown>) => sql<boolean>`data @> ${JSON.stringify(value)}::jsonb`;

export class ObservationReads {
  constructor(private readonly db: Kysely<DB>) {}

  private async select(conditions: RawBuilder<unknown>[], page?: { limit: number; skip: number }) {
    const where = sql.join([sql`collection = ${OBSERVATIONS_COLLECTION}`, ...conditions], sql` AND `);
    const paging = page ? sql`LIMIT ${page.limit} OFFSET ${page.skip}` : sql``;
    const { rows } = await sql<StoredRecord>`
      SELECT owner_id, id, rev, deleted, data FROM collection_records WHERE ${where}
      ORDER BY ${dateSql} DESC NULLS LAST, id COLLATE "C", owner_id ${paging}`.execute(this.db);
    return rows;
  }

  /** The member's own record with that id, tombstone or not (for writes). */
  async findOwn(memberId: string, id: string): Promise<StoredRecord | undefined> {
    const [row] = await this.select([sql`owner_id = ${memberId}::uuid`, sql`id = ${id}`]);
    return row;
  }

  /** One sighting of the species: the viewer's own, else another member's public one. */
  async findVisible(viewer: ViewerId, speciesId: string, id: string): Promise<StoredRecord | undefined> {
    const rows = await this.select([sql`id = ${id}`, sql`NOT deleted`, contains({ species_id: speciesId })]);
    const usable = rows.filter((row) => observationOf(row) !== undefined);
    return (
      usable.find((row) => row.owner_id === viewer) ??
      usable.find((row) => (row.data as { public?: unknown }).public === true)
    );
  }

  /** A member's live sightings, newest date first; another member's public ones only. */
  async list(query: ListQuery): Promise<StoredRecord[]> {
    if (!isUuid(query.ownerId)) return [];
    const conditions = [sql`owner_id = ${query.ownerId}::uuid`, sql`NOT deleted`];
    if (query.publicOnly) conditions.push(contains({ public: true }));
    if (query.speciesId !== undefined) conditions.push(contains({ species_id: query.speciesId }));
    return this.select(conditions, query);
  }

  /** Every member's public live sightings of a species, newest date first. */
  async publicOfSpecies(speciesId: string, page: { limit: number; skip: number }): Promise<StoredRecord[]> {
    return this.select([sql`NOT deleted`, contains({ species_id: speciesId, public: true })], page);
  }

  /** Every live record of a member, newest date first (for stats and the lifer rule). */
  async allRowsOf(ownerId: string, speciesIds?: readonly string[]): Promise<StoredRecord[]> {
    if (!isUuid(ownerId)) return [];
    const conditions = [sql`owner_id = ${ownerId}::uuid`, sql`NOT deleted`];
    if (speciesIds !== undefined) conditions.push(sql`data->>'species_id' = ANY(${[...speciesIds]}::text[])`);
    return this.select(conditions);
  }

  /** Every live sighting of a member, newest date first; malformed records left out. */
  async allOf(ownerId: string, speciesIds?: readonly string[]): Promise<Observation[]> {
    const rows = await this.allRowsOf(ownerId, speciesIds);
    return rows.flatMap((row) => observationOf(row) ?? []);
  }

  /** Public sightings of a species by every member: how many, by how many members, first and last. */
  async publicStats(speciesId: string) {
    const { rows } = await sql<{
      observations: string;
      members: string;
      first: string | null;
      last: string | null;
    }>`
      SELECT count(*) AS observations, count(DISTINCT owner_id) AS members,
        min(${dateSql}) AS first, max(${dateSql}) AS last
      FROM collection_records
      WHERE collection = ${OBSERVATIONS_COLLECTION} AND NOT deleted
        AND ${contains({ species_id: speciesId, public: true })} AND ${dateSql} IS NOT NULL`.execute(this.db);
    const row = rows[0];
    return {
      observations: Number(row?.observations ?? 0),
      members: Number(row?.members ?? 0),
      date_seen_first: row?.first == null ? null : Number(row.first),
      date_seen_last: row?.last == null ? null : Number(row.last),
    };
  }

  /**
   * The records as the viewer may see them, in their order; malformed ones are left out. Two
   * queries at most, whatever the page: the lifer rule's sightings and the species details.
   */
  async itemsFor(
    viewer: ViewerId,
    rows: readonly StoredRecord[],
    options: ItemOptions,
  ): Promise<ObservationItem[]> {
    const usable = rows.flatMap((row) => {
      const observation = observationOf(row);
      return observation === undefined ? [] : [{ row, observation }];
    });
    const lifers = await this.lifersOf(usable.map(({ observation }) => observation));
    const details = options.speciesDetails
      ? await this.speciesDetails(usable.flatMap(({ observation }) => observation.species_id ?? []))
      : undefined;
    return usable.map(({ row, observation }) => {
      const own = viewer !== null && row.owner_id === viewer;
      const item: ObservationItem = { ...observation, lifer: lifers.has(liferKey(observation)) };
      if (own) item.rev = row.rev;
      else if (observation.coordinate_hidden || !options.coords) item.coordinate = null;
      const species =
        details && observation.species_id !== null ? details.get(observation.species_id) : undefined;
      if (species) item.species = species;
      return item;
    });
  }

  /** The sightings (liferKey) that are lifers, by the rule over each owner's sightings. */
  private async lifersOf(observations: readonly Observation[]): Promise<Set<string>> {
    const pairs = new Map<string, { owner: string; species: string }>();
    for (const { user_id: owner, species_id: species } of observations) {
      if (species !== null) pairs.set(`${owner} ${species}`, { owner, species });
    }
    if (pairs.size === 0) return new Set();
    const list = [...pairs.values()];
    const rows = await this.select([
      sql`NOT deleted`,
      sql`(owner_id, data->>'species_id') IN (SELECT * FROM unnest(${list.map((pair) => pair.owner)}::uuid[],
        ${list.map((pair) => pair.species)}::text[]))`,
    ]);
    const byOwner = new Map<string, Observation[]>();
    for (const row of rows) {
      const observation = observationOf(row);
      if (observation === undefined) continue;
      const owned = byOwner.get(row.owner_id) ?? [];
      owned.push(observation);
      byOwner.set(row.owner_id, owned);
    }
    const lifers = new Set<string>();
    for (const [owner, owned] of byOwner) {
      for (const id of liferBySpecies(owned).values())
        lifers.add(liferKey({ user_id: owner, observation_id: id }));
    }
    return lifers;
  }

  private async speciesDetails(ids: readonly string[]) {
    const unique = [...new Set(ids)];
    const details = new Map<string, NonNullable<ObservationItem['species']>>();
    if (unique.length === 0) return details;
    const rows = await this.db
      .selectFrom('species')
      .select(['id', 'name', 'scientific_name', 'photo'])
      .where('id', '=', sql<string>`ANY(${unique}::text[])`)
      .execute();
    for (const row of rows) {
      details.set(row.id, {
        name: row.name,
        scientific_name: row.scientific_name,
        thumb: row.photo.thumbs[0]?.path ?? null,
      });
    }
    return details;
  }
}
