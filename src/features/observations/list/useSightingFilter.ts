/**
 * The sightings list's filters, kept in the address (`?species=…&from=YYYY-MM-DD&to=…&trip=…`) so
 * that going back from a sighting's form returns to the same filtered list, and a filtered list can
 * be shared or bookmarked. Replacing the history entry keeps the back button for pages, not for
 * every change of a filter.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TripRow } from '../../../db/rows';
import { dayEndSeconds, dayStartSeconds } from '../../../lib/dayRange';
import { withParam } from '../../../lib/searchParams';
import type { SightingFilter } from './sightingItems';

export const FILTER_PARAMS = ['species', 'from', 'to', 'trip'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];
export type FilterValues = Record<FilterParam, string>;

export interface SightingFilterState {
  /** The raw values ('' when not set), as the fields show them. */
  values: FilterValues;
  filter: SightingFilter;
  setValue: (name: FilterParam, value: string) => void;
  clear: () => void;
}

/** The filters from the address; `trips` are the member's (an unknown trip id filters nothing). */
export function useSightingFilter(trips: readonly TripRow[] | undefined): SightingFilterState {
  const [params, setParams] = useSearchParams();
  const species = params.get('species') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const trip = params.get('trip') ?? '';

  const values = useMemo(() => ({ species, from, to, trip }), [species, from, to, trip]);
  const filter = useMemo(() => {
    const chosen: SightingFilter = {};
    if (species) chosen.species = species;
    const start = dayStartSeconds(from);
    if (start !== null) chosen.from = start;
    const end = dayEndSeconds(to);
    if (end !== null) chosen.to = end;
    const tripRow = trips?.find((row) => row.id === trip);
    if (tripRow) chosen.trip = tripRow;
    return chosen;
  }, [species, from, to, trip, trips]);

  const setValue = useCallback(
    (name: FilterParam, value: string) => {
      setParams((current) => withParam(current, name, value), { replace: true });
    },
    [setParams],
  );
  const clear = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of FILTER_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
  return { values, filter, setValue, clear };
}
