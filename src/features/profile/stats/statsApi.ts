/**
 * Another member's stats (`GET users/{id}/stats`), online only: their sightings are not on this
 * device. The server answers 403 with its reason (statsHidden) when the member keeps their stats
 * private (`stats_visible_to_others`). `include_observations` brings their public sightings, whose
 * `taxa` and `location.names` name the species and places the figures count by id.
 */
import type { UserStatsResponse } from '@contract/observations';
import { api } from '../../../api/api';

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserStats: build.query<UserStatsResponse, string>({
      query: (userId) => ({
        path: `users/${encodeURIComponent(userId)}/stats`,
        payload: { include_observations: true },
      }),
    }),
  }),
});

export const { useGetUserStatsQuery } = statsApi;
