/**
 * Great-circle helpers for "nearest first" without PostGIS (see docs/api.md "Reference data" and
 * the toolchain note "Geo queries without PostGIS"): a bounding box that a B-tree index on
 * latitude/longitude can use as a prefilter, and the haversine distance that ranks what it lets
 * through. The SQL in the repository computes the same formula as `haversineKm`.
 */

/** Mean Earth radius (IUGG), as in the SQL. */
export const EARTH_RADIUS_KM = 6371.0088;
/** Kilometres per degree of latitude (and of longitude on the equator), rounded down a little. */
export const KM_PER_DEGREE = 111.2;

export interface LatLng {
  lat: number;
  lng: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  // min(1, …) guards asin against rounding just above 1 (antipodal points).
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A latitude band and one or two longitude ranges (two when the box crosses the antimeridian). */
export interface BoundingBox {
  minLat: number;
  maxLat: number;
  lngRanges: Array<[number, number]>;
}

/**
 * Every point within `radiusKm` of `center` lies inside the box (the corners also hold points
 * beyond it, so callers filter on the exact distance afterwards). Near a pole, or when the box
 * would be wider than the globe, the longitude range is the whole circle.
 */
export function boundingBox(center: LatLng, radiusKm: number): BoundingBox {
  const dLat = radiusKm / KM_PER_DEGREE;
  const minLat = Math.max(-90, center.lat - dLat);
  const maxLat = Math.min(90, center.lat + dLat);
  const whole: Array<[number, number]> = [[-180, 180]];
  if (minLat <= -90 || maxLat >= 90) return { minLat, maxLat, lngRanges: whole };
  // The widest parallel inside the band sets the longitude half-width.
  const widestLat = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const dLng = radiusKm / (KM_PER_DEGREE * Math.cos(radians(widestLat)));
  if (!Number.isFinite(dLng) || dLng >= 180) return { minLat, maxLat, lngRanges: whole };
  const west = center.lng - dLng;
  const east = center.lng + dLng;
  if (west < -180)
    return {
      minLat,
      maxLat,
      lngRanges: [
        [west + 360, 180],
        [-180, east],
      ],
    };
  if (east > 180)
    return {
      minLat,
      maxLat,
      lngRanges: [
        [west, 180],
        [-180, east - 360],
      ],
    };
  return { minLat, maxLat, lngRanges: [[west, east]] };
}

export function insideBox(box: BoundingBox, point: LatLng): boolean {
  return (
    point.lat >= box.minLat &&
    point.lat <= box.maxLat &&
    box.lngRanges.some(([west, east]) => point.lng >= west && point.lng <= east)
  );
}
