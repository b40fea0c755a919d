/**
 * Which species the member has already recorded, for /targeted-species (the species of their list
 * they have not seen yet). Sightings live in the local table `species_observations` (SPEC §3
 * "Observation": indexed by user id), which the sightings feature adds to the database; until a
 * version of the database has it, nobody has recorded anything on this device. Read through the
 * database's own table list, so this needs no change when the table arrives, and runs inside a
 * live query, which then also re-runs when a sighting is saved.
 */
import type { Dexie } from 'dexie';

export const OBSERVATIONS_TABLE = 'species_observations';

/** The fields of a stored sighting this reads; anything else about the row is not its business. */
interface ObservationLike {
  user_id?: unknown;
  species_id?: unknown;
  deleted?: unknown;
}

/** Ids of the species `userId` has sightings of on this device; empty for a guest. */
export async function recordedSpeciesIds(database: Dexie, userId: string | null): Promise<Set<string>> {
  const table = database.tables.find((candidate) => candidate.name === OBSERVATIONS_TABLE);
  if (!table || userId === null) return new Set();
  const isIndexed = table.schema.indexes.some((index) => index.name === 'user_id');
  const rows = (
    isIndexed
      ? await table.where('user_id').equals(userId).toArray()
      : await table.filter((row: ObservationLike) => row.user_id === userId).toArray()
  ) as ObservationLike[];
  const ids = new Set<string>();
  for (const row of rows) {
    if (row.deleted === true || typeof row.species_id !== 'string') continue;
    ids.add(row.species_id);
  }
  return ids;
}
