/**
 * The signed-in member's own stats, counted on the device (SPEC §3 "User stats"): the same
 * `userStats` the server runs, over the member's sightings here, as a live query — so the figures
 * are there offline and change the moment a sighting is saved, edited or deleted.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { userStats, type UserStats } from '@contract/stats';
import { db } from '../../../db/db';
import { namesFromSightings, type StatsNames } from './statsRows';

export interface OwnStats {
  stats: UserStats;
  names: StatsNames;
}

export function useOwnStats(userId: string): OwnStats | undefined {
  return useLiveQuery(async () => {
    // userStats leaves out tombstones (deleted) itself.
    const sightings = await db.species_observations.where('user_id').equals(userId).toArray();
    const stats = userStats(userId, sightings);
    const names = namesFromSightings(sightings.filter((sighting) => !sighting.deleted));
    // The English name where the species is on the device; the scientific name otherwise.
    const species = await db.species.bulkGet(Object.keys(stats.observations));
    const speciesNames = new Map(names.species);
    for (const row of species) if (row) speciesNames.set(row.id, row.name);
    return { stats, names: { species: speciesNames, locations: names.locations } };
  }, [userId]);
}

/** English names of these species where they are on the device, by id; undefined while loading. */
export function useSpeciesNamesOnDevice(ids: readonly string[]): ReadonlyMap<string, string> | undefined {
  const key = ids.join('\n');
  const answer = useLiveQuery(
    async () => {
      const rows = await db.species.bulkGet([...ids]);
      return {
        key,
        names: new Map(rows.filter((row) => row !== undefined).map((row) => [row.id, row.name])),
      };
    },
    // `key` stands for `ids`: a new array of the same ids must not re-query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  // Until the query for these ids answers, the hook still holds the answer for the previous ones.
  return answer?.key === key ? answer.names : undefined;
}
