/**
 * The stats table's rows from SPEC §3 "User stats" (stats.ts `userStats`, on the device or from the
 * server) and names: the stats carry species and location ids only, so names come from the
 * device's species rows and from the sightings themselves (`taxa.name`, `location.names`).
 */
import type { Observation } from '@contract/observations';
import type { DateSeen, UserStats } from '@contract/stats';

export interface StatsNames {
  species: ReadonlyMap<string, string>;
  locations: ReadonlyMap<string, string>;
}

export interface SpeciesStatsRow extends DateSeen {
  speciesId: string;
  name: string;
  count: number;
  /** Names of the places it was seen, first seen first. */
  places: string[];
}

/** Species (scientific) and location names as the sightings carry them. */
export function namesFromSightings(
  sightings: Iterable<Pick<Observation, 'species_id' | 'taxa' | 'location'>>,
): StatsNames {
  const species = new Map<string, string>();
  const locations = new Map<string, string>();
  for (const sighting of sightings) {
    if (sighting.species_id !== null && sighting.taxa) species.set(sighting.species_id, sighting.taxa.name);
    for (const [id, name] of Object.entries(sighting.location?.names ?? {})) locations.set(id, name);
  }
  return { species, locations };
}

/** One row per species, the latest lifer first (ties by name). */
export function speciesStatsRows(stats: UserStats, names: StatsNames): SpeciesStatsRow[] {
  return Object.entries(stats.observations)
    .map(([speciesId, figures]) => ({
      speciesId,
      name: names.species.get(speciesId) ?? speciesId,
      count: figures.count,
      date_seen_first: figures.date_seen_first,
      date_seen_last: figures.date_seen_last,
      places: Object.entries(figures.location)
        .sort(([, a], [, b]) => a.date_seen_first - b.date_seen_first)
        .map(([id]) => names.locations.get(id) ?? id),
    }))
    .sort((a, b) => b.date_seen_first - a.date_seen_first || a.name.localeCompare(b.name, 'en'));
}
