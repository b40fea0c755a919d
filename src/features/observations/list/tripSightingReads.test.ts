/**
 * A trip's sightings read through the indexes on a real Dexie (fake-indexeddb): the ones dated in
 * it and the ones linked to it from outside its dates, without local tombstones or other members,
 * with the list's other filters on top.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freshDatabases } from '../../../db/testDatabases';
import { aSighting, localSeconds } from '../../../test/sightings';
import { unsyncedOf } from './ownSightingReads';
import { UNSPECIFIED_SPECIES } from './sightingItems';
import { deleteObservation, recordObservation } from '../observationsRepo';
import { demoSpecies } from '../../species/testSpecies';
import { tripSightingCounts, tripSightingsCount, tripSightingsPage } from './tripSightingReads';
import { saveTrip } from '../../trips/tripsRepo';

const freshDb = freshDatabases('trip-reads');
const baldEagle = demoSpecies('Haliaeetus leucocephalus');
const robin = demoSpecies('Turdus migratorius');
const bluebird = demoSpecies('Sialia sialis');
const WREN = 'u-1';

describe('trip sightings reads', () => {
  it('pages and counts the dated and the linked sightings, without tombstones or other members', async () => {
    const db = await freshDb();
    const day = (n: number, hour = 10) => localSeconds(2026, 3, n, hour);
    const trip = await saveTrip(db, WREN, {
      name: 'Skagit Flats',
      date_start: day(2, 0),
      date_end: day(5, 23),
      note: '',
    });
    const empty = await saveTrip(db, WREN, {
      name: 'Later',
      date_start: day(20, 0),
      date_end: day(21, 23),
      note: '',
    });
    const eagle = await recordObservation(db, WREN, aSighting(baldEagle, day(3)));
    const robinSeen = await recordObservation(db, WREN, aSighting(robin, day(4)));
    const unspecified = await recordObservation(db, WREN, aSighting(null, day(4, 12)));
    const gone = await recordObservation(db, WREN, aSighting(bluebird, day(5)));
    // Linked from outside the dates, as a trip moved on another device leaves them until relinked.
    const moved = await recordObservation(db, WREN, aSighting(baldEagle, day(10)));
    const movedGone = await recordObservation(db, WREN, aSighting(robin, day(11)));
    const theirs = await recordObservation(db, 'u-2', aSighting(robin, day(12)));
    await recordObservation(db, 'u-2', aSighting(robin, day(3)));
    for (const { id } of [moved, movedGone, theirs])
      await db.species_observations.update(id, { trips: [trip.id] });
    await deleteObservation(db, WREN, gone.id);
    await deleteObservation(db, WREN, movedGone.id);
    const { tombstones } = await unsyncedOf(db, WREN);
    const ids = async (filter: Parameters<typeof tripSightingsPage>[2], limit = 10) =>
      (await tripSightingsPage(db, WREN, filter, limit, tombstones)).rows.map((row) => row.id);
    const count = (filter: Parameters<typeof tripSightingsCount>[2]) =>
      tripSightingsCount(db, WREN, filter, tombstones);

    expect(await ids({ trip })).toEqual([moved.id, unspecified.id, robinSeen.id, eagle.id]);
    expect(await count({ trip })).toBe(4);
    const first = await tripSightingsPage(db, WREN, { trip }, 2, tombstones);
    expect(first.rows.map((row) => row.id)).toEqual([moved.id, unspecified.id]);
    expect(first.more).toBe(true);
    expect((await tripSightingsPage(db, WREN, { trip }, 4, tombstones)).more).toBe(false);

    expect(await ids({ trip, species: baldEagle.id })).toEqual([moved.id, eagle.id]);
    expect(await count({ trip, species: baldEagle.id })).toBe(2);
    expect(await ids({ trip, from: day(4) })).toEqual([moved.id, unspecified.id, robinSeen.id]);
    expect(await count({ trip, from: day(4), to: day(5) })).toBe(2);
    expect(await ids({ trip, species: UNSPECIFIED_SPECIES })).toEqual([unspecified.id]);
    expect(await count({ trip, species: UNSPECIFIED_SPECIES })).toBe(1);
    expect(await ids({ trip, from: day(6), to: day(9) })).toEqual([]);

    expect(await tripSightingCounts(db, WREN, [trip, empty], tombstones)).toEqual(
      new Map([
        [trip.id, 4],
        [empty.id, 0],
      ]),
    );
  });
});
