/**
 * The SQL fragments of place geometry (docs/places.md "Inside"), shared by the places and guides
 * repositories. Plain SQL that runs the same on PGlite and PostgreSQL 15: a bounding box on B-tree
 * indexes first, then the haversine distance or `place_contains` (migration 011). The sighting
 * expressions and predicate literals are spelled exactly as the partial indexes of 009 and 011 are,
 * or the planner would not use them.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Bounds } from '@contract/places';
import { boundingBox, EARTH_RADIUS_KM, type LatLng } from '../reference/geo';

type Expr = RawBuilder<unknown>;

/** Great-circle distance in km between two points given as SQL expressions (degrees). */
export function haversineSql(latA: Expr, lngA: Expr, latB: Expr, lngB: Expr): RawBuilder<number> {
  return sql<number>`(2 * ${sql.lit(EARTH_RADIUS_KM)} * asin(least(1, sqrt(
    power(sin(radians(${latB} - ${latA}) / 2), 2) +
    cos(radians(${latA})) * cos(radians(${latB})) * power(sin(radians(${lngB} - ${lngA}) / 2), 2)))))`;
}

export const float = (value: number): Expr => sql`${value}::double precision`;

/** Is the point (SQL expressions) inside place `h`: its area's box, then its polygon or radius. */
export function insideSql(lat: Expr, lng: Expr): RawBuilder<boolean> {
  return sql<boolean>`(h.min_lat <= ${lat} AND h.max_lat >= ${lat} AND h.min_lng <= ${lng} AND h.max_lng >= ${lng}
    AND CASE WHEN h.boundary IS NULL
      THEN ${haversineSql(sql`h.latitude`, sql`h.longitude`, lat, lng)} <= h.radius_km
      ELSE place_contains(h.boundary, ${lat}, ${lng}) END)`;
}

export const sightingLat = sql`sighting_latitude(o.data)`;
export const sightingLng = sql`sighting_longitude(o.data)`;

/**
 * Sightings `o` anyone may see on a map: live, public, with a coordinate its member did not hide.
 * Never a private sighting, never a hidden coordinate.
 */
export const visibleSightingSql = sql`o.collection = 'species_observations' AND NOT o.deleted
  AND o.data @> '{"public": true}' AND NOT (o.data @> '{"coordinate_hidden": true}')
  AND sighting_latitude(o.data) IS NOT NULL AND sighting_longitude(o.data) IS NOT NULL`;

/** Visible sightings inside place `h`. */
export const sightingInsideSql = sql`${visibleSightingSql} AND ${insideSql(sightingLat, sightingLng)}`;

export const sightingDateSql = sql`CASE WHEN jsonb_typeof(o.data->'date') = 'number' THEN (o.data->>'date')::numeric END`;
export const sightingSpeciesSql = sql`COALESCE(o.data->>'species_id', '')`;

/** Members currently liking place `h` (one per member, whatever number of like records they hold). */
export const likesSql = sql<number>`(SELECT count(DISTINCT c.owner_id) FROM collection_records c
  WHERE c.collection = 'hotspot_likes' AND NOT c.deleted AND (c.data->>'hotspot_id') = h.id
  AND c.data @> '{"liked": true}')::int`;

/** Rows `alias` whose point is within the box around `center` of radius `km` (index prefilter). */
export function nearBoxSql(alias: string, center: LatLng, km: number): RawBuilder<boolean> {
  const box = boundingBox(center, km);
  const lat = sql.ref(`${alias}.latitude`);
  const lng = sql.ref(`${alias}.longitude`);
  const ranges = box.lngRanges.map(([west, east]) => sql`${lng} BETWEEN ${west} AND ${east}`);
  return sql<boolean>`(${lat} BETWEEN ${box.minLat} AND ${box.maxLat} AND (${sql.join(ranges, sql` OR `)}))`;
}

/** Rows `alias` whose point is inside map bounds (west > east: across the antimeridian). */
export function inBoundsSql(alias: string, bounds: Bounds): RawBuilder<boolean> {
  const lat = sql.ref(`${alias}.latitude`);
  const lng = sql.ref(`${alias}.longitude`);
  const lngSql =
    bounds.west <= bounds.east
      ? sql`${lng} BETWEEN ${bounds.west} AND ${bounds.east}`
      : sql`(${lng} >= ${bounds.west} OR ${lng} <= ${bounds.east})`;
  return sql<boolean>`(${lat} BETWEEN ${bounds.south} AND ${bounds.north} AND ${lngSql})`;
}

/** The box of a radius circle around a point, clamped to the globe (for a place's area columns). */
export function radiusBox(center: LatLng, km: number) {
  const box = boundingBox(center, km);
  const [only, ...more] = box.lngRanges;
  const single = only && more.length === 0 ? only : ([-180, 180] as const);
  return { minLat: box.minLat, maxLat: box.maxLat, minLng: single[0], maxLng: single[1] };
}

/** Search radii of "nearby", widening until a radius fills the page (docs/places.md). */
export const NEARBY_RADII_KM = [100, 1000, 20_100];
