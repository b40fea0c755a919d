import { describe, expect, it } from 'vitest';
import { userStats } from '@contract/stats';
import { aSighting, localSeconds, WASHINGTON, WESTERN_CAPE } from '../../../test/sightings';
import { demoSpecies } from '../../species/testSpecies';
import { namesFromSightings, speciesStatsRows } from './statsRows';

const baldEagle = demoSpecies('Haliaeetus leucocephalus');
const elephant = demoSpecies('Loxodonta africana');

describe('speciesStatsRows', () => {
  it('names species and places from the sightings, the latest lifer first, places first seen first', () => {
    const sightings = [
      { ...aSighting(baldEagle, localSeconds(2026, 3, 3), { location: WESTERN_CAPE }), observation_id: 'a' },
      { ...aSighting(baldEagle, localSeconds(2026, 1, 3), { location: WASHINGTON }), observation_id: 'b' },
      { ...aSighting(elephant, localSeconds(2026, 2, 3)), observation_id: 'c' },
    ];
    const stats = userStats('u-1', sightings);
    const rows = speciesStatsRows(stats, namesFromSightings(sightings));
    expect(rows.map((row) => [row.name, row.count, row.places])).toEqual([
      ['Loxodonta africana', 1, []],
      [
        'Haliaeetus leucocephalus',
        2,
        ['Washington', 'United States of America', 'Western Cape', 'South Africa'],
      ],
    ]);
  });

  it('falls back to the ids the stats carry when nothing names them', () => {
    const stats = userStats('u-1', [
      { ...aSighting(baldEagle, 5, { location: WASHINGTON }), observation_id: 'a' },
    ]);
    const rows = speciesStatsRows(stats, { species: new Map(), locations: new Map() });
    expect(rows[0]).toMatchObject({ name: baldEagle.id, places: ['US-WA', 'USA'] });
  });
});
