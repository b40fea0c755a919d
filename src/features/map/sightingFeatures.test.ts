import { describe, expect, it } from 'vitest';
import {
  addSightings,
  emptySightings,
  sightingPoint,
  sightingsShownOf,
  type SightingPlaceFields,
  type SightingsShown,
} from './sightingFeatures';

/** A stored sighting's place fields near Ellensburg, Washington; override what a test is about. */
function aRow(overrides: Partial<SightingPlaceFields> = {}): SightingPlaceFields {
  return {
    id: 'obs-1',
    coordinate: { type: 'Point', coordinates: [-120.5481235, 46.9965144], accuracy: 8.13 },
    coordinate_hidden: false,
    lifer: false,
    ...overrides,
  };
}

const at = (id: string, coordinates: [number, number], lifer = false) =>
  aRow({ id, lifer, coordinate: { type: 'Point', coordinates } });

const ALL: SightingsShown = { lifers: true, others: true };

function collect(chunks: SightingPlaceFields[][], shown = ALL) {
  const collection = emptySightings();
  for (const chunk of chunks) addSightings(collection, chunk, shown);
  return collection;
}

describe('sightingPoint', () => {
  it('keeps the GeoJSON order [longitude, latitude], the id and the lifer flag', () => {
    expect(sightingPoint(aRow({ id: 'obs-7', lifer: true }))).toEqual({
      id: 'obs-7',
      position: [-120.5481235, 46.9965144],
      lifer: true,
    });
  });

  it('leaves out a sighting without a coordinate', () => {
    expect(sightingPoint(aRow({ coordinate: null, coordinate_hidden: true }))).toBeNull();
    expect(sightingPoint(aRow({ coordinate: null }))).toBeNull();
  });

  it('leaves out a hidden coordinate even when the device has it', () => {
    expect(sightingPoint(aRow({ coordinate_hidden: true }))).toBeNull();
  });

  it('leaves out a local tombstone (a delete not yet synced)', () => {
    expect(sightingPoint(aRow({ deleted: true }))).toBeNull();
  });

  it('leaves out a coordinate that is no place on Earth', () => {
    expect(sightingPoint(at('swapped', [46.99, -120.55]))).toBeNull(); // latitude and longitude swapped
    expect(sightingPoint(at('nan', [Number.NaN, 10]))).toBeNull();
    expect(sightingPoint(at('corner', [180, -90]))).not.toBeNull();
  });
});

describe('sightingsShownOf', () => {
  it('maps maps_show_lifer to lifers and maps_show_sightings to the other sightings', () => {
    expect(sightingsShownOf({ maps_show_lifer: false, maps_show_sightings: true })).toEqual({
      lifers: false,
      others: true,
    });
  });
});

describe('a collection of sightings', () => {
  const lifer = at('lifer', [-120.5481235, 46.9965144], true);
  const other = at('other', [18.42, -33.92]);
  const idsOf = (collection: ReturnType<typeof collect>) => collection.points.map((point) => point.id);

  it('is empty with no bounds to begin with', () => {
    expect(emptySightings()).toEqual({ points: [], lifers: 0, bounds: null });
  });

  it('gathers the chunks in reading order, counting the lifers, without what has no place', () => {
    const collection = collect([[lifer], [], [other, aRow({ id: 'gone', deleted: true })]]);
    expect(collection.points).toEqual([
      { id: 'lifer', position: [-120.5481235, 46.9965144], lifer: true },
      { id: 'other', position: [18.42, -33.92], lifer: false },
    ]);
    expect(collection.lifers).toBe(1);
  });

  it('keeps the box around every point, west-south-east-north', () => {
    expect(collect([[lifer], [other]]).bounds).toEqual([-120.5481235, -33.92, 18.42, 46.9965144]);
    expect(collect([[aRow({ coordinate: null })]]).bounds).toBeNull();
  });

  it('leaves out lifers when maps_show_lifer is off', () => {
    const collection = collect([[lifer, other]], { lifers: false, others: true });
    expect(idsOf(collection)).toEqual(['other']);
    expect(collection.lifers).toBe(0);
    expect(collection.bounds).toEqual([18.42, -33.92, 18.42, -33.92]);
  });

  it('leaves out the other sightings when maps_show_sightings is off', () => {
    const collection = collect([[lifer, other]], { lifers: true, others: false });
    expect(idsOf(collection)).toEqual(['lifer']);
    expect(collection.lifers).toBe(1);
  });
});
