/**
 * Local species search (src/lib/search) over the member's list: what a species can be found by, and
 * the index built once per list and language. Works offline; bench/search.ts measures it on the full
 * bird list.
 */
import {
  buildSearchIndex,
  buildSearchIndexInSlices,
  search,
  type SearchIndex,
} from '../../lib/search/searchIndex';
import { yieldToMain } from '../../lib/yieldToMain';
import { MAIN_LANGUAGE_ID } from './languages';

/** The fields of a species that search reads (a SpeciesRow has them). */
export interface SearchableSpecies {
  name: string;
  names: Record<string, string>;
  scientific_name: string;
  taxa: { name: string; english_name?: string };
  taxa_alt: readonly { name: string; english_name?: string }[];
}

/**
 * The names a species is found by: its English names (the list's, and each classification's, e.g.
 * IOC's "Grey-headed Kite" beside Clements' "Gray-headed Kite"), its name in the member's additional
 * language, and its scientific names under every classification.
 */
export function searchableNames(species: SearchableSpecies, languageId: string | null): string[] {
  const names = [species.name, species.scientific_name, species.taxa.name];
  const main = species.names[MAIN_LANGUAGE_ID];
  if (main) names.push(main);
  if (species.taxa.english_name) names.push(species.taxa.english_name);
  for (const entry of species.taxa_alt) {
    names.push(entry.name);
    if (entry.english_name) names.push(entry.english_name);
  }
  const additional = languageId === null ? undefined : species.names[languageId];
  if (additional) names.push(additional);
  return names;
}

export interface SpeciesSearch<T extends SearchableSpecies> {
  species: readonly T[];
  index: SearchIndex;
}

/** Indexes a list once; `species` keeps the list's order, which breaks ties in the ranking. */
export function buildSpeciesSearch<T extends SearchableSpecies>(
  species: readonly T[],
  languageId: string | null,
): SpeciesSearch<T> {
  return { species, index: buildSearchIndex(species.map((row) => searchableNames(row, languageId))) };
}

/** The same, built in slices that give the main thread back between them (the pages use this). */
export async function buildSpeciesSearchInSlices<T extends SearchableSpecies>(
  species: readonly T[],
  languageId: string | null,
): Promise<SpeciesSearch<T>> {
  const index = await buildSearchIndexInSlices(
    species.length,
    (doc) => searchableNames(species[doc] as T, languageId),
    { pause: yieldToMain },
  );
  return { species, index };
}

/** The species matching `query`, best first (exact words, then prefixes, then one typo). */
export function searchSpecies<T extends SearchableSpecies>(prepared: SpeciesSearch<T>, query: string): T[] {
  return search(prepared.index, query).map((position) => prepared.species[position] as T);
}
