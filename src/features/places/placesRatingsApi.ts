/**
 * A place's ratings (online only, RTK Query): SPEC's `GET hotspots/{id}/ratings` and the member's own
 * rating, `PUT hotspots/{id}/ratings` (docs/places.md). Ratings are not kept on the device: offline
 * the page says they are shown online (SPEC's offline message for online-only data).
 */
import type { RatingsResponse } from '@contract/places';
import { api } from '../../api/api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['HotspotRatings'] });

export const placesRatingsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getHotspotRatings: build.query<RatingsResponse, string>({
      query: (id) => ({ path: `hotspots/${encodeURIComponent(id)}/ratings` }),
      providesTags: (_result, _error, id) => [{ type: 'HotspotRatings', id }],
    }),
    rateHotspot: build.mutation<unknown, { id: string; rating: number; comment: string }>({
      query: ({ id, rating, comment }) => ({
        method: 'PUT',
        path: `hotspots/${encodeURIComponent(id)}/ratings`,
        payload: { rating, comment },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'HotspotRatings', id }],
    }),
  }),
});

export const { useGetHotspotRatingsQuery, useRateHotspotMutation } = placesRatingsApi;
