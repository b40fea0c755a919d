import { describe, expect, it } from 'vitest';
import { adminPlacesTexts as texts } from './adminPlacesTexts';
import {
  emptyGuideDraft,
  emptyHotspotDraft,
  emptyLocationDraft,
  fieldOfReason,
  guideInputOf,
  hotspotInputOf,
  locationInputOf,
} from './drafts';

const square = [
  [31, -24],
  [32, -24],
  [32, -25],
  [31, -25],
  [31, -24],
];

describe('a place draft', () => {
  it('becomes the PUT body, numbers parsed, tags lower-cased, no radius when left empty', () => {
    const outcome = hotspotInputOf({
      ...emptyHotspotDraft,
      id: 'test-pan',
      name: ' Test Pan ',
      latitude: '-24.5',
      longitude: '31.5',
      boundary: JSON.stringify({ type: 'Polygon', coordinates: [square] }),
      habitat: 'Savanna, wetland',
    });
    expect(outcome).toEqual({
      kind: 'valid',
      id: 'test-pan',
      input: {
        name: 'Test Pan',
        description: '',
        latitude: -24.5,
        longitude: 31.5,
        boundary: { type: 'Polygon', coordinates: [square] },
        location_id: null,
        habitat: ['savanna', 'wetland'],
      },
    });
  });

  it('names every field that is wrong, in the form’s words', () => {
    const outcome = hotspotInputOf({
      ...emptyHotspotDraft,
      id: 'no spaces',
      latitude: '91',
      longitude: 'east',
      radius: '0',
      habitat: 'a_b',
    });
    expect(outcome).toEqual({
      kind: 'invalid',
      errors: {
        id: texts.problemPlaceId,
        name: texts.problemName,
        latitude: texts.problemLatitude,
        longitude: texts.problemLongitude,
        radius_km: texts.problemRadius,
        habitat: texts.problemHabitat,
      },
    });
  });

  it('refuses a boundary that is not JSON, not a polygon, or does not close', () => {
    const base = { ...emptyHotspotDraft, id: 'p', name: 'P', latitude: '0', longitude: '0' };
    const notJson = hotspotInputOf({ ...base, boundary: '{"type": ' });
    expect(notJson.kind === 'invalid' && notJson.errors.boundary).toMatch(/^This is not JSON: /);
    const notPolygon = hotspotInputOf({ ...base, boundary: '{"type": "Point", "coordinates": [0, 0]}' });
    expect(notPolygon.kind === 'invalid' && notPolygon.errors.boundary).toBe(texts.problemBoundary);
    const open = hotspotInputOf({
      ...base,
      boundary: JSON.stringify({ type: 'Polygon', coordinates: [[...square.slice(0, 4), [31.5, -24.5]]] }),
    });
    expect(open.kind === 'invalid' && open.errors.boundary).toMatch(
      /^boundary\.coordinates\[0\]: the ring does not close/,
    );
  });
});

describe('a field guide draft', () => {
  it('checks the contact fields as the server does', () => {
    const outcome = guideInputOf({
      ...emptyGuideDraft,
      name: 'Guide',
      email: 'not-an-address',
      website: 'example.org',
      phone: 'call me',
      latitude: '1',
      longitude: '2',
    });
    expect(outcome).toEqual({
      kind: 'invalid',
      errors: { email: texts.problemEmail, website: texts.problemWebsite, phone: texts.problemPhone },
    });
    expect(
      guideInputOf({
        ...emptyGuideDraft,
        name: 'Guide',
        languages: 'English, Zulu',
        latitude: '1',
        longitude: '2',
      }),
    ).toMatchObject({ kind: 'valid', input: { languages: ['English', 'Zulu'], email: '' } });
  });
});

describe('a location draft', () => {
  it('reads names by language, one a line, and needs a country for a region', () => {
    const outcome = locationInputOf({
      ...emptyLocationDraft,
      id: 'ZAF-X',
      name: 'Test Region',
      names: 'de: Testregion\n\nfr: Région test',
      type: 'region',
      latitude: '-30',
      longitude: '25',
    });
    expect(outcome).toEqual({ kind: 'invalid', errors: { parent_id: texts.problemParent } });
    const valid = locationInputOf({
      ...emptyLocationDraft,
      id: 'ZAF-X',
      name: 'Test Region',
      names: 'de: Testregion\n\nfr: Région test',
      type: 'region',
      parentId: 'ZAF',
      latitude: '-30',
      longitude: '25',
      groups: { reptiles: true },
    });
    expect(valid).toEqual({
      kind: 'valid',
      id: 'ZAF-X',
      input: {
        name: 'Test Region',
        names: { de: 'Testregion', fr: 'Région test', en: 'Test Region' },
        type: 'region',
        parent_id: 'ZAF',
        latitude: -30,
        longitude: 25,
        classifications: { reptiles: true },
      },
    });
    const badNames = locationInputOf({ ...emptyLocationDraft, id: 'X', name: 'X', names: 'German Testland' });
    expect(badNames.kind === 'invalid' && badNames.errors.names).toBe(texts.problemNames);
  });
});

it('a server reason that names a field is put under that field', () => {
  expect(fieldOfReason('boundary.coordinates[0]: the ring does not close', ['boundary'])).toBe('boundary');
  expect(fieldOfReason('location_id: unknown location', ['location_id'])).toBe('location_id');
  expect(fieldOfReason('This location is still used by 2 regions', ['name'])).toBeUndefined();
});
