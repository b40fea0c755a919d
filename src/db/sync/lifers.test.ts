/**
 * The lifer check a save makes (`earliestSighting`) on a real Dexie (fake-indexeddb), with
 * sightings written and deleted through the sightings repository, so deleted ones are tombstones
 * still in the index, as on a device before the push.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { deleteObservation, recordObservation } from '../../features/observations/observationsRepo';
import { demoSpecies } from '../../features/species/testSpecies';
import { aSighting } from '../../test/sightings';
import type { FieldmarkDB } from '../FieldmarkDB';
import { freshDatabases } from '../testDatabases';
import { earliestSighting } from './lifers';

const freshDb = freshDatabases('lifers');
const robinRow = demoSpecies('Turdus migratorius');
const robin = robinRow.id;
const DAY = 86_400;
const FIRST_DATE = 1_767_225_600;

function record(database: FieldmarkDB, date: number, userId = 'u-1') {
  return recordObservation(database, userId, aSighting(robinRow, date));
}

describe('earliestSighting', () => {
  it('is the earliest live sighting of the member, or none', async () => {
    const database = await freshDb();
    expect(await earliestSighting(database, 'u-1', robin)).toBeUndefined();
    await record(database, FIRST_DATE + DAY);
    const first = await record(database, FIRST_DATE);
    await record(database, FIRST_DATE - DAY, 'u-2');
    expect((await earliestSighting(database, 'u-1', robin))?.id).toBe(first.id);
    expect((await earliestSighting(database, 'u-1', robin, first.id))?.date).toBe(FIRST_DATE + DAY);
  });

  it('walks past more tombstones than one read returns', async () => {
    const database = await freshDb();
    const sightings = [];
    for (let day = 0; day < 7; day += 1) sightings.push(await record(database, FIRST_DATE + day * DAY));
    for (const deleted of sightings.slice(0, 5)) await deleteObservation(database, 'u-1', deleted.id);
    const [first, second] = sightings.slice(5);
    if (!first || !second) throw new Error('Two sightings are left');
    expect((await earliestSighting(database, 'u-1', robin))?.id).toBe(first.id);
    expect((await earliestSighting(database, 'u-1', robin, first.id))?.id).toBe(second.id);
    expect(await earliestSighting(database, 'u-1', robin, 'none')).toMatchObject({ lifer: true });

    // A save behind those tombstones is no lifer; one before every sighting takes the flag over.
    expect((await record(database, FIRST_DATE + 9 * DAY)).lifer).toBe(false);
    const earlier = await record(database, FIRST_DATE - DAY);
    expect(earlier.lifer).toBe(true);
    expect((await database.species_observations.get(first.id))?.lifer).toBe(false);
  });
});
