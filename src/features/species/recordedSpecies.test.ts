import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { FieldmarkDB } from '../../db/FieldmarkDB';
import { recordedSpeciesIds } from './recordedSpecies';
import { demoSpecies } from './testSpecies';

const opened: Dexie[] = [];
let counter = 0;

afterEach(async () => {
  for (const database of opened.splice(0)) {
    database.close();
    await Dexie.delete(database.name);
  }
});

const robin = demoSpecies('Turdus migratorius').id;
const bear = demoSpecies('Ursus americanus').id;

/** A database that has a sightings table, as a later version will (SPEC §3: indexed by user id). */
async function withObservations(rows: object[]): Promise<Dexie> {
  counter += 1;
  const database = new Dexie(`recorded-${counter}`);
  database.version(1).stores({ species_observations: 'observation_id, user_id' });
  opened.push(database);
  await database.table('species_observations').bulkPut(rows);
  return database;
}

describe('recordedSpeciesIds', () => {
  it('is empty while the database has no sightings table', async () => {
    counter += 1;
    const database = new FieldmarkDB(`recorded-${counter}`);
    opened.push(database);
    await database.open();
    expect(await recordedSpeciesIds(database, 'u-1')).toEqual(new Set());
  });

  it('reads the member’s own sightings, without deleted ones', async () => {
    const database = await withObservations([
      { observation_id: 'o-1', user_id: 'u-1', species_id: robin },
      { observation_id: 'o-2', user_id: 'u-1', species_id: robin },
      { observation_id: 'o-3', user_id: 'u-2', species_id: bear },
      { observation_id: 'o-4', user_id: 'u-1', species_id: bear, deleted: true },
    ]);
    expect(await recordedSpeciesIds(database, 'u-1')).toEqual(new Set([robin]));
    expect(await recordedSpeciesIds(database, null)).toEqual(new Set());
  });
});
