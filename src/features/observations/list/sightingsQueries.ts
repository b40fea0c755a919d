/**
 * The sightings lists' reads of the device, as live queries (undefined while loading): a save here,
 * a sync's pull or push (which clears dirty marks) re-runs them, so rows, lifer chips and the
 * unsynced indicator follow without any bookkeeping, offline as well.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { sightingTexts } from '../texts';
import { db } from '../../../db/db';
import type { SpeciesRow, TripRow } from '../../../db/rows';
import { sightingsOfSpecies } from '../../../db/sync/lifers';
import { speciesOnDeviceById, useKeepMissingSpecies } from '../../species/embeds';
import { ownTrips } from '../../trips/embeds';
import { ownSightingsCount, ownSightingsPage, ownSpeciesIds, unsyncedOf } from './ownSightingReads';
import {
  speciesNameOf,
  syncStateOf,
  thumbOf,
  UNSPECIFIED_SPECIES,
  type SightingFilter,
  type SightingItem,
  type SpeciesChoice,
} from './sightingItems';

/** The species rows of these ids on the device (the region's list, else kept ones), by id. */
function speciesById(ids: Iterable<string | null>): Promise<Map<string, SpeciesRow>> {
  return speciesOnDeviceById(db, ids);
}

/** One page of the member's own sightings (newest first) and whether more match the filter. */
export interface OwnSightingsPage {
  items: SightingItem[];
  more: boolean;
}

/** A filter as a string: a live query re-runs for another filter, not for an equal new object. */
export function keyOf(userId: string | null, filter: SightingFilter): string {
  const { trip, ...rest } = filter;
  return JSON.stringify([userId, rest, trip ? [trip.trip_id, trip.date_start, trip.date_end] : null]);
}

/**
 * The newest `limit` of the member's own sightings on this device that match `filter`, without local
 * tombstones, read through the indexes (ownSightingReads.ts). A save or a sync re-runs it, so a new
 * sighting appears at once. While the answer for another filter is on its way it is undefined
 * (loading); a larger `limit` keeps the shorter page until the longer one arrives. Species the
 * device does not have (recorded in another region) are fetched and kept when online, so the list
 * names them (useKeepMissingSpecies).
 */
export function useOwnSightingsPage(
  userId: string | null,
  filter: SightingFilter,
  limit: number,
): OwnSightingsPage | undefined {
  const key = keyOf(userId, filter);
  const answer = useLiveQuery(
    async () => {
      if (userId === null) return { key, items: [], more: false, missing: [] };
      const { marks, tombstones } = await unsyncedOf(db, userId);
      const { rows, more } = await ownSightingsPage(db, userId, filter, limit, tombstones);
      const species = await speciesById(rows.map((row) => row.species_id));
      const markOf = new Map(marks.map((mark) => [mark.id, mark]));
      const missing = new Set<string>();
      const items = rows.map((row): SightingItem => {
        const facts = row.species_id === null ? undefined : species.get(row.species_id);
        if (row.species_id !== null && facts === undefined) missing.add(row.species_id);
        return {
          observation: row,
          speciesName: speciesNameOf(row, facts),
          thumb: thumbOf(row, facts),
          sync: syncStateOf(markOf.get(row.id)),
        };
      });
      return { key, items, more, missing: [...missing].sort() };
    },
    // `key` stands for `filter`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, limit],
  );
  useKeepMissingSpecies(answer?.missing ?? NONE);
  return answer?.key === key ? answer : undefined;
}

/** How many of the member's sightings match `filter` (an index count where the filter allows). */
export function useOwnSightingsCount(userId: string | null, filter: SightingFilter): number | undefined {
  const key = keyOf(userId, filter);
  const answer = useLiveQuery(
    async () => {
      if (userId === null) return { key, count: 0 };
      const { tombstones } = await unsyncedOf(db, userId);
      return { key, count: await ownSightingsCount(db, userId, filter, tombstones) };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  return answer?.key === key ? answer.count : undefined;
}

/** The species the member recorded, once each, by name (and unspecified ones), for the filter. */
export function useOwnSpeciesChoices(userId: string | null): SpeciesChoice[] | undefined {
  return useLiveQuery(async () => {
    if (userId === null) return [];
    const { tombstones } = await unsyncedOf(db, userId);
    const { speciesIds, unspecified } = await ownSpeciesIds(db, userId, tombstones);
    const species = await speciesById(speciesIds);
    const choices: SpeciesChoice[] = [];
    for (const id of speciesIds) {
      const facts = species.get(id);
      // A species the device does not have is named from one of the member's sightings of it.
      const name = facts?.name ?? (await sightingsOfSpecies(db, userId, id).first())?.taxa?.name ?? id;
      choices.push({ id, name });
    }
    if (unspecified) choices.push({ id: UNSPECIFIED_SPECIES, name: sightingTexts.sightingUnspecified });
    return choices.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }, [userId]);
}

const NONE: readonly string[] = [];

/** The species of these ids that are on the device (names and thumbnails of online answers). */
export function useSpeciesOnDevice(ids: readonly string[]): Map<string, SpeciesRow> | undefined {
  const key = ids.join('\n');
  const answer = useLiveQuery(
    async () => ({ key, species: await speciesById(ids) }),
    // `key` stands for `ids`: a new array of the same ids must not re-query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  // Until the query for these ids answers, the hook still holds the answer for the previous ones.
  return answer?.key === key ? answer.species : undefined;
}

export interface SpeciesOption {
  id: string;
  name: string;
  scientific_name: string;
}

/** Every species on the device (the member's region and groups), by name, for choosing one. */
export function useSpeciesOptions(): SpeciesOption[] | undefined {
  return useLiveQuery(async () => {
    const rows = await db.species.toArray();
    return rows
      .map(({ id, name, scientific_name }) => ({ id, name, scientific_name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }, []);
}

/**
 * The member's trips, newest first, for the trip filter. (The trips pages read them with their
 * sighting counts; this list needs only the trips.)
 */
export function useOwnTrips(userId: string | null): TripRow[] | undefined {
  return useLiveQuery(async () => (userId === null ? [] : ownTrips(userId)), [userId]);
}
