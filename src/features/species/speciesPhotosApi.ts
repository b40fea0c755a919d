/**
 * Species photos as the server has them (online only: RTK Query): a species' reference photos and
 * members' photos of their public sightings of it (`GET species/{id}/images`), and for the gallery
 * the newest public sighting photo of each species on the member's list (`GET species_images`).
 * Offline the pages show the reference thumbnails the device synced with the species.
 */
import {
  SPECIES_GALLERY_PAGE_MAX,
  type SpeciesGalleryImage,
  type SpeciesGalleryResponse,
  type SpeciesImagesResponse,
} from '@contract/media';
import { api } from '../../api/api';

/** The most photos the species page shows. */
export const SPECIES_PAGE_PHOTOS = 60;
/**
 * The most species the gallery asks sighting photos for (5 requests of 200): a list's photos in
 * one go, bounded so a list of thousands with photos (world reptiles) cannot start 60 requests.
 */
export const GALLERY_SIGHTING_PHOTOS_MAX = 5 * SPECIES_GALLERY_PAGE_MAX;

/** The member's list as `GET species_images` (and `POST species`) takes it. */
export interface GalleryList {
  location_id: string;
  /** Config strings, comma-separated. */
  classifications: string;
}

export const speciesPhotosApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSpeciesImages: build.query<SpeciesImagesResponse, string>({
      query: (id) => ({
        path: `species/${encodeURIComponent(id)}/images`,
        payload: { limit: SPECIES_PAGE_PHOTOS },
      }),
    }),
    /** Species id → the newest photo of a public sighting of it, for the list's species that have one. */
    getSpeciesGallery: build.query<Record<string, SpeciesGalleryImage>, GalleryList>({
      async queryFn(list, _api, _extra, baseQuery) {
        const bySpecies: Record<string, SpeciesGalleryImage> = {};
        for (let skip = 0; skip < GALLERY_SIGHTING_PHOTOS_MAX; skip += SPECIES_GALLERY_PAGE_MAX) {
          const page = await baseQuery({
            path: 'species_images',
            payload: { ...list, skip, limit: SPECIES_GALLERY_PAGE_MAX },
          });
          if (page.error) return { error: page.error };
          const answer = page.data as SpeciesGalleryResponse;
          for (const image of answer.images) bySpecies[image.species_id] = image;
          if (skip + SPECIES_GALLERY_PAGE_MAX >= answer.total) break;
        }
        return { data: bySpecies };
      },
    }),
  }),
});

export const { useGetSpeciesImagesQuery, useGetSpeciesGalleryQuery } = speciesPhotosApi;
