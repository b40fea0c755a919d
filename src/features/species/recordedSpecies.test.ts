/**
 * The species a member has recorded, on a real Dexie (fake-indexeddb), with sightings written and
 * deleted through the sightings repository as the app does (so unsynced deletes are tombstones
 * with dirty marks, as they are on a device).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import { freshDatabases } from '../../db/testDatabases';
import { deleteObservation, recordObservation } from '../observations/observationsRepo';
import { recordedSpeciesIds } from './recordedSpecies';
import { demoSpecies } from './testSpecies';

const freshDb = freshDatabases('recorded');

const robin = demoSpecies('Turdus migratorius').id;
const bear = demoSpecies('Ursus americanus').id;
const goldenEagle = demoSpecies('Aquila chrysaetos').id;

function record(database: FieldmarkDB, userId: string, speciesId: string | null, date = 1_767_225_600) {
  return recordObservation(database, userId, {
    species_id: speciesId,
    taxa: null,
    coordinate: null,
    coordinate_hidden: true,
    date,
    public: false,
    note: '',
  });
}

describe('recordedSpeciesIds', () => {
  it('is empty for a guest and for a member with no sightings here', async () => {
    const database = await freshDb();
    await record(database, 'u-2', bear);
    expect(await recordedSpeciesIds(database, null)).toEqual(new Set());
    expect(await recordedSpeciesIds(database, 'u-1')).toEqual(new Set());
  });

  it("reads the member's own species, once each, without the unspecified ones", async () => {
    const database = await freshDb();
    await record(database, 'u-1', robin);
    await record(database, 'u-1', robin, 1_767_312_000);
    await record(database, 'u-1', null);
    await record(database, 'u-2', bear);
    expect(await recordedSpeciesIds(database, 'u-1')).toEqual(new Set([robin]));
  });

  it('leaves out a species whose only sighting was deleted and not yet synced, keeps one with another', async () => {
    const database = await freshDb();
    const onlyBear = await record(database, 'u-1', bear);
    const firstRobin = await record(database, 'u-1', robin);
    await record(database, 'u-1', robin, 1_767_312_000);
    await record(database, 'u-1', goldenEagle);
    await deleteObservation(database, 'u-1', onlyBear.id);
    await deleteObservation(database, 'u-1', firstRobin.id);
    // The tombstones are still rows on the device, waiting for the push.
    expect((await database.species_observations.get(onlyBear.id))?.deleted).toBe(true);
    expect(await recordedSpeciesIds(database, 'u-1')).toEqual(new Set([robin, goldenEagle]));
  });
});
