import { describe, expect, it } from 'vitest';
import { listFilterOf, onList, taxonomicOrder, withFamilyHeaders, type ListItem } from './speciesList';
import { DEMO_SPECIES } from './testSpecies';
import { present } from '../../test/present';

const unitedStates = { location_id: 'USA', name: 'United States of America', parent_location: [] };
const alaska = {
  location_id: 'USA-3563',
  name: 'Alaska',
  parent_location: [{ location_id: 'USA', name: 'United States of America' }],
};
const southAfrica = { location_id: 'ZAF', name: 'South Africa', parent_location: [] };

const names = (rows: readonly { name: string }[]) => rows.map((row) => row.name);
const outline = (items: readonly ListItem[]) =>
  items.map((item) => (item.kind === 'family' ? `# ${item.family} (${item.count})` : item.species.name));

describe('the member’s list', () => {
  it('needs a region', () => {
    expect(listFilterOf({ location: null, species: ['Birds|IOC'] })).toBeNull();
  });

  it('filters by the chosen groups, with the config’s alias for Mammals|Larger', () => {
    const filter = listFilterOf({ location: southAfrica, species: ['Mammals|Large', 'Amphibians'] });
    expect(filter).toEqual({ classifications: ['Mammals|Larger', 'Amphibians'], locationIds: ['ZAF'] });
    expect(names(onList(DEMO_SPECIES, present(filter, 'a filter')))).toEqual([
      'African Savanna Elephant',
      'Bluebuck',
      'Common Squeaker',
    ]);
  });

  it('counts a species keyed to the region or to one of its parents', () => {
    const filter = present(listFilterOf({ location: alaska, species: ['Mammals|Larger'] }), 'a filter');
    expect(filter.locationIds).toEqual(['USA-3563', 'USA']);
    expect(names(onList(DEMO_SPECIES, filter))).toContain('Polar Bear');
  });

  it('offers world-scope reptiles everywhere', () => {
    const filter = present(listFilterOf({ location: southAfrica, species: ['Reptiles'] }), 'a filter');
    expect(names(onList(DEMO_SPECIES, filter))).toEqual(['Common Death Adder', 'Cat Gecko']);
  });

  it('is in taxonomic order, grouped by family', () => {
    const filter = present(
      listFilterOf({
        location: unitedStates,
        species: ['Birds|IOC', 'Mammals|All', 'Amphibians'],
      }),
      'a filter',
    );
    expect(outline(withFamilyHeaders(taxonomicOrder(onList(DEMO_SPECIES, filter))))).toEqual([
      '# Anatidae (2)',
      'Gadwall',
      'Mallard',
      '# Phasianidae (1)',
      'Spruce Grouse',
      '# Accipitridae (3)',
      'White-tailed Kite',
      'Golden Eagle',
      'Bald Eagle',
      '# Turdidae (4)',
      'Eastern Bluebird',
      'Varied Thrush',
      'Wood Thrush',
      'American Robin',
      '# Sciuridae (1)',
      'Northern Flying Squirrel',
      '# Mustelidae (1)',
      'Sea Mink',
      '# Ursidae (3)',
      'American Black Bear',
      'Brown Bear',
      'Polar Bear',
      '# Bufonidae (1)',
      'American Toad',
    ]);
  });

  it('orders families alphabetically where the list has no sequence', () => {
    const reptiles = DEMO_SPECIES.filter((row) => row.group_id === 'reptiles');
    expect(outline(withFamilyHeaders(taxonomicOrder(reptiles)))).toEqual([
      '# Elapidae (1)',
      'Common Death Adder',
      '# Eublepharidae (1)',
      'Cat Gecko',
    ]);
  });
});
