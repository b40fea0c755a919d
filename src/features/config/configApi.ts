/**
 * Reference data the config dialog reads online (RTK Query, never persisted): regions by search,
 * the languages for species names, and the animal groups with whether each is active at a location
 * (SPEC §7 "Reference data"; answers in src/contract/reference.ts, docs/api.md).
 */
import type { ClassificationsResponse, LanguagesResponse, LocationsResponse } from '@contract/reference';
import { api } from '../../api/api';

/** How many regions one search answers; enough to scroll, small enough to stay quick. */
export const LOCATION_SEARCH_LENGTH = 30;

export interface LocationSearch {
  /** Empty: the countries by name. */
  term: string;
}

export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchLocations: build.query<LocationsResponse, LocationSearch>({
      query: ({ term }) => ({
        path: 'locations',
        payload:
          term.trim() === ''
            ? // Countries only, basic fields: all of them fit one answer without their 26 names each.
              { types: 'country', basic: true, length: 300 }
            : { types: 'country,region', search_term: term.trim(), length: LOCATION_SEARCH_LENGTH },
      }),
    }),
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's way to say "no argument"
    getLanguages: build.query<LanguagesResponse, void>({
      query: () => ({ path: 'languages' }),
    }),
    /** With a location: `active` says whether each group has a list there (SPEC §5). */
    getClassifications: build.query<ClassificationsResponse, string | null>({
      query: (locationId) => ({
        path: 'taxa/classifications',
        payload: locationId === null ? {} : { location_id: locationId },
      }),
    }),
  }),
});

export const { useGetLanguagesQuery, useGetClassificationsQuery } = configApi;
