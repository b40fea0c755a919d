import { describe, expect, it } from 'vitest';
import type { SyncRecord } from '@contract/sync';
import { baldEagle } from './speciesFixtures';
import { speciesCollection, speciesFilterOf, speciesRowOf, speciesTokens } from './species';

const record = (data: Record<string, unknown>): SyncRecord => ({
  id: 'ioc-7769',
  mod: 1,
  rev: '1_3f2a9c0d11e4b7a8',
  deleted: false,
  data,
});

describe('speciesRowOf', () => {
  it('keeps the synced fields and derives location ids and search tokens', () => {
    const row = speciesRowOf(record(baldEagle));
    const { _id: _unused, ...fields } = baldEagle;
    expect(row).toEqual({
      ...fields,
      id: 'ioc-7769',
      rev: '1_3f2a9c0d11e4b7a8',
      location_ids: ['USA', 'CAN'],
      tokens: expect.any(Array) as unknown,
    });
    expect(row.tokens.sort()).toEqual(
      ['bald', 'eagle', 'haliaeetus', 'leucocephalus', 'orel', 'belohlavy', 'pigarg', 'america'].sort(),
    );
  });

  it('fills what an older server may leave out (photo, extinct, sort, taxa_alt)', () => {
    const { photo: _p, extinct: _e, sort: _s, taxa_alt: _t, authority: _a, ...bare } = baldEagle;
    const row = speciesRowOf(record(bare));
    expect(row).toMatchObject({
      photo: { thumbs: [] },
      extinct: false,
      sort: 0,
      taxa_alt: [],
      authority: null,
    });
  });

  it('refuses a record without what the device indexes, naming the field', () => {
    expect(() => speciesRowOf(record({ ...baldEagle, group_id: 'fishes' }))).toThrow(/'group_id'/);
    expect(() => speciesRowOf(record({ ...baldEagle, classifications: 'Birds|IOC' }))).toThrow(
      /'classifications'/,
    );
    expect(() => speciesRowOf(record({ ...baldEagle, names: { en: 3 } }))).toThrow(/'names'/);
    expect(() => speciesRowOf(record({ ...baldEagle, taxa: null }))).toThrow(/'taxa'/);
  });
});

describe('speciesTokens', () => {
  it('folds accents and case and lists each word once', () => {
    expect(
      speciesTokens({
        name: 'African Savanna Elephant',
        scientific_name: 'Loxodonta africana',
        names: { en: 'African Savanna Elephant', af: 'Olifant', de: 'Afrikanischer Elefant' },
        taxa: {
          system: 'MDD v1.13',
          category: 'Larger',
          classification: 'Mammals|Larger',
          group_name: 'Mammals',
          name: 'Loxodonta africana',
        },
        taxa_alt: [],
      }),
    ).toEqual([
      'african',
      'savanna',
      'elephant',
      'loxodonta',
      'africana',
      'olifant',
      'afrikanischer',
      'elefant',
    ]);
  });
});

describe('speciesFilterOf', () => {
  const washington = {
    location_id: 'USA-WA',
    name: 'Washington',
    parent_location: [{ location_id: 'USA', name: 'United States of America' }],
  };

  it('asks for the canonical groups (sorted) at the location and its parents', () => {
    expect(speciesFilterOf({ location: washington, species: ['Mammals|Large', 'Birds|IOC'] })).toEqual({
      classifications: ['Birds|IOC', 'Mammals|Larger'],
      location_ids: ['USA-WA', 'USA'],
    });
  });

  it('has nothing to sync without a location or a known group', () => {
    expect(speciesFilterOf({ location: null, species: ['Birds|IOC'] })).toBeNull();
    expect(speciesFilterOf({ location: washington, species: ['Fishes'] })).toBeNull();
  });
});

describe('speciesCollection.inFilter', () => {
  const row = speciesRowOf(record(baldEagle));

  it('keeps a species on the member list and drops one that is not', () => {
    expect(speciesCollection.inFilter?.(row, { classifications: ['Birds|IOC'], location_ids: ['USA'] })).toBe(
      true,
    );
    expect(speciesCollection.inFilter?.(row, { classifications: ['Birds|IOC'], location_ids: ['ZAF'] })).toBe(
      false,
    );
    expect(speciesCollection.inFilter?.(row, { classifications: ['Reptiles'], location_ids: ['USA'] })).toBe(
      false,
    );
  });

  it('keeps everything under a filter it does not understand', () => {
    expect(speciesCollection.inFilter?.(row, undefined)).toBe(true);
    expect(speciesCollection.inFilter?.(row, { trip_id: 'x' })).toBe(true);
  });
});
