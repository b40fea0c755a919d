/**
 * GET species/{id}/distribution_map: the outlines of the locations a species is keyed to
 * (species_locations), from the committed outlines asset (public/maps/locations.geojson, built by
 * `npm run cli -- reference:outlines`), read once at start-up and kept in memory (≈ 0.5 MB).
 * A keyed location without an outline (a region outside the USA, Canada, Australia and Brazil)
 * is a Point at its label point. A species of a world-scope classification (reptiles) is on every
 * list everywhere: `scope: 'world'`, and its features are whatever locations it is keyed to (none
 * today), so the client shows "worldwide list" rather than an empty map.
 */
import { readFile } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import type {
  DistributionFeature,
  DistributionMapResponse,
  OutlineGeometry,
  OutlinesCollection,
} from '@contract/media';
import type { DB } from '../../../db/schema';

export type LocationOutlines = ReadonlyMap<string, OutlineGeometry>;

/** Reads the outlines asset: location id → geometry. Throws if the file is missing or malformed. */
export async function loadOutlines(file: string): Promise<LocationOutlines> {
  const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<OutlinesCollection>;
  if (parsed.type !== 'FeatureCollection' || !Array.isArray(parsed.features)) {
    throw new Error(`${file}: not a GeoJSON FeatureCollection`);
  }
  return new Map(parsed.features.map((feature) => [feature.id, feature.geometry]));
}

type DistributionMap = Omit<DistributionMapResponse, 'status'>;

/** The map of a species, or null when there is no such (live) species. */
export async function distributionMap(
  db: Kysely<DB>,
  outlines: LocationOutlines,
  speciesId: string,
): Promise<DistributionMap | null> {
  const species = await db
    .selectFrom('species')
    .select((eb) => [
      'id',
      eb
        .exists(
          eb
            .selectFrom('taxa_classifications as tc')
            .select('tc.id')
            .where('tc.scope', '=', 'world')
            .where(sql<boolean>`tc.id = ANY(species.classifications)`),
        )
        .as('world'),
    ])
    .where('id', '=', speciesId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!species) return null;

  const rows = await db
    .selectFrom('species_locations as sl')
    .innerJoin('locations as l', 'l.id', 'sl.location_id')
    .select(['sl.location_id', 'sl.occurrence', 'l.name', 'l.type', 'l.latitude', 'l.longitude'])
    .where('sl.species_id', '=', speciesId)
    // Countries under their regions when drawn in order; then by name, for a stable answer.
    .orderBy('l.type')
    .orderBy('l.name')
    .execute();
  const features: DistributionFeature[] = rows.map((row) => ({
    type: 'Feature',
    id: row.location_id,
    properties: { location_id: row.location_id, name: row.name, occurrence: row.occurrence },
    geometry: outlines.get(row.location_id) ?? { type: 'Point', coordinates: [row.longitude, row.latitude] },
  }));
  return {
    scope: species.world ? 'world' : 'locations',
    distribution_map: { type: 'FeatureCollection', features },
  };
}
