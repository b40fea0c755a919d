/**
 * What a row of a sightings list shows, worked out from a sighting and what the device knows
 * about its species, and the list's filters. Pure: the live queries (sightingsQueries.ts) and the
 * public tab (online answers) both build their rows with it.
 */
import { UNSPECIFIED_OBSERVATION_DATE, type Observation } from '@contract/observations';
import { foldText } from '@contract/text';
import { sightingInTrip, type Trip } from '@contract/trips';
import type { DirtyRow, SpeciesRow } from '../../../db/rows';
import { UNSPECIFIED_SPECIES_SEGMENT } from '../recordPath';

/** Whether the server has the sighting as saved here (a dirty mark says it does not yet). */
export type SyncState = { kind: 'synced' } | { kind: 'pending' } | { kind: 'refused'; reason: string };

export interface SightingItem {
  observation: Observation;
  /** The English name from the device's species row, else the scientific name; null: unspecified. */
  speciesName: string | null;
  /** The sighting's featured photo, else the species' thumbnail on the device. */
  thumb: string | null;
  /** The member's own sightings only; null for another member's. */
  sync: SyncState | null;
}

type SpeciesFacts = Pick<SpeciesRow, 'name' | 'photo'>;

/** The species filter's value for sightings without a species (the recording page's word for it). */
export const UNSPECIFIED_SPECIES = UNSPECIFIED_SPECIES_SEGMENT;

export function speciesNameOf(observation: Observation, species: SpeciesFacts | undefined): string | null {
  if (observation.species_id === null) return null;
  return species?.name ?? observation.taxa?.name ?? observation.species_id;
}

export function thumbOf(observation: Observation, species: SpeciesFacts | undefined): string | null {
  const { media } = observation;
  return (media.find((item) => item.featured) ?? media[0])?.path ?? species?.photo.thumbs[0]?.path ?? null;
}

export function syncStateOf(mark: DirtyRow | undefined): SyncState {
  if (mark === undefined) return { kind: 'synced' };
  return mark.parked ? { kind: 'refused', reason: mark.parked.reason } : { kind: 'pending' };
}

/**
 * False for a quick-recorded unspecified sighting: its date is the fixed 2000-01-01 of SPEC §4, a
 * placeholder rather than when anything was seen.
 */
export function hasRecordedDate(observation: Pick<Observation, 'species_id' | 'date'>): boolean {
  return !(observation.species_id === null && observation.date === UNSPECIFIED_OBSERVATION_DATE);
}

export interface SightingFilter {
  /** A species id, or UNSPECIFIED_SPECIES; undefined: any. */
  species?: string;
  /** Seconds, inclusive. */
  from?: number;
  to?: number;
  trip?: Pick<Trip, 'trip_id' | 'date_start' | 'date_end'>;
}

export function isFiltered(filter: SightingFilter): boolean {
  return (
    filter.species !== undefined ||
    filter.from !== undefined ||
    filter.to !== undefined ||
    filter.trip !== undefined
  );
}

export function matchesFilter(observation: Observation, filter: SightingFilter): boolean {
  if (filter.species !== undefined && (observation.species_id ?? UNSPECIFIED_SPECIES) !== filter.species)
    return false;
  if (filter.from !== undefined && observation.date < filter.from) return false;
  if (filter.to !== undefined && observation.date > filter.to) return false;
  if (filter.trip !== undefined && !sightingInTrip(observation, filter.trip)) return false;
  return true;
}

export interface SpeciesChoice {
  id: string;
  name: string;
}

/**
 * The choices whose name has a word starting with each word typed, accents and case aside
 * ("bald e" finds Bald Eagle), at most `limit` of them so a list of thousands stays quick to open.
 */
export function matchingChoices<T extends { name: string; scientific_name?: string }>(
  choices: readonly T[],
  typed: string,
  limit = 50,
): T[] {
  const words = foldText(typed).split(' ').filter(Boolean);
  if (words.length === 0) return choices.slice(0, limit);
  const found: T[] = [];
  for (const choice of choices) {
    const names = foldText(`${choice.name} ${choice.scientific_name ?? ''}`).split(' ');
    if (words.every((word) => names.some((name) => name.startsWith(word)))) found.push(choice);
    if (found.length === limit) break;
  }
  return found;
}
