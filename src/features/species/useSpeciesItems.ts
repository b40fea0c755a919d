/**
 * What a species list page shows: without a query, the list grouped by family; with one, the matches
 * best first, without family headers (ranking would scatter a family). The search index is built
 * on the first search of a list, in slices (useSpeciesSearch), and kept while the list and language
 * stay the same, so opening the page costs nothing for the search and later keystrokes cost only the
 * query (bench/search.ts). Until the index is ready the list stays as it is, without a count.
 */
import { useMemo } from 'react';
import { foldText } from '@contract/text';
import type { SpeciesRow } from '../../db/rows';
import { speciesItem, withFamilyHeaders, type ListItem } from './speciesList';
import { searchSpecies } from './speciesSearch';
import { useSpeciesSearch } from './useSpeciesSearch';

export interface SpeciesItems {
  items: ListItem[];
  isSearching: boolean;
  /** Species among the items (the headers aside). */
  count: number;
}

export function useSpeciesItems(
  species: readonly SpeciesRow[] | undefined,
  languageId: string | null,
  query: string,
): SpeciesItems | undefined {
  const isSearching = foldText(query) !== '';
  const prepared = useSpeciesSearch(species, languageId, isSearching);
  return useMemo(() => {
    if (!species) return undefined;
    if (!prepared) return { items: withFamilyHeaders(species), isSearching: false, count: species.length };
    const found = searchSpecies(prepared, query);
    return { items: found.map(speciesItem), isSearching: true, count: found.length };
  }, [species, prepared, query]);
}
