/**
 * What the places pages ask the server, each answer kept on the device (placesStore.ts) so the
 * pages, which read only the device, show it now and offline later. Online-only data — ratings —
 * is RTK Query (placesRatingsApi.ts). Every function takes the database and the one HTTP client,
 * so tests run them against the real server.
 */
import type {
  FieldGuideResponse,
  FieldGuidesResponse,
  HotspotResponse,
  HotspotsResponse,
  PlaceSpecies,
} from '@contract/places';
import { ApiError } from '../../api/ApiError';
import type { ApiClient } from '../../api/client';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import {
  forgetGuide,
  forgetPlace,
  keepGuideDetail,
  keepGuides,
  keepPlaceDetail,
  keepPlaces,
} from './placesStore';

/** How many places or guides one list call asks for: a screenful and more, one request. */
export const PLACES_FETCH = 50;

export interface PlacesQuery {
  position?: { lat: number; lng: number } | null;
  regionId?: string | null;
  search?: string;
}

/**
 * Fetches the places the list shows and keeps them: the search's matches, else those near the
 * position, and the popular ones of the member's region (or everywhere without one).
 */
export async function fetchPlaces(db: FieldmarkDB, api: ApiClient, query: PlacesQuery): Promise<void> {
  const search = query.search?.trim() ?? '';
  if (search !== '') {
    const answer = await api.request<HotspotsResponse>('GET', 'hotspots', { search, limit: PLACES_FETCH });
    return keepPlaces(db, answer.hotspots);
  }
  const calls: Promise<HotspotsResponse>[] = [
    api.request<HotspotsResponse>('GET', 'hotspots/popular', {
      limit: PLACES_FETCH,
      ...(query.regionId ? { location_id: query.regionId } : {}),
    }),
  ];
  if (query.position) {
    const { lat, lng } = query.position;
    calls.push(api.request<HotspotsResponse>('GET', 'hotspots/nearby', { lat, lng, limit: PLACES_FETCH }));
  }
  for (const answer of await Promise.all(calls)) await keepPlaces(db, answer.hotspots);
}

/** Fetches a place with its boundary, guides and species and keeps it; false when there is none. */
export async function fetchPlace(db: FieldmarkDB, api: ApiClient, id: string): Promise<boolean> {
  const path = `hotspots/${encodeURIComponent(id)}`;
  try {
    const [place, species] = await Promise.all([
      api.request<HotspotResponse>('GET', path),
      api.request<{ species: PlaceSpecies[] }>('GET', `${path}/species`),
    ]);
    await keepPlaceDetail(db, { hotspot: place.hotspot, species: species.species });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      await forgetPlace(db, id);
      return false;
    }
    throw error;
  }
}

export async function fetchGuides(
  db: FieldmarkDB,
  api: ApiClient,
  query: Omit<PlacesQuery, 'regionId'>,
): Promise<void> {
  const search = query.search?.trim() ?? '';
  const calls: Promise<FieldGuidesResponse>[] = [
    api.request<FieldGuidesResponse>('GET', 'field_guides/list', {
      limit: PLACES_FETCH,
      ...(search !== '' ? { search } : {}),
    }),
  ];
  if (query.position && search === '') {
    const { lat, lng } = query.position;
    calls.push(
      api.request<FieldGuidesResponse>('GET', 'field_guides/nearby', { lat, lng, limit: PLACES_FETCH }),
    );
  }
  for (const answer of await Promise.all(calls)) await keepGuides(db, answer.field_guides);
}

export async function fetchGuide(db: FieldmarkDB, api: ApiClient, id: string): Promise<boolean> {
  const path = `field_guides/${encodeURIComponent(id)}`;
  try {
    const [guide, species] = await Promise.all([
      api.request<FieldGuideResponse>('GET', path),
      api.request<{ species: { species_id: string; name: string; scientific_name: string }[] }>(
        'GET',
        `${path}/species`,
      ),
    ]);
    await keepGuideDetail(db, { field_guide: guide.field_guide, species: species.species });
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      await forgetGuide(db, id);
      return false;
    }
    throw error;
  }
}
