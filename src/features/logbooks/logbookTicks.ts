/**
 * The ticks of a logbook from the member's sightings on the device, so a sighting saved offline
 * ticks its species at once (the page reads them through a live query). One pass over the keys of
 * the `[user_id+species_id+date]` index gives, per species, the earliest sighting and how many
 * there are without reading a row; only the earliest sighting of each checklist species is read
 * (for its place). Local tombstones (deleted here, not yet pushed) are left out by their dirty
 * marks, as the sightings lists do.
 *
 * Until the device has pulled the member's sightings once, the server's ticks from the download
 * stand in for species the device has none of.
 */
import { placeText, type LogbookTick } from '@contract/logbooks';
import { OBSERVATIONS_COLLECTION } from '@contract/observations';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { LogbookRow } from '../../db/logbookRows';

export interface Tick {
  species_id: string;
  /** The first sighting's date, in seconds. */
  first_date: number;
  count: number;
  /** Where the first sighting was: its region and country names, when known. */
  place: string | null;
  /** The first sighting on the device, if it is there (not for a server-only tick). */
  observation_id: string | null;
}

/** The member's ticks on these species, from the device (and the server's, before a first pull). */
export async function ticksOf(
  db: FieldmarkDB,
  userId: string,
  logbook: Pick<LogbookRow, 'species' | 'ticks'>,
): Promise<Map<string, Tick>> {
  const wanted = new Set(logbook.species.map((entry) => entry.species_id));
  const range = () =>
    db.species_observations
      .where('[user_id+species_id+date]')
      // [user] sorts before every key of the member and [user, []] after them (an array sorts
      // after any string), as ownSightingReads' key cursor bounds them.
      .between([userId], [userId, []], true, true);
  const [keys, ids, marks, mark] = await Promise.all([
    range().keys(),
    range().primaryKeys(),
    db.dirty.where('[collection+user_id]').equals([OBSERVATIONS_COLLECTION, userId]).toArray(),
    db.collection_marks.get(OBSERVATIONS_COLLECTION),
  ]);
  const marked = await db.species_observations.bulkGet(marks.map((m) => m.id));
  const deleted = new Set(marked.flatMap((row) => (row?.deleted ? [row.id] : [])));

  const found = new Map<string, { first: string; first_date: number; count: number }>();
  keys.forEach((key, index) => {
    const [, speciesId, date] = key as unknown as [string, string, number];
    const id = ids[index];
    if (id === undefined || !wanted.has(speciesId) || deleted.has(id)) return;
    const current = found.get(speciesId);
    // Keys come oldest first within a species: the first one met is the earliest.
    if (current) current.count += 1;
    else found.set(speciesId, { first: id, first_date: date, count: 1 });
  });
  const firsts = await db.species_observations.bulkGet([...found.values()].map((f) => f.first));
  const ticks = new Map<string, Tick>();
  let index = 0;
  for (const [speciesId, f] of found) {
    const row = firsts[index++];
    ticks.set(speciesId, {
      species_id: speciesId,
      first_date: f.first_date,
      count: f.count,
      place: placeText(row?.location?.names),
      observation_id: f.first,
    });
  }
  if (!mark || mark.remote_mod === 0) {
    for (const tick of logbook.ticks) {
      if (!ticks.has(tick.species_id) && wanted.has(tick.species_id))
        ticks.set(tick.species_id, { ...serverTick(tick) });
    }
  }
  return ticks;
}

function serverTick(tick: LogbookTick): Tick {
  return { ...tick, place: null, observation_id: null };
}
