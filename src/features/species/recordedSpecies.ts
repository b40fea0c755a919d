/**
 * Which species the member has already recorded, for /targeted-species (the species of their list
 * they have not seen yet). Runs inside a live query, which re-runs when a sighting is saved.
 *
 * It reads index keys, not rows: `[user_id+species_id+date]` names every species of every sighting,
 * so a member with 100k sightings costs 100k small keys instead of 100k rows copied out of
 * IndexedDB. A delete not yet synced is a tombstone row that still has its key; tombstones carry a
 * dirty mark until the server settles them (docs/sync.md), so only the marked rows are read to
 * take them out.
 */
import { OBSERVATIONS_COLLECTION } from '@contract/observations';
import type { FieldmarkDB } from '../../db/FieldmarkDB';

/** Ids of the species `userId` has sightings of on this device; empty for a guest. */
export async function recordedSpeciesIds(database: FieldmarkDB, userId: string | null): Promise<Set<string>> {
  if (userId === null) return new Set();
  const [keys, marked] = await Promise.all([
    database.species_observations
      .where('[user_id+species_id+date]')
      // Every key of the member: [userId] sorts before them all, [userId, []] after (an array sorts
      // after every string).
      .between([userId], [userId, []])
      .keys(),
    database.dirty.where('[collection+user_id]').equals([OBSERVATIONS_COLLECTION, userId]).toArray(),
  ]);
  const sightings = new Map<string, number>();
  for (const key of keys) {
    const speciesId = (key as unknown[])[1];
    if (typeof speciesId === 'string') sightings.set(speciesId, (sightings.get(speciesId) ?? 0) + 1);
  }
  const maybeDeleted = await database.species_observations.bulkGet(marked.map((mark) => mark.id));
  for (const row of maybeDeleted) {
    if (row?.deleted !== true || row.species_id === null) continue;
    sightings.set(row.species_id, (sightings.get(row.species_id) ?? 0) - 1);
  }
  return new Set([...sightings].filter(([, count]) => count > 0).map(([speciesId]) => speciesId));
}
