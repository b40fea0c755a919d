/**
 * Real species (IOC v10.2 / AviList, MDD v1.13, Wikispecies names) as the `species` collection
 * answers them, for the sync tests beside this file. Test data only: nothing in the app imports it.
 */
import type { Species } from '@contract/species';
import type { SyncRecord } from '@contract/sync';

export const baldEagle: Species = {
  _id: 'ioc-7769',
  group_id: 'birds',
  classifications: ['Birds|IOC', 'Birds|Clements'],
  scientific_name: 'Haliaeetus leucocephalus',
  authority: '(Linnaeus, 1766)',
  order: 'Accipitriformes',
  family: 'Accipitridae',
  name: 'Bald Eagle',
  names: { en: 'Bald Eagle', cs: 'Orel bělohlavý', ca: 'Pigarg americà' },
  taxa: {
    system: 'IOC World Bird List v10.2',
    category: 'IOC',
    classification: 'Birds|IOC',
    group_name: 'Birds',
    name: 'Haliaeetus leucocephalus',
    english_name: 'Bald Eagle',
  },
  taxa_alt: [
    {
      system: 'AviList v2025',
      category: 'Clements',
      classification: 'Birds|Clements',
      group_name: 'Birds',
      name: 'Haliaeetus leucocephalus',
      english_name: 'Bald Eagle',
      code: 'baleag',
      enabled: true,
    },
  ],
  photo: { thumbs: [] },
  locations: {
    USA: { occurrence: 'listed', source: 'USGS BBS 2014' },
    CAN: { occurrence: 'listed', source: 'USGS BBS 2014' },
  },
  extinct: false,
  sort: 7769,
};

function mammal(
  id: string,
  scientificName: string,
  english: string,
  family: string,
  order: string,
  category: 'Larger' | 'Small',
  locations: string[],
  names: Record<string, string> = {},
): Species {
  const taxa = { system: 'MDD v1.13', group_name: 'Mammals', name: scientificName, english_name: english };
  return {
    _id: id,
    group_id: 'mammals',
    classifications: ['Mammals|All', `Mammals|${category}`],
    scientific_name: scientificName,
    authority: null,
    order,
    family,
    name: english,
    names: { en: english, ...names },
    taxa: { ...taxa, category, classification: `Mammals|${category}` },
    taxa_alt: [{ ...taxa, category: 'All', classification: 'Mammals|All', enabled: true }],
    photo: { thumbs: [] },
    locations: Object.fromEntries(locations.map((id) => [id, { occurrence: 'native', source: 'MDD v1.13' }])),
    extinct: false,
    sort: 0,
  };
}

export const africanSavannaElephant = mammal(
  'mdd-1000522',
  'Loxodonta africana',
  'African Savanna Elephant',
  'Elephantidae',
  'Proboscidea',
  'Larger',
  ['ZAF', 'KEN'],
  { af: 'Olifant' },
);
export const virginiaOpossum = mammal(
  'mdd-1000023',
  'Didelphis virginiana',
  'Virginia Opossum',
  'Didelphidae',
  'Didelphimorphia',
  'Larger',
  ['USA', 'CAN'],
);
export const northernRaccoon = mammal(
  'mdd-1005892',
  'Procyon lotor',
  'Northern Raccoon',
  'Procyonidae',
  'Carnivora',
  'Larger',
  ['USA', 'CAN'],
  { az: 'Amerika yenotu' },
);

/** A species as a pulled record. */
export function speciesRecord(species: Species, rev = '1_5e0c2b7d9a41f3e8'): SyncRecord {
  return { id: species._id, mod: 1, rev, deleted: false, data: species };
}

/** A server-side deletion of `id`. */
export function tombstone(id: string, rev = '2_5e0c2b7d9a41f3e8'): SyncRecord {
  return { id, mod: 2, rev, deleted: true, data: {} };
}
