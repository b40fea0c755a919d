/**
 * A saved sighting links the member's trips covering its date (SPEC §4 Quick record: "linked to
 * every trip covering the date"), on a real Dexie (fake-indexeddb) with trips written through the
 * trips repository — past, under way, planned, deleted and another member's.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import { freshDatabases } from '../../db/testDatabases';
import { aSighting, localSeconds } from '../../test/sightings';
import { deleteTrip, saveTrip } from '../trips/tripsRepo';
import { demoSpecies } from '../species/testSpecies';
import { editObservation, recordObservation } from './observationsRepo';

const freshDb = freshDatabases('trip-links');
const robin = demoSpecies('Turdus migratorius');
const DAY = 86_400;
const NOW = localSeconds(2026, 11, 24, 12);

function trip(database: FieldmarkDB, name: string, start: number, end: number, userId = 'u-1') {
  return saveTrip(database, userId, { name, date_start: start, date_end: end, note: '' });
}

describe('trip links of a saved sighting', () => {
  it('links the trips covering its date, ends included, and none of the others', async () => {
    const database = await freshDb();
    for (let week = 1; week <= 12; week += 1)
      await trip(database, `Past ${week}`, NOW - week * 7 * DAY, NOW - week * 7 * DAY + DAY);
    const underWay = await trip(database, 'Under way', NOW - 2 * DAY, NOW + 2 * DAY);
    const endsNow = await trip(database, 'Ends now', NOW - DAY, NOW);
    const startsNow = await trip(database, 'Starts now', NOW, NOW + DAY);
    await trip(database, 'Planned', NOW + DAY, NOW + 3 * DAY);
    const cancelled = await trip(database, 'Cancelled', NOW - DAY, NOW + DAY);
    await deleteTrip(database, 'u-1', cancelled.id);
    await trip(database, "Someone else's", NOW - DAY, NOW + DAY, 'u-2');

    const sighting = await recordObservation(database, 'u-1', aSighting(robin, NOW));
    expect([...sighting.trips].sort()).toEqual([underWay.id, endsNow.id, startsNow.id].sort());
    expect((await database.species_observations.get(sighting.id))?.trips.sort()).toEqual(
      [underWay.id, endsNow.id, startsNow.id].sort(),
    );
  });

  it('links a sighting dated in the past to the trip of that day, and follows a change of date', async () => {
    const database = await freshDb();
    const longAgo = await trip(database, 'Long ago', NOW - 30 * DAY, NOW - 29 * DAY);
    await trip(database, 'Under way', NOW - DAY, NOW + DAY);

    const sighting = await recordObservation(database, 'u-1', aSighting(robin, NOW - 30 * DAY + 3600));
    expect(sighting.trips).toEqual([longAgo.id]);
    const moved = await editObservation(database, 'u-1', sighting.id, { date: NOW - 10 * DAY });
    expect(moved.trips).toEqual([]);
  });
});
