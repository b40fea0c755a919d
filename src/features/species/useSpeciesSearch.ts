/**
 * The search index of a list, built in slices once a search starts (buildSpeciesSearchInSlices: no
 * long task while the member types) and kept while the list and language stay the same. Null until
 * it is ready, or while nothing is searched.
 */
import { useEffect, useState } from 'react';
import { buildSpeciesSearchInSlices, type SearchableSpecies, type SpeciesSearch } from './speciesSearch';

interface Built<T extends SearchableSpecies> {
  species: readonly T[];
  languageId: string | null;
  prepared: SpeciesSearch<T>;
}

export function useSpeciesSearch<T extends SearchableSpecies>(
  species: readonly T[] | undefined,
  languageId: string | null,
  isSearching: boolean,
): SpeciesSearch<T> | null {
  const [built, setBuilt] = useState<Built<T> | null>(null);
  const current = built && built.species === species && built.languageId === languageId ? built : null;
  useEffect(() => {
    if (!species || !isSearching || current) return;
    let cancelled = false;
    void buildSpeciesSearchInSlices(species, languageId).then((prepared) => {
      if (!cancelled) setBuilt({ species, languageId, prepared });
    });
    // A newer list or language replaces this build; its result is dropped.
    return () => {
      cancelled = true;
    };
  }, [species, languageId, isSearching, current]);
  return isSearching ? (current?.prepared ?? null) : null;
}
