/**
 * The ads calls the pages make (docs/api.md "Ads"), online only through RTK Query: the admin's
 * list, record, save, delete and stats, and the ad a member is shown. The view counts do not go
 * through here: they wait on the device first (viewQueue.ts).
 */
import type {
  AdImpressionResponse,
  AdListResponse,
  AdMapQuery,
  AdMapResponse,
  AdPlacement,
  AdResponse,
  AdStatsResponse,
  AdWrite,
  AdWriteResponse,
} from '@contract/ads';
import { api } from '../../api/api';

const adPath = (id: string) => `ads/${encodeURIComponent(id)}`;

const tagged = api.enhanceEndpoints({ addTagTypes: ['Ad'] });

export const adsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listAds: build.query<AdListResponse, { includeAll: boolean }>({
      query: ({ includeAll }) => ({ path: 'ads', payload: { include_all: includeAll } }),
      providesTags: ['Ad'],
    }),
    getAd: build.query<AdResponse, string>({
      query: (id) => ({ path: adPath(id) }),
      providesTags: ['Ad'],
    }),
    adStats: build.query<AdStatsResponse, string>({
      query: (id) => ({ path: `${adPath(id)}/stats` }),
      providesTags: ['Ad'],
    }),
    putAd: build.mutation<AdWriteResponse, { id: string; input: AdWrite }>({
      query: ({ id, input }) => ({ method: 'PUT', path: adPath(id), payload: { ...input } }),
      invalidatesTags: ['Ad'],
    }),
    deleteAd: build.mutation<unknown, string>({
      query: (id) => ({ method: 'DELETE', path: adPath(id) }),
      invalidatesTags: ['Ad'],
    }),
    /** An ad to show (each answer counts one impression on the server); `id` asks for that ad. */
    adImpression: build.query<
      AdImpressionResponse,
      { placement: AdPlacement; locationId: string | null; id?: string }
    >({
      query: ({ placement, locationId, id }) => ({
        path: id ? `ads/impression/${encodeURIComponent(id)}` : 'ads/impression',
        payload: { placement, location_id: locationId ?? undefined },
      }),
      // Never shared between two showings: each is its own impression and view.
      keepUnusedDataFor: 0,
    }),
    /** Map ads running inside the area (each answer counts one impression per ad). */
    mapAds: build.query<AdMapResponse, AdMapQuery>({
      query: (query) => ({ path: 'ads/map', payload: { ...query } }),
    }),
  }),
});

export const {
  useListAdsQuery,
  useGetAdQuery,
  useAdStatsQuery,
  usePutAdMutation,
  useDeleteAdMutation,
  useAdImpressionQuery,
  useMapAdsQuery,
} = adsApi;
