import { describe, expect, it } from 'vitest';
import { recordingTexts } from './texts';
import { demoSpecies } from '../species/testSpecies';
import {
  draftOf,
  draftProblems,
  draftSpeciesOf,
  draftToSave,
  newDraft,
  parseCoordinate,
  type ObservationDraft,
} from './observationDraft';
import type { NewPhoto } from './observationsRepo';

const NOW = Date.UTC(2025, 5, 1, 12, 0);
const mallard = demoSpecies('Anas platyrhynchos');

function draft(changes: Partial<ObservationDraft> = {}): ObservationDraft {
  return { ...newDraft(draftSpeciesOf(mallard), false, NOW), ...changes };
}

const messagesOf = (value: ObservationDraft, newPhotoCount = 0) =>
  draftProblems(value, { nowMs: NOW, newPhotoCount }).map((problem) => problem.message);

describe('draftProblems', () => {
  it('accepts a new sighting of a species at the current time', () => {
    expect(messagesOf(draft())).toEqual([]);
  });

  it('needs a species unless the sighting is marked unspecified', () => {
    expect(messagesOf(draft({ species: null }))).toEqual([recordingTexts.sightingSpeciesRequired]);
    expect(messagesOf(draft({ species: null, unspecified: true }))).toEqual([]);
  });

  it('needs a date no more than a day ahead', () => {
    expect(messagesOf(draft({ dateTime: '' }))).toEqual([recordingTexts.sightingDateRequired]);
    expect(messagesOf(draft({ dateTime: '2025-02-30T10:00' }))).toEqual([
      recordingTexts.sightingDateRequired,
    ]);
    const inTwoDays = new Date(NOW + 2 * 86_400_000);
    const later = newDraft(null, true, inTwoDays.getTime()).dateTime;
    expect(messagesOf(draft({ dateTime: later }))).toEqual([recordingTexts.sightingDateFuture]);
    const inTwentyHours = newDraft(null, true, NOW + 20 * 3_600_000).dateTime;
    expect(messagesOf(draft({ dateTime: inTwentyHours }))).toEqual([]);
  });

  it('needs typed coordinates within range', () => {
    const manual = (latitude: string, longitude: string) =>
      messagesOf(draft({ positionSource: 'manual', latitude, longitude }));
    expect(manual('47.6062', '-122.3321')).toEqual([]);
    expect(manual('47,6062', '-122,3321')).toEqual([]);
    expect(manual('', '')).toEqual([
      recordingTexts.sightingLatitudeInvalid,
      recordingTexts.sightingLongitudeInvalid,
    ]);
    expect(manual('91', '0')).toEqual([recordingTexts.sightingLatitudeInvalid]);
    expect(manual('-90', '180.5')).toEqual([recordingTexts.sightingLongitudeInvalid]);
    expect(manual('north', '10')).toEqual([recordingTexts.sightingLatitudeInvalid]);
  });

  it('limits the note to 5000 characters and the photos to 20', () => {
    expect(messagesOf(draft({ note: 'a'.repeat(5000) }))).toEqual([]);
    expect(messagesOf(draft({ note: 'a'.repeat(5001) }))).toHaveLength(1);
    expect(messagesOf(draft(), 20)).toEqual([]);
    expect(messagesOf(draft(), 21)).toHaveLength(1);
  });
});

describe('draftToSave', () => {
  const photo = (id: string): NewPhoto => ({
    media_id: id,
    bytes: new ArrayBuffer(4),
    content_type: 'image/jpeg',
    width: 2,
    height: 2,
  });

  it("copies the species' taxa and rounds the device fix", () => {
    const fix = { lat: 47.606209912, lng: -122.332071234, accuracy: 12.3456, time: NOW };
    const { input } = draftToSave(draft(), fix, []);
    expect(input.species_id).toBe(mallard.id);
    expect(input.taxa).toEqual({
      classification: 'Birds|Clements',
      group_name: 'Birds',
      name: 'Anas platyrhynchos',
    });
    expect(input.coordinate).toEqual({
      type: 'Point',
      coordinates: [-122.3320712, 47.6062099],
      accuracy: 12.35,
      time: NOW / 1000,
    });
    expect(input.coordinate_hidden).toBe(false);
  });

  it('hides a sighting saved without any position', () => {
    const { input } = draftToSave(draft(), null, []);
    expect(input.coordinate).toBeNull();
    expect(input.coordinate_hidden).toBe(true);
  });

  it('writes exactly the featured photo as featured', () => {
    const { input, photos } = draftToSave(
      draft({ media: [{ featured: true, media_id: 'old', path: '/old.jpg' }], featured: 'new-2' }),
      null,
      [photo('new-1'), photo('new-2')],
    );
    expect(input.media).toEqual([{ featured: false, media_id: 'old', path: '/old.jpg' }]);
    expect(photos.map((item) => [item.media_id, item.featured])).toEqual([
      ['new-1', false],
      ['new-2', true],
    ]);
  });

  it('drops the species of an unspecified sighting', () => {
    const { input } = draftToSave(draft({ unspecified: true }), null, []);
    expect(input.species_id).toBeNull();
    expect(input.taxa).toBeNull();
  });
});

describe('draftOf', () => {
  const robin = {
    id: 'avibase-7c6f4a1b',
    taxa: { classification: 'Birds|IOC', group_name: 'Birds', name: 'Turdus migratorius' },
  };
  const stored = {
    id: 'obs-1',
    observation_id: 'obs-1',
    user_id: 'u-1',
    species_id: robin.id,
    taxa: robin.taxa,
    coordinate: null,
    coordinate_hidden: true,
    date: NOW / 1000,
    public: true,
    lifer: true,
    note: 'a\u0000b',
    media: [],
    trips: [],
    rev: '1_dev',
  };

  it("keeps a sighting's own species when the device does not have it, and saves it unchanged", () => {
    const edited = draftOf(stored, null);
    expect(edited.species).toEqual({
      id: robin.id,
      name: 'Turdus migratorius',
      scientific_name: 'Turdus migratorius',
      taxa: robin.taxa,
    });
    const { input } = draftToSave(edited, null, []);
    expect(input.species_id).toBe(robin.id);
    expect(input.taxa).toEqual(robin.taxa);
    expect(input.note).toBe('ab'); // text a database cannot hold never leaves the form
  });

  it("names the species from the device's row when it has it, keeping the record's taxa", () => {
    const row = { ...robin, name: 'American Robin', scientific_name: 'Turdus migratorius' };
    expect(draftOf(stored, row).species).toMatchObject({ name: 'American Robin', taxa: robin.taxa });
  });
});

describe('parseCoordinate', () => {
  it('reads a decimal comma and refuses empty text', () => {
    expect(parseCoordinate(' 12,5 ')).toBe(12.5);
    expect(parseCoordinate('')).toBeNaN();
  });
});
