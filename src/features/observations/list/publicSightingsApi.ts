/**
 * Other members' public sightings, online only (RTK Query, never persisted): they are not on the
 * device, which keeps only the member's own. Two calls answer them:
 * - `GET species/{id}/observations`: every member's public sightings of one species; a client token
 *   is enough, so guests can browse them too;
 * - `GET observations?user_id=…`: one member's public sightings (a member token: SPEC §6).
 * `GET observations` without `user_id` answers the caller's own sightings only, so it cannot list
 * everybody's; the public tab therefore asks by species, or by member when one is chosen
 * (docs/routes.md).
 */
import { OBSERVATIONS_PAGE_DEFAULT, type ObservationsResponse } from '@contract/observations';
import { api } from '../../../api/api';

export const publicSightingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSpeciesPublicSightings: build.query<ObservationsResponse, string>({
      query: (speciesId) => ({
        path: `species/${encodeURIComponent(speciesId)}/observations`,
        payload: { limit: OBSERVATIONS_PAGE_DEFAULT },
      }),
    }),
    getMemberPublicSightings: build.query<ObservationsResponse, string>({
      query: (userId) => ({
        path: 'observations',
        payload: { user_id: userId, include_species_details: true, limit: OBSERVATIONS_PAGE_DEFAULT },
      }),
    }),
  }),
});

export const { useGetSpeciesPublicSightingsQuery, useGetMemberPublicSightingsQuery } = publicSightingsApi;
