/**
 * Map ads as data (docs/ads.md "Ads on the map"): the area on screen turned into GET ads/map's
 * query, and the ads it answers turned into the points of a map layer. Pure, so tested without a map.
 */
import type { FeatureCollection, Point } from 'geojson';
import type { AdImpression, AdMapQuery } from '@contract/ads';

/** The area the map shows: west, south, east, north in degrees, and the zoom. */
export interface MapArea {
  bounds: [number, number, number, number];
  zoom: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * GET ads/map's query for an area. Rounded to 0.01° and a tenth of a zoom step, so a map that
 * settles where it was asks nothing new (every answer counts impressions). A view wider than the
 * world asks for the whole world; longitudes past ±180 (a map panned round) wrap into range.
 */
export function mapAdsQuery(area: MapArea): AdMapQuery {
  const [west, south, east, north] = area.bounds;
  const wrap = (longitude: number) =>
    Math.abs(longitude) <= 180 ? longitude : ((((longitude + 180) % 360) + 360) % 360) - 180;
  const isWholeWorld = east - west >= 360;
  const box = [
    isWholeWorld ? -180 : round(wrap(west)),
    round(clamp(south, -90, 90)),
    isWholeWorld ? 180 : round(wrap(east)),
    round(clamp(north, -90, 90)),
  ];
  return { bounds: box.join(','), zoom: clamp(Math.round(area.zoom * 10) / 10, 0, 24) };
}

/** The ads with a point, as a map layer's features (`id` is the ad's). */
export function mapAdPoints(ads: readonly AdImpression[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: ads.flatMap((ad) =>
      ad.latitude === null || ad.longitude === null
        ? []
        : [
            {
              type: 'Feature' as const,
              geometry: { type: 'Point' as const, coordinates: [ad.longitude, ad.latitude] },
              properties: { id: ad.id },
            },
          ],
    ),
  };
}
