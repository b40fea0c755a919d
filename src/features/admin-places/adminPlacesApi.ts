/**
 * The admin pages' calls (SPEC §7 "Hotspots and field guides", "Reference data"; docs/api.md
 * "Places and field guides"), online only: an admin edits the server's records, never a device copy.
 * RTK Query, never persisted. Tags make a list and a record refetch after a write that changes them.
 */
import type {
  FieldGuideInput,
  FieldGuideResponse,
  FieldGuidesResponse,
  HotspotInput,
  HotspotResponse,
  HotspotsResponse,
  LocationInput,
} from '@contract/places';
import type { PlaceImageDeleteResponse, PlaceImageUploadResponse, PlaceSpecies } from '@contract/places';
import type { ClassificationsResponse, LocationResponse, LocationsResponse } from '@contract/reference';
import type { SpeciesListResponse } from '@contract/species';
import { api } from '../../api/api';

/** Rows per page of the admin tables. */
export const ADMIN_PAGE_SIZE = 25;

export interface PageQuery {
  search: string;
  skip: number;
}

interface GuideSpeciesResponse {
  status: 'success';
  species: Array<{ species_id: string; name: string; scientific_name: string }>;
}
interface PlaceSpeciesResponse {
  status: 'success';
  species: PlaceSpecies[];
}

const hotspotPath = (id: string) => `hotspots/${encodeURIComponent(id)}`;
const guidePath = (id: string) => `field_guides/${encodeURIComponent(id)}`;
const locationPath = (id: string) => `locations/${encodeURIComponent(id)}`;
/** Whose photos: a place or a field guide. */
export interface PhotoOwner {
  owner: 'hotspot' | 'field_guide';
  id: string;
}
const ownerPath = (owner: PhotoOwner['owner'], id: string) =>
  owner === 'hotspot' ? hotspotPath(id) : guidePath(id);
const OWNER_TAG = { hotspot: 'AdminHotspot', field_guide: 'AdminGuide' } as const;
const searchOf = (search: string) => (search.trim() === '' ? undefined : search.trim());

const tagged = api.enhanceEndpoints({ addTagTypes: ['AdminHotspot', 'AdminGuide', 'AdminLocation'] });

export const adminPlacesApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listHotspots: build.query<HotspotsResponse, PageQuery>({
      query: ({ search, skip }) => ({
        path: 'hotspots',
        payload: { search: searchOf(search), skip, limit: ADMIN_PAGE_SIZE },
      }),
      providesTags: ['AdminHotspot'],
    }),
    getHotspot: build.query<HotspotResponse, string>({
      query: (id) => ({ path: hotspotPath(id) }),
      providesTags: ['AdminHotspot'],
    }),
    putHotspot: build.mutation<HotspotResponse, { id: string; input: HotspotInput }>({
      query: ({ id, input }) => ({ method: 'PUT', path: hotspotPath(id), payload: { ...input } }),
      invalidatesTags: ['AdminHotspot', 'AdminGuide'],
    }),
    deleteHotspot: build.mutation<unknown, string>({
      query: (id) => ({ method: 'DELETE', path: hotspotPath(id) }),
      invalidatesTags: ['AdminHotspot', 'AdminGuide'],
    }),
    getHotspotSpecies: build.query<PlaceSpeciesResponse, string>({
      query: (id) => ({ path: `${hotspotPath(id)}/species` }),
      providesTags: ['AdminHotspot'],
    }),
    linkHotspotSpecies: build.mutation<unknown, { id: string; speciesId: string; linked: boolean }>({
      query: ({ id, speciesId, linked }) => ({
        method: linked ? 'PUT' : 'DELETE',
        path: `${hotspotPath(id)}/species`,
        payload: { species_id: speciesId },
      }),
      invalidatesTags: ['AdminHotspot'],
    }),
    linkHotspotGuide: build.mutation<unknown, { id: string; guideId: string; linked: boolean }>({
      query: ({ id, guideId, linked }) => ({
        method: linked ? 'PUT' : 'DELETE',
        path: `${hotspotPath(id)}/guides`,
        payload: { field_guide_id: guideId },
      }),
      invalidatesTags: ['AdminHotspot', 'AdminGuide'],
    }),

    listGuides: build.query<FieldGuidesResponse, PageQuery>({
      query: ({ search, skip }) => ({
        path: 'field_guides/list',
        payload: { search: searchOf(search), skip, limit: ADMIN_PAGE_SIZE },
      }),
      providesTags: ['AdminGuide'],
    }),
    getGuide: build.query<FieldGuideResponse, string>({
      query: (id) => ({ path: guidePath(id) }),
      providesTags: ['AdminGuide'],
    }),
    createGuide: build.mutation<FieldGuideResponse, FieldGuideInput>({
      query: (input) => ({ method: 'POST', path: 'field_guides', payload: { ...input } }),
      invalidatesTags: ['AdminGuide'],
    }),
    putGuide: build.mutation<FieldGuideResponse, { id: string; input: FieldGuideInput }>({
      query: ({ id, input }) => ({ method: 'PUT', path: guidePath(id), payload: { ...input } }),
      invalidatesTags: ['AdminGuide', 'AdminHotspot'],
    }),
    deleteGuide: build.mutation<unknown, string>({
      query: (id) => ({ method: 'DELETE', path: guidePath(id) }),
      invalidatesTags: ['AdminGuide', 'AdminHotspot'],
    }),
    getGuideSpecies: build.query<GuideSpeciesResponse, string>({
      query: (id) => ({ path: `${guidePath(id)}/species` }),
      providesTags: ['AdminGuide'],
    }),
    linkGuideSpecies: build.mutation<unknown, { id: string; speciesId: string; linked: boolean }>({
      query: ({ id, speciesId, linked }) => ({
        method: linked ? 'PUT' : 'DELETE',
        path: `${guidePath(id)}/species`,
        payload: { species_id: speciesId },
      }),
      invalidatesTags: ['AdminGuide'],
    }),
    linkGuidePlace: build.mutation<unknown, { id: string; hotspotId: string; linked: boolean }>({
      query: ({ id, hotspotId, linked }) => ({
        method: linked ? 'PUT' : 'DELETE',
        path: `${guidePath(id)}/hotspots`,
        payload: { hotspot_id: hotspotId },
      }),
      invalidatesTags: ['AdminGuide', 'AdminHotspot'],
    }),

    /** A photo of a place or guide (their `photos` refetch with the record). */
    uploadPlacePhoto: build.mutation<
      PlaceImageUploadResponse,
      PhotoOwner & { photo: string; photoName: string }
    >({
      query: ({ owner, id, photo, photoName }) => ({
        method: 'POST',
        path: `${ownerPath(owner, id)}/images`,
        payload: { photo, photo_name: photoName },
      }),
      invalidatesTags: (_answer, _error, { owner }) => [OWNER_TAG[owner]],
    }),
    removePlacePhoto: build.mutation<PlaceImageDeleteResponse, PhotoOwner & { mediaId: string }>({
      query: ({ owner, id, mediaId }) => ({
        method: 'DELETE',
        path: `${ownerPath(owner, id)}/images/${encodeURIComponent(mediaId)}`,
      }),
      invalidatesTags: (_answer, _error, { owner }) => [OWNER_TAG[owner]],
    }),

    listLocations: build.query<LocationsResponse, PageQuery>({
      query: ({ search, skip }) => ({
        path: 'locations',
        payload: {
          search_term: searchOf(search),
          types: 'country,region',
          skip,
          length: ADMIN_PAGE_SIZE,
          basic: true,
        },
      }),
      providesTags: ['AdminLocation'],
    }),
    getLocation: build.query<LocationResponse, string>({
      query: (id) => ({ path: locationPath(id) }),
      providesTags: ['AdminLocation'],
    }),
    putLocation: build.mutation<LocationResponse, { id: string; input: LocationInput }>({
      query: ({ id, input }) => ({ method: 'PUT', path: locationPath(id), payload: { ...input } }),
      invalidatesTags: ['AdminLocation'],
    }),
    deleteLocation: build.mutation<unknown, string>({
      query: (id) => ({ method: 'DELETE', path: locationPath(id) }),
      invalidatesTags: ['AdminLocation'],
    }),
    /** With a location: which animal groups are active there (the config dialog's flag). */
    getLocationGroups: build.query<ClassificationsResponse, string | null>({
      query: (id) => ({ path: 'taxa/classifications', payload: id === null ? {} : { location_id: id } }),
      providesTags: ['AdminLocation'],
    }),

    /** The pickers' server searches (species, places, guides, locations by name). */
    searchLocations: build.query<LocationsResponse, { search: string; types: string }>({
      query: ({ search, types }) => ({
        path: 'locations',
        payload: { search_term: searchOf(search), types, length: 30 },
      }),
    }),
    searchSpecies: build.query<SpeciesListResponse, string>({
      query: (search) => ({ method: 'POST', path: 'species', payload: { search, limit: 30 } }),
    }),
  }),
});

export const {
  useListHotspotsQuery,
  useGetHotspotQuery,
  usePutHotspotMutation,
  useDeleteHotspotMutation,
  useGetHotspotSpeciesQuery,
  useLinkHotspotSpeciesMutation,
  useLinkHotspotGuideMutation,
  useListGuidesQuery,
  useGetGuideQuery,
  useCreateGuideMutation,
  usePutGuideMutation,
  useDeleteGuideMutation,
  useGetGuideSpeciesQuery,
  useLinkGuideSpeciesMutation,
  useLinkGuidePlaceMutation,
  useUploadPlacePhotoMutation,
  useRemovePlacePhotoMutation,
  useListLocationsQuery,
  useGetLocationQuery,
  usePutLocationMutation,
  useDeleteLocationMutation,
  useGetLocationGroupsQuery,
} = adminPlacesApi;
