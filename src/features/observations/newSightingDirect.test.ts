/**
 * recordObservation's direct path for a new sighting (newSightingDirect.ts) on a real Dexie
 * (fake-indexeddb): it stores what the general Dexie transaction stores, live queries learn of it as
 * they learn of a Dexie write, and the cases it leaves to the general path get the general path's
 * outcome with nothing of the direct attempt left behind. Which path ran is read from the Dexie
 * readwrite transactions the save opened (a DBCore middleware): none on the direct path.
 */
import 'fake-indexeddb/auto';
import { Dexie, liveQuery } from 'dexie';
import { describe, expect, it } from 'vitest';
import type { ObservationRow } from '../../db/rows';
import { deviceSuffix } from '../../db/sync/localWrites';
import { freshDatabases } from '../../db/testDatabases';
import { countReadwriteTransactions } from '../../test/countReadwrite';
import { aSighting, localSeconds } from '../../test/sightings';
import { demoSpecies } from '../species/testSpecies';
import { saveTrip } from '../trips/tripsRepo';
import { deleteObservation, recordObservation } from './observationsRepo';
import { present } from '../../test/present';

const robin = demoSpecies('Turdus migratorius');
const DAY = 86_400;
const NOW = localSeconds(2026, 11, 24, 12);
const freshDb = freshDatabases('direct');

/** A fresh database counting its Dexie readwrite transactions, with the device suffix made. */
async function counted() {
  let transactions: ReturnType<typeof countReadwriteTransactions> | undefined;
  const database = await freshDb((opening) => {
    transactions = countReadwriteTransactions(opening);
  });
  await deviceSuffix(database);
  const counter = present(transactions, 'the transaction counter');
  counter.reset();
  return { database, transactions: counter };
}

/**
 * Watches `query`: `next` is the first value it gives that `accept` takes, `first` settles once it
 * gave any value (it has run on the database as it is now).
 */
function watch<T>(query: () => Promise<T>, accept: (value: T) => boolean) {
  let ran!: () => void;
  const first = new Promise<void>((resolve) => {
    ran = resolve;
  });
  const next = new Promise<T>((resolve, reject) => {
    const subscription = liveQuery(query).subscribe({
      next: (value) => {
        ran();
        if (!accept(value)) return;
        subscription.unsubscribe();
        resolve(value);
      },
      error: reject,
    });
  });
  return { first, next };
}

/** The next value `query` gives that `accept` takes (a live query's first value comes first). */
const nextValue = <T>(query: () => Promise<T>, accept: (value: T) => boolean) => watch(query, accept).next;

const stable = (row: ObservationRow | undefined) => row && { ...row, id: '', observation_id: '' };

describe('a new sighting saved without Dexie', () => {
  it('stores the row and dirty mark the Dexie transaction stores, lifer flag and trips included', async () => {
    const direct = await counted();
    const general = await counted();
    for (const { database } of [direct, general])
      await saveTrip(database, 'u-1', {
        name: 'Weekend',
        date_start: NOW - DAY,
        date_end: NOW + DAY,
        note: '',
      });
    const input = aSighting(robin, NOW);
    direct.transactions.reset();
    general.transactions.reset();

    const saved = await recordObservation(direct.database, 'u-1', input, { now: NOW * 1000 });
    // A given id (a replay) always takes the general path.
    const reference = await recordObservation(general.database, 'u-1', input, {
      now: NOW * 1000,
      id: 'given',
    });
    expect(direct.transactions.count()).toBe(0);
    expect(general.transactions.count()).toBe(1);

    expect(saved.lifer).toBe(true);
    expect(saved.trips).toHaveLength(1);
    const [trip] = await direct.database.trips.toArray();
    expect(saved.trips).toEqual([present(trip, 'the trip').id]);
    expect(stable(saved)).toEqual({ ...stable(reference), trips: saved.trips, rev: saved.rev });
    expect(await direct.database.species_observations.get(saved.id)).toEqual(saved);
    expect(saved.rev.split('_')[0]).toBe('1');
    const [mark] = await direct.database.dirty.toArray();
    const [referenceMark] = await general.database.dirty
      .where('collection')
      .equals('species_observations')
      .toArray();
    expect(mark).toEqual({ ...referenceMark, id: saved.id, rev: saved.rev });

    // The next sighting of the species is no lifer and still goes directly.
    const next = await recordObservation(direct.database, 'u-1', aSighting(robin, NOW + 60));
    expect(next.lifer).toBe(false);
    expect(direct.transactions.count()).toBe(0);
  });

  it('is seen by live queries over the sightings and the dirty marks', async () => {
    const { database } = await counted();
    await recordObservation(database, 'u-1', aSighting(robin, NOW - DAY));
    const byDate = () =>
      database.species_observations
        .where('[user_id+date]')
        .between(['u-1', Dexie.minKey], ['u-1', Dexie.maxKey])
        .toArray();
    const unsynced = () => database.dirty.where('user_id').equals('u-1').count();
    await nextValue(byDate, (rows) => rows.length === 1);
    const listed = watch(byDate, (rows) => rows.length === 2);
    const unsyncedTwo = watch(unsynced, (count) => count === 2);
    // Both have run once on the database as it is before the save.
    await Promise.all([listed.first, unsyncedTwo.first]);

    const saved = await recordObservation(database, 'u-1', aSighting(robin, NOW));
    expect((await listed.next).map((row) => row.id)).toContain(saved.id);
    expect(await unsyncedTwo.next).toBe(2);
  });

  it('leaves to the Dexie transaction a sighting that takes the lifer flag from another, writing nothing itself', async () => {
    const { database, transactions } = await counted();
    const first = await recordObservation(database, 'u-1', aSighting(robin, NOW));
    const earlier = await recordObservation(database, 'u-1', aSighting(robin, NOW - DAY));
    expect(transactions.count()).toBe(1);
    expect(earlier.lifer).toBe(true);
    expect((await database.species_observations.get(first.id))?.lifer).toBe(false);
    expect(await database.species_observations.count()).toBe(2);
    expect(await database.dirty.count()).toBe(2);
  });

  it('leaves to the Dexie transaction flags that were not right before the save', async () => {
    const { database, transactions } = await counted();
    const first = await recordObservation(database, 'u-1', aSighting(robin, NOW - DAY));
    // As a pull half-way through would leave them: the first sighting without its flag.
    await database.species_observations.put({ ...first, lifer: false });
    transactions.reset();
    const next = await recordObservation(database, 'u-1', aSighting(robin, NOW));
    expect(transactions.count()).toBe(1);
    expect(next.lifer).toBe(false);
    expect((await database.species_observations.get(first.id))?.lifer).toBe(true);
  });

  it('leaves to the Dexie transaction a species whose first index entries are all tombstones', async () => {
    const { database, transactions } = await counted();
    const sightings = [];
    for (let day = 0; day < 5; day += 1)
      sightings.push(await recordObservation(database, 'u-1', aSighting(robin, NOW - (10 - day) * DAY)));
    for (const gone of sightings.slice(0, 4)) await deleteObservation(database, 'u-1', gone.id);
    transactions.reset();
    const next = await recordObservation(database, 'u-1', aSighting(robin, NOW));
    expect(transactions.count()).toBe(1);
    expect(next.lifer).toBe(false);
    expect(
      (await database.species_observations.get(present(sightings[4], 'the fifth sighting').id))?.lifer,
    ).toBe(true);
  });

  it('goes through Dexie, which reopens it, when the connection is closed', async () => {
    const { database, transactions } = await counted();
    database.close({ disableAutoOpen: false });
    const saved = await recordObservation(database, 'u-1', aSighting(robin, NOW));
    expect(transactions.count()).toBe(1);
    expect(await database.species_observations.get(saved.id)).toEqual(saved);
  });

  it('goes through Dexie, which reopens it, when the connection was closed under Dexie', async () => {
    const { database, transactions } = await counted();
    // As a browser may close it (storage pressure, a deleted database) without Dexie knowing.
    database.backendDB().close();
    const saved = await recordObservation(database, 'u-1', aSighting(robin, NOW));
    // Dexie's first try meets the closed connection too; it reopens and tries again.
    expect(transactions.count()).toBeGreaterThanOrEqual(1);
    expect(await database.species_observations.get(saved.id)).toEqual(saved);
  });
});
