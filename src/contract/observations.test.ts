import { describe, expect, it } from 'vitest';
import {
  geoPoint,
  isObservation,
  OBSERVATION_NOTE_MAX,
  roundAccuracy,
  roundCoordinate,
  roundGeoPoint,
  UNSPECIFIED_OBSERVATION_DATE,
  type Observation,
} from './observations';

/** A real species of the demo extract. */
const BALD_EAGLE = 'avibase-fed3756c';

const valid: Observation = {
  observation_id: '0190a3c2-7b1e-7cc0-9a4e-3f2d1c0b9a87',
  user_id: '5b0f1d7e-5a0c-4c57-8a2e-0f6f8d6f2a11',
  species_id: BALD_EAGLE,
  taxa: { classification: 'Birds|IOC', group_name: 'Birds', name: 'Haliaeetus leucocephalus' },
  coordinate: { type: 'Point', coordinates: [-120.5481234, 46.9965144], accuracy: 12.5, time: 1767225600 },
  coordinate_hidden: false,
  date: 1767225600,
  public: true,
  lifer: true,
  note: 'Two adults over the river',
  media: [{ featured: true, media_id: 'm1', path: '/api/v1.0/media/m1/thumbnail' }],
  location: { last_mod: 1767225600, names: { USA: 'United States' } },
  trips: [],
};

describe('coordinates (SPEC §3 "Geo point")', () => {
  it('rounds coordinates to 7 decimals and accuracy to 2', () => {
    expect(roundCoordinate(47.123456789)).toBe(47.1234568);
    expect(roundCoordinate(-120.00000004)).toBe(-120);
    expect(roundCoordinate(-0.00000001)).toBe(0);
    expect(roundAccuracy(12.3456)).toBe(12.35);
  });

  it('builds GeoJSON points in [longitude, latitude] order', () => {
    expect(geoPoint({ lat: 47.000000049, lng: -120.512345678, accuracy: 5.555, time: 1767225600.9 })).toEqual(
      {
        type: 'Point',
        coordinates: [-120.5123457, 47],
        accuracy: 5.56,
        time: 1767225600,
      },
    );
    expect(geoPoint({ lat: 1, lng: 2 })).toEqual({ type: 'Point', coordinates: [2, 1] });
    expect(roundGeoPoint({ type: 'Point', coordinates: [2.123456789, 1.5], accuracy: 1.005 })).toEqual({
      type: 'Point',
      coordinates: [2.1234568, 1.5],
      accuracy: 1,
    });
  });
});

describe('isObservation', () => {
  it('accepts a full sighting and the unspecified quick record', () => {
    expect(isObservation(valid)).toBe(true);
    const unspecified: Observation = {
      ...valid,
      species_id: null,
      taxa: null,
      coordinate: null,
      coordinate_hidden: true,
      date: UNSPECIFIED_OBSERVATION_DATE,
      public: false,
      lifer: false,
      media: [],
      location: null,
    };
    expect(isObservation(unspecified)).toBe(true);
    const { location: _location, ...withoutLocation } = valid;
    expect(isObservation(withoutLocation)).toBe(true);
  });

  it('refuses values out of range or of the wrong shape', () => {
    const bad: unknown[] = [
      { ...valid, coordinate: { type: 'Point', coordinates: [-120, 91] } },
      { ...valid, coordinate: { type: 'Point', coordinates: [181, 0] } },
      { ...valid, coordinate: { type: 'Point', coordinates: [0] } },
      { ...valid, coordinate: { type: 'Point', coordinates: [0, 0], accuracy: -1 } },
      { ...valid, date: -1 },
      { ...valid, date: 1.5 },
      { ...valid, note: 'x'.repeat(OBSERVATION_NOTE_MAX + 1) },
      { ...valid, species_id: 'Bald Eagle' },
      { ...valid, observation_id: '' },
      { ...valid, public: 'yes' },
      { ...valid, media: [{ featured: true, path: '/x' }] },
      { ...valid, location: { names: {} } },
      { species_id: BALD_EAGLE },
      null,
    ];
    for (const value of bad)
      expect(isObservation(value), (JSON.stringify(value) as string | undefined)?.slice(0, 120)).toBe(false);
    expect(isObservation({ ...valid, note: 'x'.repeat(OBSERVATION_NOTE_MAX) })).toBe(true);
  });
});
