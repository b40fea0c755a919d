import { describe, expect, it } from 'vitest';
import {
  addSightings,
  emptySightings,
  sightingAt,
  sightingPoint,
  sightingsCount,
  sightingsGeoJson,
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

  it('is a FeatureCollection without features when empty', () => {
    expect(sightingsGeoJson(emptySightings())).toEqual({ type: 'FeatureCollection', features: [] });
  });

  it('gathers the chunks into one MultiPoint of lifers and one of the others, ids kept in step', () => {
    const collection = collect([[lifer], [], [other, aRow({ id: 'gone', deleted: true })]]);
    expect(sightingsGeoJson(collection).features).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'MultiPoint', coordinates: [[-120.5481235, 46.9965144]] },
        properties: { lifer: true },
      },
      {
        type: 'Feature',
        geometry: { type: 'MultiPoint', coordinates: [[18.42, -33.92]] },
        properties: { lifer: false },
      },
    ]);
    expect(collection.lifers.ids).toEqual(['lifer']);
    expect(collection.others.ids).toEqual(['other']);
    expect(sightingsCount(collection)).toBe(2);
  });

  it('keeps the box around every point, west-south-east-north', () => {
    expect(collect([[lifer], [other]]).bounds).toEqual([-120.5481235, -33.92, 18.42, 46.9965144]);
    expect(collect([[aRow({ coordinate: null })]]).bounds).toBeNull();
  });

  it('leaves out lifers when maps_show_lifer is off', () => {
    const collection = collect([[lifer, other]], { lifers: false, others: true });
    expect(sightingsGeoJson(collection).features.map((feature) => feature.properties.lifer)).toEqual([false]);
    expect(collection.bounds).toEqual([18.42, -33.92, 18.42, -33.92]);
  });

  it('leaves out the other sightings when maps_show_sightings is off', () => {
    const collection = collect([[lifer, other]], { lifers: true, others: false });
    expect(sightingsGeoJson(collection).features.map((feature) => feature.properties.lifer)).toEqual([true]);
    expect(sightingsCount(collection)).toBe(1);
  });
});

describe('sightingAt', () => {
  // At zoom 10 a degree of longitude is 512·2^10/360 ≈ 1456 px: 0.001° ≈ 1.5 px, 0.01° ≈ 15 px.
  const collection = collect([
    [
      at('near', [10, 50]),
      at('same-place-later', [10, 50]),
      at('east', [10.01, 50]),
      at('lifer-here', [10, 50], true),
    ],
  ]);

  it('finds the sighting of the clicked kind at the clicked place, the first read when several are there', () => {
    expect(sightingAt(collection, false, [10.001, 50], 10, 14)).toBe('near');
    expect(sightingAt(collection, true, [10.001, 50], 10, 14)).toBe('lifer-here');
  });

  it('picks the nearest of two dots', () => {
    expect(sightingAt(collection, false, [10.008, 50], 10, 14)).toBe('east');
  });

  it('finds nothing beyond the radius', () => {
    expect(sightingAt(collection, false, [10.03, 50], 10, 14)).toBeNull();
    expect(sightingAt(collection, true, [10.01, 50], 10, 14)).toBeNull();
  });
});
