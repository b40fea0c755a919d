/**
 * Figures over sightings without reading every sighting: the `sighting_groups` summary
 * (migrations/009_sighting_reads.sql), one row per member, species, public flag and set of
 * location ids, kept by statement triggers on collection_records whatever writes a sighting.
 *
 * - `statsOfGroups` is the contract's `userStats` (src/contract/stats.ts) over groups instead of
 *   sightings: each figure is a sum, a minimum or a maximum, and a group holds its sightings' sum,
 *   minimum and maximum (the earliest by the lifer rule's order, the latest with a photo), all of
 *   them with the same location ids. tests/server/sighting-reads.test.ts checks it against
 *   `userStats` over what the member pulls.
 * - A group's `count` is always exact; its dates and photo are exact once the member's stale groups
 *   are refreshed (`sighting_groups_refresh`), which every read here does first.
 * - A sighting counts when its data has a numeric date, a boolean `public` and a string or null
 *   species (SQL `sighting_counted`); the push refuses anything that is not a whole Observation.
 */
import { sql, type Kysely } from 'kysely';
import type { SpeciesStats, UserStats } from '@contract/stats';
import type { DB } from '../../../db/schema';
import { isUuid } from '../users/users-repository';

export interface SightingGroup {
  /** '' for unspecified sightings. */
  species_id: string;
  public: boolean;
  /** The location ids of its sightings (keys of `location.names`), sorted. */
  places: string[];
  count: number;
  first_date: number;
  first_id: string;
  last_date: number;
  photo_date: number | null;
  photo_id: string | null;
  photo: string | null;
}

/** A group as the query answers it: one JSON array, in SightingGroup's field order. */
type GroupTuple = [
  string,
  boolean,
  string[],
  number,
  number,
  string,
  number,
  number | null,
  string | null,
  string | null,
];

const groupOf = ([
  species_id,
  isPublic,
  places,
  count,
  first_date,
  first_id,
  last_date,
  photo_date,
  photo_id,
  photo,
]: GroupTuple): SightingGroup => ({
  species_id,
  public: isPublic,
  places,
  count,
  first_date,
  first_id,
  last_date,
  photo_date,
  photo_id,
  photo,
});

/** The lifer rule's order (stats.ts seenBefore): date, then id. */
const before = (aDate: number, aId: string, bDate: number, bId: string) =>
  aDate !== bDate ? aDate < bDate : aId < bId;

/**
 * `userStats(userId, sightings, options)` of the sightings the groups hold: the same figures, from
 * as many steps as there are groups.
 */
export function statsOfGroups(
  userId: string,
  groups: readonly SightingGroup[],
  options: { locationId?: string } = {},
): UserStats {
  const { locationId } = options;
  const live = groups.filter((group) => group.count > 0);
  // The lifer of each species: the earliest sighting of all (not only those at the location).
  const liferGroup = new Map<string, SightingGroup>();
  for (const group of live) {
    if (group.species_id === '') continue;
    const held = liferGroup.get(group.species_id);
    if (held === undefined || before(group.first_date, group.first_id, held.first_date, held.first_id))
      liferGroup.set(group.species_id, group);
  }
  const counted = locationId === undefined ? live : live.filter((group) => group.places.includes(locationId));
  let lifers = 0;
  for (const group of liferGroup.values()) {
    if (locationId === undefined || group.places.includes(locationId)) lifers += 1;
  }

  const bySpecies: Record<string, SpeciesStats> = {};
  /** Per species, the photo the summary shows so far: its date and id. */
  const photoFrom = new Map<string, { date: number; id: string }>();
  let observations = 0;
  for (const group of counted) {
    observations += group.count;
    if (group.species_id === '') continue;
    const first = group.first_date;
    const last = group.last_date;
    let stats = bySpecies[group.species_id];
    if (stats === undefined) {
      stats = { count: 0, date_seen_first: first, date_seen_last: last, custom_photo: null, location: {} };
      bySpecies[group.species_id] = stats;
    }
    stats.count += group.count;
    stats.date_seen_first = Math.min(stats.date_seen_first, first);
    stats.date_seen_last = Math.max(stats.date_seen_last, last);
    for (const place of group.places) {
      const seen = stats.location[place];
      if (seen === undefined) stats.location[place] = { date_seen_first: first, date_seen_last: last };
      else {
        seen.date_seen_first = Math.min(seen.date_seen_first, first);
        seen.date_seen_last = Math.max(seen.date_seen_last, last);
      }
    }
    if (group.photo !== null && group.photo_date !== null && group.photo_id !== null) {
      const held = photoFrom.get(group.species_id);
      if (held === undefined || before(held.date, held.id, group.photo_date, group.photo_id)) {
        stats.custom_photo = group.photo;
        photoFrom.set(group.species_id, { date: group.photo_date, id: group.photo_id });
      }
    }
  }
  return { _id: userId, observations: bySpecies, count: { observations, lifers } };
}

export class SightingGroups {
  constructor(private readonly db: Kysely<DB>) {}

  /** Recomputes the member's stale groups (see the migration); cheap when there are none. */
  private async refresh(ownerId: string): Promise<void> {
    await sql`SELECT sighting_groups_refresh(${ownerId}::uuid)`.execute(this.db);
  }

  /** The member's groups: all of them, or the public ones; of one species when given. */
  async of(ownerId: string, options: { publicOnly: boolean; speciesId?: string }): Promise<SightingGroup[]> {
    if (!isUuid(ownerId)) return [];
    await this.refresh(ownerId);
    // One JSON document, not a row per group: the driver's per-row and text[] parsing cost ~8×
    // more than JSON.parse for tens of thousands of groups.
    const { rows } = await sql<{ groups: string | null }>`
      SELECT json_agg(json_build_array(species_id, public, places, count, first_date, first_id, last_date,
        photo_date, photo_id, photo))::text AS groups
      FROM sighting_groups
      WHERE owner_id = ${ownerId}::uuid AND count > 0
        ${options.publicOnly ? sql`AND public` : sql``}
        ${options.speciesId !== undefined ? sql`AND species_id = ${options.speciesId}` : sql``}`.execute(
      this.db,
    );
    const groups = rows[0]?.groups;
    return groups == null ? [] : (JSON.parse(groups) as GroupTuple[]).map(groupOf);
  }

  /** A member's stats (SPEC §3 "User stats"): all their sightings, or the public ones only. */
  async statsOf(ownerId: string, options: { publicOnly: boolean; locationId?: string }): Promise<UserStats> {
    const groups = await this.of(ownerId, { publicOnly: options.publicOnly });
    return statsOfGroups(
      ownerId,
      groups,
      options.locationId === undefined ? {} : { locationId: options.locationId },
    );
  }

  /** Public sightings of a species by every member: how many, by how many members, first and last. */
  async publicStats(speciesId: string) {
    // The members with stale public groups of the species first, in id order (the locks they take).
    await sql`SELECT sighting_groups_refresh(owner_id) FROM (
        SELECT DISTINCT owner_id FROM sighting_groups WHERE species_id = ${speciesId} AND public AND stale
        ORDER BY owner_id) AS stale`.execute(this.db);
    const { rows } = await sql<{
      observations: string | null;
      members: string;
      first: string | null;
      last: string | null;
    }>`
      SELECT sum(count) AS observations, count(DISTINCT owner_id) AS members,
        min(first_date) AS first, max(last_date) AS last
      FROM sighting_groups WHERE species_id = ${speciesId} AND public AND count > 0`.execute(this.db);
    const row = rows[0];
    return {
      observations: Number(row?.observations ?? 0),
      members: Number(row?.members ?? 0),
      date_seen_first: row?.first == null ? null : Number(row.first),
      date_seen_last: row?.last == null ? null : Number(row.last),
    };
  }
}
