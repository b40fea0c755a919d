/**
 * A species' photos as the server has them (online only: RTK Query): its reference photos and
 * members' photos of their public sightings of it (`GET species/{id}/images`). Offline the species
 * page shows the reference thumbnails the device synced with the species.
 */
import type { SpeciesImagesResponse } from '@contract/media';
import { api } from '../../api/api';

/** The most photos the species page shows. */
export const SPECIES_PAGE_PHOTOS = 60;

export const speciesPhotosApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSpeciesImages: build.query<SpeciesImagesResponse, string>({
      query: (id) => ({
        path: `species/${encodeURIComponent(id)}/images`,
        payload: { limit: SPECIES_PAGE_PHOTOS },
      }),
    }),
  }),
});

export const { useGetSpeciesImagesQuery } = speciesPhotosApi;
