/**
 * The map pages' small reads, as live queries: the panel of one sighting and a species' name. They
 * re-run when the row changes; `undefined` means loading. The sightings the map draws are read by
 * the sightings' worker (useSightingTiles.ts).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db';

/** What the panel of a selected sighting shows. */
export interface SightingDetails {
  id: string;
  speciesId: string | null;
  /** The species' name on this device, else the sighting's scientific name; null when unspecified. */
  speciesName: string | null;
  /** Seconds. */
  date: number;
  lifer: boolean;
}

/** One sighting of the member for the map's panel; null when it is gone, undefined while loading. */
export function useSightingDetails(id: string | null): SightingDetails | null | undefined {
  return useLiveQuery(async () => {
    if (id === null) return null;
    const row = await db.species_observations.get(id);
    if (!row || row.deleted === true) return null;
    const species = row.species_id === null ? undefined : await db.species.get(row.species_id);
    return {
      id: row.id,
      speciesId: row.species_id,
      speciesName: species?.name ?? row.taxa?.name ?? null,
      date: row.date,
      lifer: row.lifer,
    };
  }, [id]);
}

/** A species' name on this device; null when it is not here, undefined while loading. */
export function useSpeciesName(speciesId: string | null): string | null | undefined {
  return useLiveQuery(
    async () => (speciesId === null ? null : ((await db.species.get(speciesId))?.name ?? null)),
    [speciesId],
  );
}
