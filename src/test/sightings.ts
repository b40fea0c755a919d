/**
 * Test data for sightings on real demo species (src/features/species/testSpecies.ts): what a
 * member enters (for recordObservation, the real repository) and what the server answers for
 * another member's public sighting. Dates are built in local time so that day filters and trips
 * (local days) behave the same in every time zone the tests run in.
 */
import type { ObservationItem, ObservationLocation } from '@contract/observations';
import type { FieldmarkDB } from '../db/FieldmarkDB';
import type { SpeciesRow } from '../db/rows';
import type { ObservationInput } from '../features/observations/observationsRepo';

/** Seconds of a local date and hour. */
export function localSeconds(year: number, month: number, day: number, hour = 10): number {
  return Math.floor(new Date(year, month - 1, day, hour).getTime() / 1000);
}

export const WASHINGTON: ObservationLocation = {
  last_mod: 1_767_225_600,
  names: { 'US-WA': 'Washington', USA: 'United States of America' },
};

export const WESTERN_CAPE: ObservationLocation = {
  last_mod: 1_767_225_600,
  names: { 'ZA-WC': 'Western Cape', ZAF: 'South Africa' },
};

/** A sighting of `species` (null: unspecified) as the recording form would save it. */
export function aSighting(
  species: SpeciesRow | null,
  date: number,
  overrides: Partial<ObservationInput> = {},
): ObservationInput {
  return {
    species_id: species?.id ?? null,
    taxa: species
      ? {
          classification: species.taxa.classification,
          group_name: species.taxa.group_name,
          name: species.taxa.name,
        }
      : null,
    coordinate: null,
    coordinate_hidden: true,
    date,
    public: true,
    note: '',
    ...overrides,
  };
}

/** Another member's public sighting as `GET species/{id}/observations` answers it. */
export function aPublicSighting(
  userId: string,
  observationId: string,
  species: SpeciesRow,
  date: number,
  overrides: Partial<ObservationItem> = {},
): ObservationItem {
  return {
    ...aSighting(species, date),
    observation_id: observationId,
    user_id: userId,
    coordinate_hidden: false,
    coordinate: { type: 'Point', coordinates: [-120.5481235, 46.9965144] },
    lifer: false,
    media: [],
    location: WASHINGTON,
    trips: [],
    ...overrides,
  };
}

/** Empties the member's tables of `database` and puts `species` on the device. */
export async function resetMemberData(database: FieldmarkDB, species: readonly SpeciesRow[]): Promise<void> {
  await Promise.all([
    database.species_observations.clear(),
    database.trips.clear(),
    database.dirty.clear(),
    database.photo_uploads.clear(),
    database.species.clear(),
  ]);
  await database.species.bulkPut([...species]);
}
