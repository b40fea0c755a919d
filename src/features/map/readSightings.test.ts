/**
 * The maps' read of sightings on a real Dexie (fake-indexeddb): the member's own rows only, of one
 * species when asked. The rows are written straight into the sightings table, as a pull leaves
 * them; the points table and its packed chunks follow them (db/mapPoints.ts, db/mapChunks.ts), and
 * the maps read those: a member's map the chunks, a species map the points.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freshDatabases } from '../../db/testDatabases';
import type { ObservationRow } from '../../db/rows';
import { readSightings } from './readSightings';
import type { SightingsCollection } from './sightingFeatures';

const freshDb = freshDatabases('map-read');

const EAGLE = 'avibase-fed3756c';
const DEER = 'mdd-1006302';

function aSighting(id: string, overrides: Partial<ObservationRow> = {}): ObservationRow {
  return {
    id,
    observation_id: id,
    rev: '1_abc',
    user_id: 'u-1',
    species_id: EAGLE,
    taxa: { classification: 'Birds|IOC', group_name: 'Birds', name: 'Haliaeetus leucocephalus' },
    coordinate: { type: 'Point', coordinates: [-120.55, 47] },
    coordinate_hidden: false,
    date: 1_767_225_600,
    public: true,
    lifer: false,
    note: '',
    media: [],
    location: null,
    trips: [],
    ...overrides,
  };
}

const ids = (collection: SightingsCollection) => collection.points.map((point) => point.id).sort();

const ALL = { lifers: true, others: true };

describe('readSightings', () => {
  it("reads the member's own sightings without other members' or deleted ones", async () => {
    const database = await freshDb();
    const own = Array.from({ length: 12 }, (_, index) => aSighting(`own-${String(index).padStart(5, '0')}`));
    await database.species_observations.bulkPut([
      ...own,
      aSighting('other-member', { user_id: 'u-2' }),
      aSighting('own-deleted', { deleted: true }),
    ]);
    const collection = await readSightings(database, 'u-1', null, ALL);
    expect(ids(collection)).toEqual(own.map((row) => row.id));
  });

  it("reads the member's map from the packed points: positions, lifers, totals and bounds", async () => {
    const database = await freshDb();
    await database.species_observations.bulkPut([
      aSighting('west', { coordinate: { type: 'Point', coordinates: [-170.5, 10] }, lifer: true }),
      aSighting('north', { coordinate: { type: 'Point', coordinates: [3, 71.25] } }),
      aSighting('south', { coordinate: { type: 'Point', coordinates: [20, -55] }, lifer: true }),
      aSighting('hidden', { coordinate: { type: 'Point', coordinates: [179, 80] }, coordinate_hidden: true }),
    ]);
    const collection = await readSightings(database, 'u-1', null, ALL);
    expect(collection.points.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'north', position: [3, 71.25], lifer: false },
      { id: 'south', position: [20, -55], lifer: true },
      { id: 'west', position: [-170.5, 10], lifer: true },
    ]);
    expect(collection.lifers).toBe(2);
    expect(collection.bounds).toEqual([-170.5, -55, 20, 71.25]);
    const lifersOnly = await readSightings(database, 'u-1', null, { lifers: true, others: false });
    expect(ids(lifersOnly)).toEqual(['south', 'west']);
    expect(lifersOnly.bounds).toEqual([-170.5, -55, 20, 10]);
  });

  it('reads only the sightings of the species asked for', async () => {
    const database = await freshDb();
    await database.species_observations.bulkPut([
      aSighting('eagle-1', { lifer: true }),
      aSighting('eagle-2'),
      aSighting('deer-1', { species_id: DEER }),
      aSighting('eagle-of-u-2', { user_id: 'u-2' }),
    ]);
    const collection = await readSightings(database, 'u-1', EAGLE, ALL);
    expect(ids(collection)).toEqual(['eagle-1', 'eagle-2']);
    expect(collection.points.filter((point) => point.lifer).map((point) => point.id)).toEqual(['eagle-1']);
    expect(collection.lifers).toBe(1);
  });

  it('reads nothing when the settings hide lifers and other sightings alike', async () => {
    const database = await freshDb();
    await database.species_observations.bulkPut([
      aSighting('eagle-1', { lifer: true }),
      aSighting('eagle-2'),
    ]);
    const collection = await readSightings(database, 'u-1', null, { lifers: false, others: false });
    expect(collection.points).toEqual([]);
    expect(collection.bounds).toBeNull();
  });
});
