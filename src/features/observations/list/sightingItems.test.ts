import { describe, expect, it } from 'vitest';
import { UNSPECIFIED_OBSERVATION_DATE, type Observation } from '@contract/observations';
import { aSighting, localSeconds } from '../../../test/sightings';
import { demoSpecies } from '../../species/testSpecies';
import {
  hasRecordedDate,
  matchesFilter,
  matchingChoices,
  thumbOf,
  UNSPECIFIED_SPECIES,
} from './sightingItems';

const baldEagle = demoSpecies('Haliaeetus leucocephalus');
const robin = demoSpecies('Turdus migratorius');

function sighting(species: typeof baldEagle | null, date: number, trips: string[] = []): Observation {
  return {
    ...aSighting(species, date),
    observation_id: `${species?.id ?? 'none'}-${date}`,
    user_id: 'u-1',
    lifer: false,
    media: [],
    location: null,
    trips,
  };
}

describe('matchesFilter', () => {
  const eagle = sighting(baldEagle, localSeconds(2026, 3, 3));
  const unknown = sighting(null, UNSPECIFIED_OBSERVATION_DATE);

  it('matches a species, or the unspecified sightings', () => {
    expect(matchesFilter(eagle, { species: baldEagle.id })).toBe(true);
    expect(matchesFilter(eagle, { species: robin.id })).toBe(false);
    expect(matchesFilter(unknown, { species: UNSPECIFIED_SPECIES })).toBe(true);
    expect(matchesFilter(eagle, { species: UNSPECIFIED_SPECIES })).toBe(false);
  });

  it('keeps both ends of a date range', () => {
    expect(matchesFilter(eagle, { from: eagle.date, to: eagle.date })).toBe(true);
    expect(matchesFilter(eagle, { from: eagle.date + 1 })).toBe(false);
    expect(matchesFilter(eagle, { to: eagle.date - 1 })).toBe(false);
  });

  it("takes a trip's sightings by link or by date", () => {
    const trip = {
      trip_id: 't-1',
      date_start: localSeconds(2026, 3, 1, 0),
      date_end: localSeconds(2026, 3, 4, 0),
    };
    expect(matchesFilter(eagle, { trip })).toBe(true);
    const linkedOutside = sighting(robin, localSeconds(2026, 5, 1), ['t-1']);
    expect(matchesFilter(linkedOutside, { trip })).toBe(true);
    expect(matchesFilter(sighting(robin, localSeconds(2026, 5, 1)), { trip })).toBe(false);
  });
});

describe('row facts', () => {
  it('treats the fixed date of an unspecified quick record as no date', () => {
    expect(hasRecordedDate(sighting(null, UNSPECIFIED_OBSERVATION_DATE))).toBe(false);
    expect(hasRecordedDate(sighting(baldEagle, UNSPECIFIED_OBSERVATION_DATE))).toBe(true);
  });

  it("shows the featured photo, else the species' thumbnail", () => {
    const withPhotos = {
      ...sighting(baldEagle, 1),
      media: [
        { featured: false, media_id: 'a', path: '/a.jpg' },
        { featured: true, media_id: 'b', path: '/b.jpg' },
      ],
    };
    const species = { name: 'Bald Eagle', photo: { thumbs: [{ media_id: 't', path: '/t.jpg' }] } };
    expect(thumbOf(withPhotos, species)).toBe('/b.jpg');
    expect(thumbOf(sighting(baldEagle, 1), species)).toBe('/t.jpg');
    expect(thumbOf(sighting(baldEagle, 1), undefined)).toBeNull();
  });
});

describe('species choices', () => {
  it('finds by the start of any word of either name, accents and case aside', () => {
    const choices = [
      { id: '1', name: 'Bald Eagle', scientific_name: 'Haliaeetus leucocephalus' },
      { id: '2', name: 'Golden Eagle', scientific_name: 'Aquila chrysaetos' },
      { id: '3', name: 'Pygargue à tête blanche', scientific_name: 'Haliaeetus leucocephalus' },
    ];
    expect(matchingChoices(choices, 'eag').map((choice) => choice.id)).toEqual(['1', '2']);
    expect(matchingChoices(choices, 'BALD e').map((choice) => choice.id)).toEqual(['1']);
    expect(matchingChoices(choices, 'tete').map((choice) => choice.id)).toEqual(['3']);
    expect(matchingChoices(choices, 'aquila').map((choice) => choice.id)).toEqual(['2']);
    expect(matchingChoices(choices, '', 2)).toHaveLength(2);
  });
});
