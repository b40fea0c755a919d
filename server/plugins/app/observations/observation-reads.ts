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
 *   the stored flag, which a device fixes only on its next sync: the earliest entries of the
 *   (owner, species) index, so a page costs the same however many sightings the member has.
 * - Lists read one index range as far as the page goes (migrations/009_sighting_reads.sql); the
 *   figures (stats, targets, a species' public counts) come from sighting-groups.ts.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  isObservation,
  OBSERVATIONS_COLLECTION,
  type Observation,
  type ObservationItem,
} from '@contract/observations';
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

// The SQL the indexes of migrations/009_sighting_reads.sql are built on: a query uses an index only
// when it spells the expression exactly so, and a partial index only when its conditions carry the
// same literals, never parameters (`liveSightingsSql`, `PUBLIC_SQL`).

/** The sighting's date for ordering, NULL when the data has none (such records are not answered). */
export const dateSql = sql`CASE WHEN jsonb_typeof(data->'date') = 'number' THEN (data->>'date')::numeric END`;
/** The sighting's species id; '' for an unspecified one (and for a record without one). */
export const speciesSql = sql`COALESCE(data->>'species_id', '')`;
/** A public sighting, as the partial indexes' predicate spells it. */
export const PUBLIC_SQL = sql`data @> '{"public": true}'`;
/** The live sightings of every member, as the partial indexes' predicate spells it. */
export const liveSightingsSql = sql`collection = ${sql.lit(OBSERVATIONS_COLLECTION)} AND NOT deleted`;
/** Newest date first, ties by id in byte order (and owner, for lists over several members). */
const NEWEST_FIRST = sql`${dateSql} DESC NULLS LAST, id COLLATE "C", owner_id`;
/** How many of the earliest sightings of a (member, species) one lifer lookup reads at a time. */
const LIFER_CANDIDATES = 2;

/** Ids are unique per owner only: another member's sighting with the same id is another sighting. */
const liferKey = (observation: Pick<Observation, 'user_id' | 'observation_id'>) =>
  `${observation.user_id} ${observation.observation_id}`;

export class ObservationReads {
  constructor(private readonly db: Kysely<DB>) {}

  private selectSql(conditions: RawBuilder<unknown>[], page?: { limit: number; skip: number }) {
    const where = sql.join(conditions, sql` AND `);
    const paging = page ? sql`LIMIT ${page.limit} OFFSET ${page.skip}` : sql``;
    return sql<StoredRecord>`
      SELECT owner_id, id, rev, deleted, data FROM collection_records WHERE ${where}
      ORDER BY ${NEWEST_FIRST} ${paging}`;
  }

  private async select(
    conditions: RawBuilder<unknown>[],
    page?: { limit: number; skip: number },
  ): Promise<StoredRecord[]> {
    return (await this.selectSql(conditions, page).execute(this.db)).rows;
  }

  /** The member's own record with that id, tombstone or not (for writes). */
  async findOwn(memberId: string, id: string): Promise<StoredRecord | undefined> {
    if (!isUuid(memberId)) return undefined;
    const [row] = await this.select([
      sql`collection = ${OBSERVATIONS_COLLECTION}`,
      sql`owner_id = ${memberId}::uuid`,
      sql`id = ${id}`,
    ]);
    return row;
  }

  /** One sighting of the species: the viewer's own, else another member's public one. */
  async findVisible(viewer: ViewerId, speciesId: string, id: string): Promise<StoredRecord | undefined> {
    const ofSpecies = [liveSightingsSql, sql`${speciesSql} = ${speciesId}`, sql`id = ${id}`];
    if (viewer !== null && isUuid(viewer)) {
      const own = await this.select([...ofSpecies, sql`owner_id = ${viewer}::uuid`]);
      const usable = own.find((row) => observationOf(row) !== undefined);
      if (usable) return usable;
    }
    const rows = await this.select([...ofSpecies, PUBLIC_SQL]);
    return rows.find((row) => observationOf(row)?.public === true);
  }

  /**
   * A member's live sightings, newest date first; another member's public ones only. One index
   * range of the member (collection_records_sightings_[public_]date_idx) read as far as the page
   * goes; by species through collection_records_sightings_species_idx.
   */
  async list(query: ListQuery): Promise<StoredRecord[]> {
    if (!isUuid(query.ownerId)) return [];
    return (await this.listSql(query).execute(this.db)).rows;
  }

  /** The query of `list` (tests/server/sighting-reads.test.ts EXPLAINs it). */
  listSql(query: ListQuery) {
    const conditions = [liveSightingsSql, sql`owner_id = ${query.ownerId}::uuid`];
    if (query.publicOnly) conditions.push(PUBLIC_SQL);
    if (query.speciesId !== undefined) conditions.push(sql`${speciesSql} = ${query.speciesId}`);
    return this.selectSql(conditions, query);
  }

  /**
   * The first `limit` sightings a member's stats answer with, newest date first: another member's
   * public ones only, with `locationId` those whose location names it; malformed records left out
   * (read on past them, a page at a time, so the answer has `limit` when there are that many).
   */
  async counted(
    ownerId: string,
    options: { publicOnly: boolean; locationId?: string; limit: number },
  ): Promise<StoredRecord[]> {
    if (!isUuid(ownerId)) return [];
    const conditions = [liveSightingsSql, sql`owner_id = ${ownerId}::uuid`];
    if (options.publicOnly) conditions.push(PUBLIC_SQL);
    if (options.locationId !== undefined)
      conditions.push(sql`data->'location'->'names' ? ${options.locationId}`);
    const found: StoredRecord[] = [];
    for (let skip = 0; found.length < options.limit; skip += options.limit) {
      const rows = await this.select(conditions, { limit: options.limit, skip });
      for (const row of rows) {
        const observation = observationOf(row);
        if (observation === undefined || (options.publicOnly && !observation.public)) continue;
        if (options.locationId !== undefined && observation.location?.names[options.locationId] === undefined)
          continue;
        if (found.length < options.limit) found.push(row);
      }
      if (rows.length < options.limit) break;
    }
    return found;
  }

  /** Every member's public live sightings of a species, newest date first. */
  async publicOfSpecies(speciesId: string, page: { limit: number; skip: number }): Promise<StoredRecord[]> {
    return this.select([liveSightingsSql, sql`${speciesSql} = ${speciesId}`, PUBLIC_SQL], page);
  }

  /**
   * The lifer of each (owner, species) pair: the id of the owner's earliest live sighting of the
   * species by the lifer rule (date, then id in byte order). One query for every pair, each an
   * index lookup of its first entry (collection_records_sightings_species_idx); a pair whose
   * first entry is a malformed record reads on past it.
   */
  async liferIds(pairs: ReadonlyArray<{ owner: string; species: string }>): Promise<Map<string, string>> {
    const lifers = new Map<string, string>();
    const wanted = pairs.filter((pair) => isUuid(pair.owner) && pair.species !== '');
    if (wanted.length === 0) return lifers;
    const { rows } = await this.firstOfPairsSql(wanted).execute(this.db);
    const firsts = new Map(rows.map((row) => [`${row.pair_owner} ${row.pair_species}`, row]));
    for (const { owner, species } of wanted) {
      const key = `${owner} ${species}`;
      const first = firsts.get(key);
      if (first === undefined) continue;
      const lifer =
        observationOf(first)?.species_id === species
          ? first.id
          : (await this.earliest(owner, species))?.observation_id;
      if (lifer !== undefined) lifers.set(key, lifer);
    }
    return lifers;
  }

  /** The earliest live entry with a date of each (owner, species) pair (tests EXPLAIN it). */
  firstOfPairsSql(pairs: ReadonlyArray<{ owner: string; species: string }>) {
    return sql<StoredRecord & { pair_owner: string; pair_species: string }>`
      SELECT p.owner::text AS pair_owner, p.species AS pair_species, r.*
      FROM unnest(${pairs.map((pair) => pair.owner)}::uuid[], ${pairs.map((pair) => pair.species)}::text[])
        AS p(owner, species)
      CROSS JOIN LATERAL (
        SELECT owner_id, id, rev, deleted, data FROM collection_records
        WHERE ${liveSightingsSql} AND owner_id = p.owner AND ${speciesSql} = p.species
          AND ${dateSql} IS NOT NULL
        ORDER BY ${dateSql} NULLS FIRST, id COLLATE "C"
        LIMIT 1
      ) AS r`;
  }

  /**
   * The owner's earliest live sighting of the species by the lifer rule, other than `exceptId`
   * (a write sets the flag of the sighting it stores from it); undefined when there is none.
   * Malformed records are skipped, reading on a few index entries at a time.
   */
  async earliest(ownerId: string, speciesId: string, exceptId?: string): Promise<Observation | undefined> {
    if (!isUuid(ownerId)) return undefined;
    const conditions = [
      liveSightingsSql,
      sql`owner_id = ${ownerId}::uuid`,
      sql`${speciesSql} = ${speciesId}`,
      sql`${dateSql} IS NOT NULL`,
    ];
    if (exceptId !== undefined) conditions.push(sql`id <> ${exceptId}`);
    for (let skip = 0; ; skip += LIFER_CANDIDATES) {
      const { rows } = await sql<StoredRecord>`
        SELECT owner_id, id, rev, deleted, data FROM collection_records WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY ${dateSql} NULLS FIRST, id COLLATE "C"
        LIMIT ${LIFER_CANDIDATES} OFFSET ${skip}`.execute(this.db);
      const earliest = rows
        .map((row) => observationOf(row))
        .find((observation) => observation?.species_id === speciesId);
      if (earliest !== undefined || rows.length < LIFER_CANDIDATES) return earliest;
    }
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
    const lifers = new Set<string>();
    for (const [key, id] of await this.liferIds([...pairs.values()])) {
      lifers.add(liferKey({ user_id: key.slice(0, key.indexOf(' ')), observation_id: id }));
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
