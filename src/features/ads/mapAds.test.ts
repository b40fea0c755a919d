import { describe, expect, it } from 'vitest';
import type { AdImpression } from '@contract/ads';
import { parseBounds } from '@contract/places';
import { mapAdPoints, mapAdsQuery } from './mapAds';

const ad = (id: string, latitude: number | null, longitude: number | null): AdImpression => ({
  id,
  title: id,
  text: '',
  image: null,
  link: null,
  latitude,
  longitude,
  sponsored: true,
});

describe('mapAdsQuery', () => {
  it('rounds the area so a map settling where it was asks the same', () => {
    expect(mapAdsQuery({ bounds: [17.123456, -34.98765, 19.5, -33.001], zoom: 8.04 })).toEqual({
      bounds: '17.12,-34.99,19.5,-33',
      zoom: 8,
    });
  });

  it('asks for the whole world when the view is wider than it, and wraps a map panned round', () => {
    expect(mapAdsQuery({ bounds: [-400, -95, 300, 95], zoom: 0.6 }).bounds).toBe('-180,-90,180,90');
    // Panned a whole turn east: the same place as 10..20.
    expect(mapAdsQuery({ bounds: [370, 0, 380, 5], zoom: 5 }).bounds).toBe('10,0,20,5');
    // Across the antimeridian: west above east, which the server reads as crossing it.
    expect(mapAdsQuery({ bounds: [170, -45, 190, -35], zoom: 5 }).bounds).toBe('170,-45,-170,-35');
  });

  it('always makes bounds the server accepts', () => {
    for (const bounds of [
      [-180, -90, 180, 90],
      [-720.5, -89.999, 720.5, 89.999],
      [179.999, 0, 180.001, 1],
    ] as const) {
      const query = mapAdsQuery({ bounds: [...bounds], zoom: 3 });
      expect(typeof parseBounds(query.bounds), query.bounds).toBe('object');
    }
  });
});

describe('mapAdPoints', () => {
  it('makes a point for each ad with a place, keyed by the ad', () => {
    const points = mapAdPoints([ad('a', -33.9, 18.4), ad('b', null, null)]);
    expect(points.features).toEqual([
      { type: 'Feature', geometry: { type: 'Point', coordinates: [18.4, -33.9] }, properties: { id: 'a' } },
    ]);
  });
});
