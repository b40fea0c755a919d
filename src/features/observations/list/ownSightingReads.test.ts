/**
 * The own-sightings reads on a real Dexie (fake-indexeddb), with sightings saved and deleted through
 * the repository, so a deleted one is a tombstone still in the indexes, as before the push.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freshDatabases } from '../../../db/testDatabases';
import { aSighting, localSeconds } from '../../../test/sightings';
import { demoSpecies } from '../../species/testSpecies';
import { deleteObservation, recordObservation } from '../observationsRepo';
import { ownSightingsCount, ownSightingsPage, ownSpeciesIds, unsyncedOf } from './ownSightingReads';
import { UNSPECIFIED_SPECIES } from './sightingItems';
import { present } from '../../../test/present';

const freshDb = freshDatabases('own-reads');
const baldEagle = demoSpecies('Haliaeetus leucocephalus');
const robin = demoSpecies('Turdus migratorius');
const bluebird = demoSpecies('Sialia sialis');
const WREN = 'u-1';

describe('own sightings reads', () => {
  it('pages, counts and lists species without local tombstones or other members', async () => {
    const db = await freshDb();
    const day = (n: number) => localSeconds(2026, 3, n);
    const eagles = [];
    for (let n = 1; n <= 5; n += 1)
      eagles.push(await recordObservation(db, WREN, aSighting(baldEagle, day(n))));
    const gone = await recordObservation(db, WREN, aSighting(bluebird, day(6)));
    await recordObservation(db, WREN, aSighting(robin, day(7)));
    await recordObservation(db, WREN, aSighting(null, day(8)));
    await recordObservation(db, 'u-2', aSighting(robin, day(9)));
    await deleteObservation(db, WREN, gone.id);
    await deleteObservation(db, WREN, present(eagles[4], 'the fifth eagle').id);
    const { tombstones } = await unsyncedOf(db, WREN);
    expect(tombstones.map((row) => row.id).sort()).toEqual(
      [gone.id, present(eagles[4], 'the fifth eagle').id].sort(),
    );

    const first = await ownSightingsPage(db, WREN, {}, 3, tombstones);
    expect(first.rows.map((row) => row.date)).toEqual([day(8), day(7), day(4)]);
    expect(first.more).toBe(true);
    expect((await ownSightingsPage(db, WREN, {}, 6, tombstones)).more).toBe(false);
    expect(await ownSightingsCount(db, WREN, {}, tombstones)).toBe(6);

    const eaglesFrom2 = { species: baldEagle.id, from: day(2) };
    expect((await ownSightingsPage(db, WREN, eaglesFrom2, 10, tombstones)).rows).toHaveLength(3);
    expect(await ownSightingsCount(db, WREN, eaglesFrom2, tombstones)).toBe(3);
    const unspecified = { species: UNSPECIFIED_SPECIES };
    expect((await ownSightingsPage(db, WREN, unspecified, 10, tombstones)).rows).toHaveLength(1);
    expect(await ownSightingsCount(db, WREN, unspecified, tombstones)).toBe(1);

    const { speciesIds, unspecified: hasUnspecified } = await ownSpeciesIds(db, WREN, tombstones);
    expect(speciesIds.sort()).toEqual([baldEagle.id, robin.id].sort());
    expect(hasUnspecified).toBe(true);
  });

  it('lists each species once when one species has a long run of sightings (the cursor jumps)', async () => {
    const db = await freshDb();
    for (let n = 1; n <= 40; n += 1)
      await recordObservation(db, WREN, aSighting(robin, localSeconds(2026, 1, 1) + n * 60));
    await recordObservation(db, WREN, aSighting(baldEagle, localSeconds(2026, 2, 1)));
    await recordObservation(db, WREN, aSighting(bluebird, localSeconds(2026, 2, 2)));
    await recordObservation(db, 'u-2', aSighting(robin, localSeconds(2026, 2, 3)));
    const { speciesIds } = await ownSpeciesIds(db, WREN, []);
    expect([...speciesIds].sort()).toEqual([baldEagle.id, bluebird.id, robin.id].sort());
  });
});
