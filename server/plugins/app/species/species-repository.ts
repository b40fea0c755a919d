/**
 * Species for the species calls (server/routes/species, species_targeted): lists by the member's
 * list rule (speciesOnList, in SQL), one species, a member's own sightings of it, the targeted list,
 * and the admin edits (through species-writes.ts, so each change syncs to every device).
 * Decorated as `app.species`.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Species, SpeciesUpdateRequest } from '@contract/species';
import type { SyncRecord } from '@contract/sync';
import { escapeLike } from '@contract/text';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { liveSightingsSql, speciesSql } from '../observations/observation-reads';
import { onListSql, type ListScope } from './classifications';
import { speciesEditPatch } from './species-edit';
import { speciesColumnsSql, speciesOf, taxonomicOrderSql, type SpeciesDataRow } from './species-rows';
import { deleteSpecies, writeSpeciesChange } from './species-writes';

export interface SpeciesListQuery {
  scope: ListScope;
  /** A location and its parents; null: anywhere. */
  locationIds: string[] | null;
  /** Folded with foldText; matched at the start of a word of any name. */
  search?: string;
  skip: number;
  limit: number;
}

export interface TargetedQuery {
  memberId: string;
  scope: ListScope;
  /** The location around the point and its parents. */
  locationIds: string[];
  limit: number;
}

export class SpeciesRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  /** A page of the list, in taxonomic order, and how many species the whole list has. */
  async list(query: SpeciesListQuery): Promise<{ species: Species[]; total: number }> {
    const where = this.listWhere(query);
    const [{ rows }, { rows: counted }] = await Promise.all([
      sql<SpeciesDataRow>`SELECT ${speciesColumnsSql} FROM species s WHERE ${where}
        ORDER BY ${taxonomicOrderSql} LIMIT ${query.limit} OFFSET ${query.skip}`.execute(this.db),
      sql<{ total: string }>`SELECT count(*) AS total FROM species s WHERE ${where}`.execute(this.db),
    ]);
    return { species: await speciesOf(this.db, rows), total: Number(counted[0]?.total ?? 0) };
  }

  /**
   * The list's filter over `species s`. A search is `search_text LIKE '% term%'` (a word start of
   * any name), which the trigram index species_search_text_trgm_idx answers (migrations/010).
   */
  listWhere(query: Pick<SpeciesListQuery, 'scope' | 'locationIds' | 'search'>): RawBuilder<unknown> {
    const conditions: RawBuilder<unknown>[] = [sql`NOT s.deleted`, onListSql(query.scope, query.locationIds)];
    if (query.search) conditions.push(sql`s.search_text LIKE ${`% ${escapeLike(query.search)}%`}`);
    return sql.join(conditions, sql` AND `);
  }

  /** A live species, or undefined when unknown or deleted. */
  async findById(id: string): Promise<Species | undefined> {
    const { rows } = await sql<SpeciesDataRow>`SELECT ${speciesColumnsSql} FROM species s
      WHERE s.id = ${id} AND NOT s.deleted`.execute(this.db);
    return (await speciesOf(this.db, rows))[0];
  }

  /**
   * A page of the member's own live sightings of the species (`data.species_id`), oldest change
   * first: one range of collection_records_sightings_species_seq_idx (migrations/009).
   */
  async observationsOf(
    memberId: string,
    speciesId: string,
    page: { limit: number; skip: number },
  ): Promise<SyncRecord[]> {
    const { rows } = await sql<{ id: string; mod: string; rev: string; data: Record<string, unknown> }>`
      SELECT id, mod, rev, data FROM collection_records
      WHERE ${liveSightingsSql} AND owner_id = ${memberId}::uuid AND ${speciesSql} = ${speciesId}
      ORDER BY seq LIMIT ${page.limit} OFFSET ${page.skip}`.execute(this.db);
    return rows.map((row) => ({
      id: row.id,
      mod: Number(row.mod),
      rev: row.rev,
      deleted: false,
      data: row.data,
    }));
  }

  /**
   * Species on the member's list at the location that the member has not recorded (no live
   * sighting of theirs names it), best first: most live sightings by other members keyed to the
   * location (their `data.location.names` has the location or a parent as a key), then most sightings by
   * other members anywhere, then taxonomic order. Only public sightings count: a private one must
   * change no answer another member gets. Counted from the sighting groups (sighting-groups.ts),
   * whose counts are always exact: one row per member, species and set of places, not per sighting.
   */
  async targeted(query: TargetedQuery): Promise<Species[]> {
    const { rows } = await sql<SpeciesDataRow>`
      WITH mine AS (
        SELECT DISTINCT species_id FROM sighting_groups
        WHERE owner_id = ${query.memberId}::uuid AND count > 0
      ), seen AS (
        SELECT species_id,
          sum(count) FILTER (WHERE places && ${query.locationIds}::text[]) AS here,
          sum(count) AS anywhere
        FROM sighting_groups
        WHERE public AND owner_id <> ${query.memberId}::uuid AND species_id <> '' AND count > 0
        GROUP BY 1
      )
      SELECT ${speciesColumnsSql} FROM species s LEFT JOIN seen ON seen.species_id = s.id
      WHERE NOT s.deleted AND ${onListSql(query.scope, query.locationIds)}
        AND NOT EXISTS (SELECT 1 FROM mine WHERE mine.species_id = s.id)
      ORDER BY COALESCE(seen.here, 0) DESC, COALESCE(seen.anywhere, 0) DESC, ${taxonomicOrderSql}
      LIMIT ${query.limit}`.execute(this.db);
    return speciesOf(this.db, rows);
  }

  /** Applies an admin edit; undefined when the species is unknown or deleted. */
  async update(id: string, edit: SpeciesUpdateRequest): Promise<Species | undefined> {
    const result = await writeSpeciesChange(this.db, this.clock, id, 'edit', (row) =>
      speciesEditPatch(row, edit),
    );
    return result.found ? this.findById(id) : undefined;
  }

  /** Deletes as a tombstone; false when the species is unknown or already deleted. */
  async delete(id: string): Promise<boolean> {
    return deleteSpecies(this.db, this.clock, id);
  }
}
