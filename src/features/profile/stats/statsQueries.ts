/**
 * The signed-in member's own stats, counted on the device (SPEC §3 "User stats"): the same
 * `userStats` the server runs, over the member's sightings here, as a live query — so the figures
 * are there offline and change the moment a sighting is saved, edited or deleted.
 *
 * The figures read the sightings table only. Their English names are a second live query over the
 * species table (useSpeciesNamesOnDevice): a species sync writes that table in large readwrite
 * transactions, and IndexedDB runs a read of a table only after the writes queued on it — when
 * both were one querier, the stats waited behind the whole sync (seconds after a sign-in or a
 * change of groups). Until the names answer, the sightings' scientific names stand in.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { userStats } from '@contract/stats';
import { db } from '../../../db/db';
import { namesFromSightings, type StatsNames } from './statsRows';
import type { UserStats } from '@contract/stats';

export interface OwnStats {
  stats: UserStats;
  /** Names as the sightings carry them (scientific names of species, place names). */
  names: StatsNames;
}

export function useOwnStats(userId: string): OwnStats | undefined {
  return useLiveQuery(async () => {
    // userStats leaves out tombstones (deleted) itself.
    const sightings = await db.species_observations.where('user_id').equals(userId).toArray();
    return {
      stats: userStats(userId, sightings),
      names: namesFromSightings(sightings.filter((sighting) => !sighting.deleted)),
    };
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

/** Names from the sightings, with the device's English names over them where it has them. */
export function withDeviceNames(
  names: StatsNames,
  onDevice: ReadonlyMap<string, string> | undefined,
): StatsNames {
  if (!onDevice || onDevice.size === 0) return names;
  return { species: new Map([...names.species, ...onDevice]), locations: names.locations };
}
