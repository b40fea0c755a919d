/**
 * The sightings lists' reads of the device, as live queries (undefined while loading): a save here,
 * a sync's pull or push (which clears dirty marks) re-runs them, so rows, lifer chips and the
 * unsynced indicator follow without any bookkeeping, offline as well.
 */
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { OBSERVATIONS_COLLECTION } from '@contract/observations';
import { db } from '../../../db/db';
import type { SpeciesRow, TripRow } from '../../../db/rows';
import { speciesOnDeviceById, useKeepMissingSpecies } from '../../species/speciesAnywhere';
import { ownTrips } from '../../trips/tripsQueries';
import { speciesNameOf, syncStateOf, thumbOf, type SightingItem } from './sightingItems';

/** The species rows of these ids on the device (the region's list, else kept ones), by id. */
function speciesById(ids: Iterable<string | null>): Promise<Map<string, SpeciesRow>> {
  return speciesOnDeviceById(db, ids);
}

/**
 * The member's own sightings on this device, newest first, without local tombstones. Species the
 * device does not have (recorded in another region) are fetched and kept when online, so the list
 * names them (useKeepMissingSpecies).
 */
export function useOwnSightings(userId: string | null): SightingItem[] | undefined {
  const answer = useLiveQuery(async () => {
    if (userId === null) return { items: [], missing: [] };
    const [rows, marks] = await Promise.all([
      db.species_observations
        .where('[user_id+date]')
        .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
        .reverse()
        .toArray(),
      db.dirty.where('[collection+user_id]').equals([OBSERVATIONS_COLLECTION, userId]).toArray(),
    ]);
    const live = rows.filter((row) => !row.deleted);
    const species = await speciesById(live.map((row) => row.species_id));
    const markOf = new Map(marks.map((mark) => [mark.id, mark]));
    const missing = new Set<string>();
    const items = live.map((row): SightingItem => {
      const facts = row.species_id === null ? undefined : species.get(row.species_id);
      if (row.species_id !== null && facts === undefined) missing.add(row.species_id);
      return {
        observation: row,
        speciesName: speciesNameOf(row, facts),
        thumb: thumbOf(row, facts),
        sync: syncStateOf(markOf.get(row.id)),
      };
    });
    return { items, missing: [...missing].sort() };
  }, [userId]);
  useKeepMissingSpecies(answer?.missing ?? NONE);
  return answer?.items;
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
