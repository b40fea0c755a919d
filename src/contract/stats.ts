/**
 * The rules over a member's sightings, shared by the server (GET users/{id}/stats, the lifer flag
 * of the observation calls) and the device (lists, lifer flags and stats offline), so both always
 * show the same figures. Pure: no TypeBox, Node, DOM or Dexie; only types from observations.ts.
 *
 * - The lifer rule (`lifersOf`): of a member's live sightings of one species, the earliest `date`
 *   is the lifer; equal dates are broken by the smaller `observation_id` (plain code-unit order,
 *   as PostgreSQL's COLLATE "C"). Unspecified sightings (species_id null) are never lifers. So
 *   every species with sightings has exactly one lifer, whatever is added, edited or deleted.
 * - User stats (`userStats`, SPEC §3 "User stats"): per species the count, first and last date,
 *   the member's own photo of the latest sighting that has one, and the first/last date per
 *   location id; in total the live sightings (unspecified ones included: they are sightings) and
 *   the lifers. Deleted records are left out everywhere; unspecified sightings are not in the
 *   per-species figures (they have no species).
 */
import type { Observation, ObservationLocation, ObservationMedia } from './observations';

/** What the lifer rule reads of a sighting; `deleted` is a local tombstone, left out. */
export type LiferInput = Pick<Observation, 'observation_id' | 'species_id' | 'date'> & { deleted?: boolean };

/** What the stats read of a sighting. */
export type StatsInput = LiferInput & {
  media?: readonly ObservationMedia[];
  location?: ObservationLocation | null;
};

export interface DateSeen {
  date_seen_first: number;
  date_seen_last: number;
}

export interface SpeciesStats extends DateSeen {
  count: number;
  custom_photo: string | null;
  location: Record<string, DateSeen>;
}

/** The same shape as UserStatsSchema (observations.ts). */
export interface UserStats {
  _id: string;
  observations: Record<string, SpeciesStats>;
  count: { observations: number; lifers: number };
}

/** True when `a` was seen before `b` under the lifer rule's order (date, then observation_id). */
export function seenBefore(
  a: Pick<LiferInput, 'date' | 'observation_id'>,
  b: Pick<LiferInput, 'date' | 'observation_id'>,
): boolean {
  if (a.date !== b.date) return a.date < b.date;
  return a.observation_id < b.observation_id;
}

/** The lifer sighting of each species: species id → the observation_id that is the lifer. */
export function liferBySpecies(observations: Iterable<LiferInput>): Map<string, string> {
  const first = new Map<string, LiferInput>();
  for (const observation of observations) {
    if (observation.deleted === true || observation.species_id === null) continue;
    const held = first.get(observation.species_id);
    if (held === undefined || seenBefore(observation, held)) first.set(observation.species_id, observation);
  }
  return new Map([...first].map(([species, observation]) => [species, observation.observation_id]));
}

/** The ids of the lifer sightings: one per species with live sightings. */
export function lifersOf(observations: Iterable<LiferInput>): Set<string> {
  return new Set(liferBySpecies(observations).values());
}

/**
 * The sightings whose stored `lifer` flag disagrees with the rule, with the flag they should have.
 * The device runs it over the sightings of the species a save, a delete or a pulled batch touched,
 * and saves each change as an edit of that record (a new revision), so the flag follows edits.
 */
export function liferChanges(
  observations: readonly (LiferInput & { lifer: boolean })[],
): Array<{ observation_id: string; lifer: boolean }> {
  const lifers = lifersOf(observations);
  const changes: Array<{ observation_id: string; lifer: boolean }> = [];
  for (const observation of observations) {
    if (observation.deleted === true) continue;
    const lifer = lifers.has(observation.observation_id);
    if (observation.lifer !== lifer) changes.push({ observation_id: observation.observation_id, lifer });
  }
  return changes;
}

/** The path of the member's own photo to show for a sighting: the featured one, else the first. */
function ownPhotoOf(media: readonly ObservationMedia[] | undefined): string | null {
  const own = (media ?? []).filter((item) => item.species_thumb !== true);
  return (own.find((item) => item.featured) ?? own[0])?.path ?? null;
}

function widen(seen: DateSeen, date: number): void {
  if (date < seen.date_seen_first) seen.date_seen_first = date;
  if (date > seen.date_seen_last) seen.date_seen_last = date;
}

/**
 * SPEC §3 "User stats" of one member from their sightings (any order). With `locationId`, only
 * the sightings whose `location.names` has that id count, and `count.lifers` is the number of
 * lifer sightings (chosen over all the member's sightings) made there.
 */
export function userStats(
  userId: string,
  observations: readonly StatsInput[],
  options: { locationId?: string } = {},
): UserStats {
  const live = observations.filter((observation) => observation.deleted !== true);
  const lifers = lifersOf(live);
  const { locationId } = options;
  const counted =
    locationId === undefined
      ? live
      : live.filter((observation) => observation.location?.names[locationId] !== undefined);

  const bySpecies: Record<string, SpeciesStats> = {};
  /** The sighting custom_photo came from, per species: a later one with a photo replaces it. */
  const photoFrom = new Map<string, LiferInput>();
  let liferCount = 0;
  for (const observation of counted) {
    if (lifers.has(observation.observation_id)) liferCount += 1;
    const speciesId = observation.species_id;
    if (speciesId === null) continue;
    const { date } = observation;
    let stats = bySpecies[speciesId];
    if (stats === undefined) {
      stats = { count: 0, date_seen_first: date, date_seen_last: date, custom_photo: null, location: {} };
      bySpecies[speciesId] = stats;
    }
    stats.count += 1;
    widen(stats, date);
    for (const id of Object.keys(observation.location?.names ?? {})) {
      const seen = stats.location[id];
      if (seen === undefined) stats.location[id] = { date_seen_first: date, date_seen_last: date };
      else widen(seen, date);
    }
    const photo = ownPhotoOf(observation.media);
    const held = photoFrom.get(speciesId);
    if (photo !== null && (held === undefined || seenBefore(held, observation))) {
      stats.custom_photo = photo;
      photoFrom.set(speciesId, observation);
    }
  }
  return {
    _id: userId,
    observations: bySpecies,
    count: { observations: counted.length, lifers: liferCount },
  };
}
