/**
 * The member's species list as the pages show it, from the rows on the device: which species are on
 * it (the contract's `speciesOnList`, the same rule the server's sync filter uses), in taxonomic
 * order, with a header per family. Pure: the live-query hooks (speciesQueries.ts) feed it.
 */
import { canonicalClassifications, listLocationIds, SPECIES_GROUPS, speciesOnList } from '@contract/species';
import type { SpeciesRow } from '../../db/rows';
import type { StoredConfig } from '../../db/kv';

/** The member's animal groups (canonical names) and location with its parents. */
export interface ListFilter {
  classifications: string[];
  locationIds: string[];
}

/** The filter of the member's config; null before a region is chosen (nothing is synced then). */
export function listFilterOf(config: Pick<StoredConfig, 'location' | 'species'>): ListFilter | null {
  if (!config.location) return null;
  const classifications = canonicalClassifications(config.species);
  if (classifications.length === 0) return null;
  return { classifications, locationIds: listLocationIds(config.location) };
}

/** The rows on the member's list. */
export function onList(rows: readonly SpeciesRow[], filter: ListFilter): SpeciesRow[] {
  return rows.filter((row) => speciesOnList(row, filter.classifications, filter.locationIds));
}

const groupRank = (row: SpeciesRow) => SPECIES_GROUPS.indexOf(row.group_id);
const familyKey = (row: SpeciesRow) => `${row.group_id}|${row.family ?? ''}`;
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Taxonomic order: the groups in the contract's order (birds, mammals, reptiles, amphibians); in a
 * group, families by their first species' `sort` (the list's sequence), then by name (lists without
 * a sequence have sort 0, so their families come alphabetically); in a family, species by `sort`,
 * then scientific name. Families stay together even where a list's sequence interleaves them.
 */
export function taxonomicOrder(rows: readonly SpeciesRow[]): SpeciesRow[] {
  const familyStart = new Map<string, number>();
  for (const row of rows) {
    const key = familyKey(row);
    const start = familyStart.get(key);
    if (start === undefined || row.sort < start) familyStart.set(key, row.sort);
  }
  return [...rows].sort(
    (a, b) =>
      groupRank(a) - groupRank(b) ||
      (familyStart.get(familyKey(a)) as number) - (familyStart.get(familyKey(b)) as number) ||
      compareText(a.family ?? '', b.family ?? '') ||
      a.sort - b.sort ||
      compareText(a.scientific_name, b.scientific_name),
  );
}

export interface FamilyItem {
  kind: 'family';
  key: string;
  /** Null when the list gives none. */
  family: string | null;
  groupName: string;
  /** Species of the family in the list. */
  count: number;
}

export interface SpeciesItem {
  kind: 'species';
  key: string;
  species: SpeciesRow;
}

export type ListItem = FamilyItem | SpeciesItem;

export const speciesItem = (species: SpeciesRow): SpeciesItem => ({
  kind: 'species',
  key: species.id,
  species,
});

/** Rows already in taxonomic order, with a header before each family. */
export function withFamilyHeaders(ordered: readonly SpeciesRow[]): ListItem[] {
  const items: ListItem[] = [];
  let header = null as FamilyItem | null;
  for (const row of ordered) {
    const key = `family:${familyKey(row)}`;
    if (header?.key !== key) {
      header = { kind: 'family', key, family: row.family, groupName: row.taxa.group_name, count: 0 };
      items.push(header);
    }
    header.count++;
    items.push(speciesItem(row));
  }
  return items;
}
