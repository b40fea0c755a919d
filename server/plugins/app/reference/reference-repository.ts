/**
 * Reads of the reference tables (locations, languages, classifications) and the mapping from rows
 * to the contract's shapes. Seeding writes them (server/db/reference/seed.ts); nothing else does.
 *
 * Nearest-first (`nearest`): every location has one label point (Natural Earth's point inside it).
 * A region ranks by the distance to its own point, a country by the distance to the nearest of
 * its own point and its regions' points, and at equal distance a region comes before its
 * country: so for a point the first answer is the region whose label point is nearest, then its
 * country. Candidates come from a latitude/longitude bounding box (B-tree indexes) that grows
 * (250 → 1,000 → 4,000 km → everything) until enough lie inside the radius; they are ranked by
 * the haversine distance in SQL. This is label points, not polygons: near a border the nearest
 * label point can belong to the neighbouring region (docs/api.md "Reference data").
 */
import fp from 'fastify-plugin';
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Language, Location, LocationSummary, LocationType } from '@contract/reference';
import { DEFAULT_LANGUAGE_ID, DEFAULT_LOCATION_ID } from '@contract/reference';
import type { DB } from '../../../db/schema';
import type { LocationClassificationsTable, LocationRow, TaxaClassificationsTable } from './tables';
import { boundingBox, EARTH_RADIUS_KM, type LatLng } from './geo';
import { GeoIp } from './geoip';
import { escapeLike } from '@contract/text';

export interface LocationFilter {
  types?: readonly LocationType[];
  withSpeciesOnly?: boolean;
  /** Already folded with foldText; empty means no search. */
  search?: string;
  parentId?: string;
}

export interface Page {
  limit: number;
  skip: number;
}

/** A location row as the list queries answer it. */
export type LocationHit = Omit<LocationRow, 'search_text' | 'search_name'> & {
  parent_name: string | null;
  parent_type: LocationType | null;
  distance_km?: number | null;
};

export type ClassificationRow = Selectable<TaxaClassificationsTable>;
export type CoverageRow = Pick<
  Selectable<LocationClassificationsTable>,
  'active' | 'coverage' | 'source' | 'derived'
>;

/** Radii (km) of the growing bounding box; null = no box. */
const SEARCH_RADII = [250, 1000, 4000, null] as const;

const COLUMNS = sql`l.id, l.parent_id, l.type, l.name, l.names, l.iso_a2, l.iso_a3, l.iso_3166_2, l.continent,
  l.latitude, l.longitude, l.has_species, p.name AS parent_name, p.type AS parent_type`;

/** Haversine distance in km from the given point to the row's label point (same formula as geo.ts). */
function haversineSql(point: LatLng): RawBuilder<number> {
  const lat = sql`${point.lat}::double precision`;
  const lng = sql`${point.lng}::double precision`;
  return sql<number>`2 * ${sql.lit(EARTH_RADIUS_KM)} * asin(least(1, sqrt(
    power(sin(radians(latitude - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(latitude)) * power(sin(radians(longitude - ${lng}) / 2), 2))))`;
}

function filterConditions(filter: LocationFilter): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.types && filter.types.length > 0)
    conditions.push(sql`l.type IN (${sql.join([...filter.types])})`);
  if (filter.withSpeciesOnly) conditions.push(sql`l.has_species`);
  if (filter.parentId !== undefined) conditions.push(sql`l.parent_id = ${filter.parentId}`);
  if (filter.search) conditions.push(sql`l.search_text LIKE ${`%${escapeLike(filter.search)}%`}`);
  return conditions;
}

function where(conditions: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

/** Search ranking: the name itself, then names starting with the term, then any word starting with it. */
function searchRank(search: string): RawBuilder<number> {
  const term = escapeLike(search);
  return sql<number>`CASE WHEN l.search_name = ${search} THEN 0
    WHEN l.search_name LIKE ${`${term}%`} THEN 1
    WHEN l.search_text LIKE ${`% ${term}%`} THEN 2 ELSE 3 END`;
}

export class ReferenceRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Locations without a point: search rank first when searching, countries before regions, by name. */
  async list(filter: LocationFilter, page: Page): Promise<LocationHit[]> {
    const rank = filter.search ? sql`${searchRank(filter.search)}, ` : sql``;
    const { rows } = await sql<LocationHit>`SELECT ${COLUMNS}
      FROM locations l LEFT JOIN locations p ON p.id = l.parent_id
      ${where(filterConditions(filter))}
      ORDER BY ${rank}CASE WHEN l.type = 'country' THEN 0 ELSE 1 END, l.search_name, l.id
      LIMIT ${page.limit} OFFSET ${page.skip}`.execute(this.db);
    return rows;
  }

  /** Nearest first from `point` (see the file comment). */
  async nearest(point: LatLng, filter: LocationFilter, page: Page): Promise<LocationHit[]> {
    for (const radius of SEARCH_RADII) {
      const rows = await this.nearestWithin(point, radius, filter, page);
      if (radius === null || rows.length >= page.limit) return rows;
    }
    return [];
  }

  private async nearestWithin(
    point: LatLng,
    radiusKm: number | null,
    filter: LocationFilter,
    page: Page,
  ): Promise<LocationHit[]> {
    const box = radiusKm === null ? null : boundingBox(point, radiusKm);
    const inBox = box
      ? sql`WHERE latitude BETWEEN ${box.minLat} AND ${box.maxLat} AND (${sql.join(
          box.lngRanges.map(([west, east]) => sql`longitude BETWEEN ${west} AND ${east}`),
          sql` OR `,
        )})`
      : sql``;
    const conditions = filterConditions(filter);
    if (radiusKm !== null) conditions.push(sql`dist.km <= ${radiusKm}`);
    const { rows } = await sql<LocationHit>`WITH near AS (
        SELECT id, parent_id, ${haversineSql(point)} AS km FROM locations ${inBox}
      ), dist AS (
        SELECT id, min(km) AS km FROM (
          SELECT id, km FROM near
          UNION ALL
          SELECT parent_id AS id, km FROM near WHERE parent_id IS NOT NULL
        ) candidates GROUP BY id
      )
      SELECT ${COLUMNS}, dist.km AS distance_km
      FROM dist JOIN locations l ON l.id = dist.id LEFT JOIN locations p ON p.id = l.parent_id
      ${where(conditions)}
      ORDER BY dist.km, CASE WHEN l.type = 'region' THEN 0 ELSE 1 END, l.id
      LIMIT ${page.limit} OFFSET ${page.skip}`.execute(this.db);
    return rows;
  }

  async findById(id: string): Promise<LocationHit | undefined> {
    const { rows } = await sql<LocationHit>`SELECT ${COLUMNS}
      FROM locations l LEFT JOIN locations p ON p.id = l.parent_id WHERE l.id = ${id}`.execute(this.db);
    return rows[0];
  }

  /** The country that owns an ISO 3166-1 alpha-2 code. */
  async findCountryByIso(isoA2: string): Promise<LocationHit | undefined> {
    const { rows } = await sql<LocationHit>`SELECT ${COLUMNS}
      FROM locations l LEFT JOIN locations p ON p.id = l.parent_id
      WHERE l.type = 'country' AND l.iso_a2 = ${isoA2} ORDER BY l.id LIMIT 1`.execute(this.db);
    return rows[0];
  }

  async defaultLocation(): Promise<LocationHit | undefined> {
    return this.findById(DEFAULT_LOCATION_ID);
  }

  async children(id: string): Promise<LocationSummary[]> {
    return this.db
      .selectFrom('locations')
      .select(['id', 'name', 'type'])
      .where('parent_id', '=', id)
      .orderBy('search_name')
      .orderBy('id')
      .execute();
  }

  async languages(): Promise<Language[]> {
    const rows = await this.db.selectFrom('languages').selectAll().orderBy('sort').orderBy('id').execute();
    return rows.map((row) => ({
      id: row.id,
      locale: row.locale,
      name: row.name,
      native_name: row.native_name,
      direction: row.direction,
      default: row.id === DEFAULT_LANGUAGE_ID,
    }));
  }

  async classifications(): Promise<ClassificationRow[]> {
    return this.db.selectFrom('taxa_classifications').selectAll().orderBy('sort').orderBy('id').execute();
  }

  /**
   * Coverage of each classification at a location: its own rows, else its parent's (a region
   * inherits its country's). Classifications with neither are missing from the map.
   */
  async coverageAt(location: Pick<LocationHit, 'id' | 'parent_id'>): Promise<Map<string, CoverageRow>> {
    const ids = location.parent_id === null ? [location.id] : [location.id, location.parent_id];
    const rows = await this.db
      .selectFrom('location_classifications')
      .select(['location_id', 'classification_id', 'active', 'coverage', 'source', 'derived'])
      .where('location_id', 'in', ids)
      .execute();
    const coverage = new Map<string, CoverageRow>();
    for (const row of rows) {
      if (row.location_id === location.id || !coverage.has(row.classification_id)) {
        coverage.set(row.classification_id, {
          active: row.active,
          coverage: row.coverage,
          source: row.source,
          derived: row.derived,
        });
      }
    }
    return coverage;
  }
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A row as the contract's Location: the basic fields, plus the rest unless `basic`. */
export function toLocation(row: LocationHit, basic: boolean): Location {
  const location: Location = {
    id: row.id,
    name: row.name,
    type: row.type,
    parent_id: row.parent_id,
    country_id: row.parent_id ?? row.id,
    latitude: row.latitude,
    longitude: row.longitude,
  };
  if (row.distance_km !== undefined && row.distance_km !== null)
    location.distance_km = round(row.distance_km, 1);
  if (basic) return location;
  return {
    ...location,
    iso_a2: row.iso_a2,
    iso_a3: row.iso_a3,
    iso_3166_2: row.iso_3166_2,
    continent: row.continent,
    names: row.names,
    has_species: row.has_species,
    parent_location: row.parent_id !== null ? [{ id: row.parent_id, name: row.parent_name ?? '' }] : [],
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    reference: ReferenceRepository;
    geoip: GeoIp;
  }
}

export default fp(
  (app, _options, done) => {
    app.decorate('reference', new ReferenceRepository(app.db));
    const geoip = new GeoIp();
    geoip.init();
    app.decorate('geoip', geoip);
    done();
  },
  { name: 'reference-repository', dependencies: ['db'], fastify: '5.x' },
);
