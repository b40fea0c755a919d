/**
 * The `species` collection on the device (SPEC §3 "Species"): read-only reference data, pulled
 * filtered by the member's animal groups and location, stored in `db.species` with the fields
 * Dexie indexes derived here (`location_ids`, `tokens`).
 */
import { foldText } from '@contract/text';
import {
  canonicalClassifications,
  listLocationIds,
  SPECIES_GROUPS,
  speciesOnList,
  type SpeciesCollectionFilter,
} from '@contract/species';
import type { SyncRecord } from '@contract/sync';
import type { StoredConfig } from '../kv';
import type { SpeciesRow, SpeciesTaxaRow } from '../rows';
import type { SyncableCollection, SyncFilter } from './collection';

export const SPECIES_COLLECTION = 'species';

/**
 * The pull filter of the member's config: the canonical classification names (sorted, so the same
 * choice always gives the same mark) and the chosen location with its parents (a US state and the
 * United States). Null while there is nothing to sync for: no location, or no animal group.
 */
export function speciesFilterOf(
  config: Pick<StoredConfig, 'location' | 'species'>,
): SpeciesCollectionFilter | null {
  const classifications = canonicalClassifications(config.species).sort();
  if (!config.location || classifications.length === 0) return null;
  return { classifications, location_ids: listLocationIds(config.location) };
}

/** Distinct folded words of every name a member may search by. */
export function speciesTokens(species: {
  name: string;
  scientific_name: string;
  names: Record<string, string>;
  taxa: SpeciesTaxaRow;
  taxa_alt: readonly SpeciesTaxaRow[];
}): string[] {
  const texts = [species.name, species.scientific_name, ...Object.values(species.names)];
  for (const taxa of [species.taxa, ...species.taxa_alt]) {
    texts.push(taxa.name);
    if (taxa.english_name) texts.push(taxa.english_name);
  }
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of foldText(text).split(' ')) if (word) words.add(word);
  }
  return [...words];
}

/** A species record as a row; throws naming the first field the device cannot do without. */
export function speciesRowOf(record: SyncRecord): SpeciesRow {
  const data = record.data;
  const fail = (field: string) => new Error(`Species ${record.id}: '${field}' is missing or malformed`);
  const group = data.group_id;
  if (!SPECIES_GROUPS.includes(group as SpeciesRow['group_id'])) throw fail('group_id');
  if (!isStringArray(data.classifications)) throw fail('classifications');
  if (typeof data.name !== 'string') throw fail('name');
  if (typeof data.scientific_name !== 'string') throw fail('scientific_name');
  if (!isStringRecord(data.names)) throw fail('names');
  if (!isTaxa(data.taxa)) throw fail('taxa');
  const taxaAlt = data.taxa_alt ?? [];
  if (!Array.isArray(taxaAlt) || !taxaAlt.every(isTaxa)) throw fail('taxa_alt');
  const locations = data.locations ?? {};
  if (!isRecord(locations)) throw fail('locations');

  const photo = isRecord(data.photo) && Array.isArray(data.photo.thumbs) ? data.photo : { thumbs: [] };
  const fields = {
    name: data.name,
    scientific_name: data.scientific_name,
    names: data.names,
    taxa: data.taxa,
    taxa_alt: taxaAlt as SpeciesRow['taxa_alt'],
  };
  return {
    id: record.id,
    group_id: group as SpeciesRow['group_id'],
    classifications: data.classifications,
    location_ids: Object.keys(locations),
    locations: locations as SpeciesRow['locations'],
    authority: stringOrNull(data.authority),
    order: stringOrNull(data.order),
    family: stringOrNull(data.family),
    photo: photo as SpeciesRow['photo'],
    extinct: data.extinct === true,
    sort: typeof data.sort === 'number' ? data.sort : 0,
    ...fields,
    tokens: speciesTokens(fields),
    rev: record.rev,
  };
}

function isSpeciesFilter(filter: SyncFilter | undefined): filter is SpeciesCollectionFilter {
  return filter !== undefined && isStringArray(filter.classifications) && isStringArray(filter.location_ids);
}

export const speciesCollection: SyncableCollection<SpeciesRow> = {
  name: SPECIES_COLLECTION,
  table: (db) => db.species,
  toRow: speciesRowOf,
  // The same rule the server filters with, so a restart drops exactly what no longer syncs.
  inFilter: (row, filter) =>
    !isSpeciesFilter(filter) || speciesOnList(row, filter.classifications, filter.location_ids),
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((item) => typeof item === 'string');
}
function isTaxa(value: unknown): value is SpeciesTaxaRow {
  return isRecord(value) && typeof value.name === 'string' && typeof value.classification === 'string';
}
function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
