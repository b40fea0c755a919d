import { describe, expect, it } from 'vitest';
import { additionalLanguageId } from './languages';
import { taxonomicOrder } from './speciesList';
import { buildSpeciesSearch, searchSpecies } from './speciesSearch';
import { DEMO_SPECIES } from './testSpecies';

const list = taxonomicOrder(DEMO_SPECIES);
const english = buildSpeciesSearch(list, null);
const french = buildSpeciesSearch(list, additionalLanguageId('French'));
const names = (query: string, prepared = english) => searchSpecies(prepared, query).map((row) => row.name);
const first = (query: string, prepared = english) => names(query, prepared)[0];

describe('species search', () => {
  it('finds names by word prefixes, in list order', () => {
    expect(names('amer')).toEqual(['American Robin', 'American Black Bear', 'American Toad']);
    expect(names('american b')).toEqual(['American Black Bear']);
  });

  it('ignores case and accents', () => {
    expect(first('BALD EAGLE')).toBe('Bald Eagle');
    expect(first('tete blanche', french)).toBe('Bald Eagle');
    expect(first('Tête Blanche', french)).toBe('Bald Eagle');
    expect(first('elephant', french)).toBe('African Savanna Elephant');
  });

  it('tolerates one typo of each kind', () => {
    expect(first('robim')).toBe('American Robin'); // substitution
    expect(first('roobin')).toBe('American Robin'); // insertion
    expect(first('robn')).toBe('American Robin'); // deletion
    expect(first('rboin')).toBe('American Robin'); // transposition
    expect(names('rbon')).toEqual([]); // two typos
  });

  it('finds scientific names under every classification', () => {
    expect(first('haliaeetus leuco')).toBe('Bald Eagle');
    expect(names('ursus')).toEqual(['American Black Bear', 'Brown Bear', 'Polar Bear']);
  });

  it('finds names in the additional language only when it is chosen', () => {
    expect(names('ours')).toEqual([]);
    expect(names('ours', french)).toEqual(['American Black Bear', 'Brown Bear', 'Polar Bear']);
  });

  it('ranks exact words before prefixes, and equals in list order', () => {
    // Eastern Bluebird comes first in the list, but "merle" is only a prefix of its "Merlebleu".
    expect(names('merle', french)).toEqual(['American Robin', 'Eastern Bluebird']);
    expect(names('thrush')).toEqual(['Varied Thrush', 'Wood Thrush']);
    expect(names('blue')).toEqual(['Eastern Bluebird', 'Bluebuck']);
  });

  it('does not guess for short queries', () => {
    expect(names('bar')).toEqual([]);
    expect(names('baer')).toEqual(['American Black Bear', 'Brown Bear', 'Polar Bear']);
  });
});
