/** Places as the server answers them, for the places tests (two of the demo parks, seed.ts). */
import type { Hotspot } from '@contract/places';

export function aPlace(
  id: string,
  name: string,
  lat: number,
  lng: number,
  extra: Partial<Hotspot> = {},
): Hotspot {
  return {
    hotspot_id: id,
    name,
    description: 'Demo entry.',
    location_id: null,
    location_name: null,
    latitude: lat,
    longitude: lng,
    radius_km: 35,
    has_boundary: false,
    habitat: [],
    likes: 0,
    rating: null,
    ratings: 0,
    ...extra,
  };
}

export const kruger = aPlace('kruger-national-park', 'Kruger National Park', -23.99, 31.55, {
  radius_km: 90,
  habitat: ['savanna', 'woodland', 'riverine'],
  location_id: 'ZAF-1209',
  location_name: 'Limpopo',
});
export const yosemite = aPlace('yosemite-national-park', 'Yosemite National Park', 37.85, -119.55, {
  likes: 3,
});
