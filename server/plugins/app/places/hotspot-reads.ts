/**
 * Reads of places (hotspots): nearby, by species, popular, list, map, one place, its species and
 * ratings, and the habitat at a point. Rows are mapped to the contract's Hotspot; the boundary only
 * when asked (it can be large). Every rule is in docs/places.md.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Bounds, Hotspot, PlacePhoto, PlaceSpecies, Polygon } from '@contract/places';
import { foldText } from '@contract/text';
import type { DB } from '../../../db/schema';
import type { LatLng } from '../reference/geo';
import {
  float,
  haversineSql,
  inBoundsSql,
  insideSql,
  likesSql,
  NEARBY_RADII_KM,
  nearBoxSql,
  sightingDateSql,
  sightingInsideSql,
  sightingSpeciesSql,
} from './geo-sql';
import type { PlacesTables } from './tables';

export type PlacesDB = DB & PlacesTables;

export interface HotspotRow {
  id: string;
  name: string;
  description: string;
  location_id: string | null;
  location_name: string | null;
  latitude: number;
  longitude: number;
  radius_km: number;
  boundary: Polygon | null;
  habitat: string[];
  photos: PlacePhoto[];
  likes: number;
  rating: number | null;
  ratings: number;
  distance_km?: number;
  sightings?: number | string;
  score?: number | string;
}

/** What every hotspot answer selects, over `hotspots h LEFT JOIN locations l`. */
export const COLUMNS = sql`h.id, h.name, h.description, h.location_id, l.name AS location_name, h.latitude,
  h.longitude, h.radius_km, h.boundary, h.habitat, h.photos, ${likesSql} AS likes,
  (SELECT round(avg(r.rating)::numeric, 2)::float8 FROM hotspot_ratings r WHERE r.hotspot_id = h.id) AS rating,
  (SELECT count(*) FROM hotspot_ratings r WHERE r.hotspot_id = h.id)::int AS ratings`;
export const FROM = sql`hotspots h LEFT JOIN locations l ON l.id = h.location_id`;

/** A year, in seconds: the window of "recent sightings" in popularity. */
const RECENT_SECONDS = 365 * 24 * 3600;
/** How many places popularity scores (the most liked of the location). */
const POPULAR_CANDIDATES = 500;

export function toHotspot(row: HotspotRow, includeBoundary: boolean): Hotspot {
  const hotspot: Hotspot = {
    hotspot_id: row.id,
    name: row.name,
    description: row.description,
    location_id: row.location_id,
    location_name: row.location_name,
    latitude: row.latitude,
    longitude: row.longitude,
    radius_km: row.radius_km,
    has_boundary: row.boundary !== null,
    habitat: row.habitat,
    photos: row.photos,
    likes: row.likes,
    rating: row.rating,
    ratings: row.ratings,
  };
  if (includeBoundary) hotspot.boundary = row.boundary;
  if (row.distance_km !== undefined) hotspot.distance_km = Math.round(row.distance_km * 1000) / 1000;
  if (row.sightings !== undefined) hotspot.sightings = Number(row.sightings);
  if (row.score !== undefined) hotspot.score = Number(row.score);
  return hotspot;
}

export class HotspotReads {
  readonly db: Kysely<PlacesDB>;

  constructor(db: Kysely<DB>) {
    this.db = db.withTables<PlacesTables>();
  }

  private async rows(query: RawBuilder<HotspotRow>): Promise<HotspotRow[]> {
    return (await query.execute(this.db)).rows;
  }

  /** Regular there, or seen there in a visible sighting (the `species_id` filter of nearby). */
  private speciesAtPlace(speciesId: string) {
    return sql`(EXISTS (SELECT 1 FROM hotspot_species s WHERE s.hotspot_id = h.id AND s.species_id = ${speciesId})
      OR EXISTS (SELECT 1 FROM collection_records o WHERE ${sightingInsideSql} AND ${sightingSpeciesSql} = ${speciesId}))`;
  }

  /** Places containing the point first (distance 0), then by distance from their point. */
  async nearby(point: LatLng, options: { speciesId?: string; limit: number }): Promise<HotspotRow[]> {
    const lat = float(point.lat);
    const lng = float(point.lng);
    const distance = haversineSql(sql`h.latitude`, sql`h.longitude`, lat, lng);
    const species = options.speciesId !== undefined ? this.speciesAtPlace(options.speciesId) : sql`true`;
    let rows: HotspotRow[] = [];
    for (const km of NEARBY_RADII_KM) {
      // The page is chosen on the bare rows first; likes and ratings are looked up for it alone.
      rows = await this.rows(sql<HotspotRow>`SELECT ${COLUMNS}, found.distance_km FROM (
          SELECT h.id, h.name, CASE WHEN ${insideSql(lat, lng)} THEN 0 ELSE ${distance} END AS distance_km
          FROM hotspots h
          WHERE (${nearBoxSql('h', point, km)}
            OR (h.min_lat <= ${lat} AND h.max_lat >= ${lat} AND h.min_lng <= ${lng} AND h.max_lng >= ${lng}))
            AND ${species}
          ORDER BY distance_km, h.name, h.id LIMIT ${options.limit}
        ) AS found JOIN ${FROM} ON h.id = found.id
        ORDER BY found.distance_km, found.name, found.id`);
      // Everything outside the box is farther than km: the page is final once its last row is nearer.
      const last = rows[rows.length - 1];
      if (rows.length >= options.limit && last !== undefined && (last.distance_km ?? 0) <= km) break;
    }
    return rows;
  }

  async speciesRegular(speciesId: string, limit: number): Promise<HotspotRow[]> {
    return this.rows(sql<HotspotRow>`SELECT ${COLUMNS} FROM ${FROM}
      JOIN hotspot_species s ON s.hotspot_id = h.id AND s.species_id = ${speciesId}
      ORDER BY h.name, h.id LIMIT ${limit}`);
  }

  async speciesSeen(speciesId: string, limit: number): Promise<HotspotRow[]> {
    return this.rows(sql<HotspotRow>`WITH seen AS (
        SELECT h.id, count(*) AS sightings FROM hotspots h
        JOIN collection_records o ON ${sightingInsideSql} AND ${sightingSpeciesSql} = ${speciesId}
        GROUP BY h.id ORDER BY sightings DESC, h.id LIMIT ${limit})
      SELECT ${COLUMNS}, seen.sightings FROM seen JOIN ${FROM} ON h.id = seen.id
      ORDER BY seen.sightings DESC, h.name, h.id`);
  }

  /**
   * Score = members liking it + visible sightings inside it dated in the last year. The sightings
   * are counted only for the POPULAR_CANDIDATES most-liked places of the location (or of all places
   * without one), so the cost stays bounded with 100,000 places (docs/places.md).
   */
  async popular(locationId: string | undefined, limit: number, nowSeconds: number): Promise<HotspotRow[]> {
    const where =
      locationId === undefined
        ? sql`true`
        : sql`(h.location_id = ${locationId} OR h.location_id IN (SELECT id FROM locations WHERE parent_id = ${locationId}))`;
    const since = nowSeconds - RECENT_SECONDS;
    return this.rows(sql<HotspotRow>`WITH liked AS MATERIALIZED (
        SELECT c.data->>'hotspot_id' AS hotspot_id, count(DISTINCT c.owner_id)::int AS n FROM collection_records c
        WHERE c.collection = 'hotspot_likes' AND NOT c.deleted AND c.data @> '{"liked": true}' GROUP BY 1),
      candidates AS MATERIALIZED (
        SELECT h.id, COALESCE(liked.n, 0) AS likes FROM hotspots h LEFT JOIN liked ON liked.hotspot_id = h.id
        WHERE ${where} ORDER BY likes DESC, h.name, h.id LIMIT ${POPULAR_CANDIDATES})
      SELECT * FROM (
        SELECT ${COLUMNS}, recent.n AS sightings, candidates.likes + recent.n AS score
        FROM candidates JOIN ${FROM} ON h.id = candidates.id
        CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM collection_records o
          WHERE ${sightingInsideSql} AND ${sightingDateSql} >= ${since}) AS recent) AS scored
      ORDER BY score DESC, name, id LIMIT ${limit}`);
  }

  async list(options: { search?: string; skip: number; limit: number }): Promise<HotspotRow[]> {
    const folded = options.search !== undefined ? foldText(options.search) : '';
    const where =
      folded === '' ? sql`true` : sql`h.search_text LIKE ${`% ${folded.replace(/[\\%_]/g, '\\$&')}%`}`;
    return this.rows(sql<HotspotRow>`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where}
      ORDER BY h.name, h.id OFFSET ${options.skip} LIMIT ${options.limit}`);
  }

  /** At most `limit` places inside the bounds: at random, or the first by a hash of the id. */
  async map(
    bounds: Bounds,
    options: { rand: boolean; limit: number },
  ): Promise<{ rows: HotspotRow[]; total: number }> {
    const inside = inBoundsSql('h', bounds);
    const order = options.rand ? sql`random()` : sql`md5(h.id)`;
    const rows = await this.rows(sql<HotspotRow>`SELECT ${COLUMNS} FROM ${FROM} WHERE ${inside}
      ORDER BY ${order} LIMIT ${options.limit}`);
    const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM hotspots h WHERE ${inside}`.execute(
      this.db,
    );
    return { rows, total: count.rows[0]?.n ?? 0 };
  }

  async byId(id: string): Promise<HotspotRow | undefined> {
    return (await this.rows(sql<HotspotRow>`SELECT ${COLUMNS} FROM ${FROM} WHERE h.id = ${id}`))[0];
  }

  async exists(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('hotspots').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  async guidesOf(id: string): Promise<Array<{ field_guide_id: string; name: string }>> {
    return this.db
      .selectFrom('hotspot_guides as g')
      .innerJoin('field_guides as f', 'f.id', 'g.field_guide_id')
      .select(['f.id as field_guide_id', 'f.name'])
      .where('g.hotspot_id', '=', id)
      .orderBy('f.name')
      .orderBy('f.id')
      .execute();
  }

  /** The place's species: regular ones and those seen in visible sightings inside it. */
  async species(id: string, locationId: string | undefined): Promise<PlaceSpecies[]> {
    const onList =
      locationId === undefined
        ? sql`true`
        : sql`EXISTS (SELECT 1 FROM species_locations sl WHERE sl.species_id = sp.id AND sl.location_id = ${locationId})`;
    const result = await sql<{
      species_id: string;
      name: string;
      scientific_name: string;
      group_id: string;
      regular: boolean;
      sightings: number;
      last_seen: string | null;
    }>`WITH seen AS (
        SELECT ${sightingSpeciesSql} AS species_id, count(*)::int AS n, max(${sightingDateSql}) AS last_seen
        FROM hotspots h JOIN collection_records o ON ${sightingInsideSql}
        WHERE h.id = ${id} GROUP BY 1),
      regular AS (SELECT species_id FROM hotspot_species WHERE hotspot_id = ${id})
      SELECT sp.id AS species_id, sp.name, sp.scientific_name, sp.group_id,
        (r.species_id IS NOT NULL) AS regular, COALESCE(seen.n, 0) AS sightings, seen.last_seen::text AS last_seen
      FROM species sp LEFT JOIN regular r ON r.species_id = sp.id LEFT JOIN seen ON seen.species_id = sp.id
      WHERE (r.species_id IS NOT NULL OR seen.species_id IS NOT NULL) AND NOT sp.deleted AND ${onList}
      ORDER BY regular DESC, sightings DESC, sp.sort, sp.id`.execute(this.db);
    return result.rows.map((row) => ({
      ...row,
      last_seen: row.last_seen === null ? null : Math.floor(Number(row.last_seen)),
    }));
  }

  async ratings(id: string) {
    const rows = await this.db
      .selectFrom('hotspot_ratings as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.user_id', 'u.nickname', 'r.rating', 'r.comment', 'r.updated_at'])
      .where('r.hotspot_id', '=', id)
      .orderBy('r.updated_at', 'desc')
      .orderBy('r.user_id')
      .execute();
    const count = rows.length;
    const average =
      count === 0 ? null : Math.round((rows.reduce((sum, row) => sum + row.rating, 0) / count) * 100) / 100;
    return {
      average,
      count,
      ratings: rows.map((row) => ({
        user_id: row.user_id,
        nickname: row.nickname,
        rating: row.rating,
        comment: row.comment,
        date: Math.floor(row.updated_at.getTime() / 1000),
      })),
    };
  }

  /** The place containing the point (smallest area first), else the nearest within `withinKm`. */
  async habitat(point: LatLng, withinKm: number) {
    const lat = float(point.lat);
    const lng = float(point.lng);
    const distance = haversineSql(sql`h.latitude`, sql`h.longitude`, lat, lng);
    const result = await sql<{ id: string; habitat: string[]; distance_km: number }>`SELECT * FROM (
        SELECT h.id, h.habitat, CASE WHEN ${insideSql(lat, lng)} THEN 0 ELSE ${distance} END AS distance_km,
          (h.max_lat - h.min_lat) * (h.max_lng - h.min_lng) AS area
        FROM hotspots h
        WHERE ${nearBoxSql('h', point, withinKm)}
          OR (h.min_lat <= ${lat} AND h.max_lat >= ${lat} AND h.min_lng <= ${lng} AND h.max_lng >= ${lng})
      ) AS found WHERE distance_km <= ${withinKm}
      ORDER BY distance_km, area, id LIMIT 1`.execute(this.db);
    return result.rows[0];
  }
}
