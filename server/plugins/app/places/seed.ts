/**
 * The demo places a new installation starts with (docs/places.md "Demo data"): well-known national
 * parks and reserves of the United States and South Africa. Their points are approximate central
 * points (rounded to 0.01°) and they have no boundary: the radius stands for the area, and each
 * description says so. No field guides: guides are real people and businesses, never invented.
 *
 * Seeded once: the first start inserts them and records `demo_places` in reference_imports, so an
 * admin's later edits and deletions stay. A place whose region is not in `locations` (a database
 * without the reference seed) gets no location_id.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { radiusBox } from './geo-sql';
import { searchText } from './hotspot-writes';
import type { PlacesTables } from './tables';

interface DemoPlace {
  id: string;
  name: string;
  /** Region id of the reference locations (Natural Earth adm1_code). */
  locationId: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  habitat: string[];
  about: string;
}

const APPROXIMATE =
  'Demo entry: the point is an approximate centre of the park and the circle a rough stand-in for its area, not its boundary.';

export const DEMO_PLACES: readonly DemoPlace[] = [
  {
    id: 'kruger-national-park',
    name: 'Kruger National Park',
    locationId: 'ZAF-1209',
    latitude: -23.99,
    longitude: 31.55,
    radiusKm: 90,
    habitat: ['savanna', 'woodland', 'riverine'],
    about: 'South African national park in the Lowveld of Limpopo and Mpumalanga.',
  },
  {
    id: 'addo-elephant-national-park',
    name: 'Addo Elephant National Park',
    locationId: 'ZAF-1926',
    latitude: -33.44,
    longitude: 25.75,
    radiusKm: 25,
    habitat: ['thicket', 'fynbos', 'coastal'],
    about: 'South African national park near Gqeberha in the Eastern Cape.',
  },
  {
    id: 'table-mountain-national-park',
    name: 'Table Mountain National Park',
    locationId: 'ZAF-1189',
    latitude: -34.2,
    longitude: 18.42,
    radiusKm: 25,
    habitat: ['fynbos', 'coastal', 'mountain'],
    about: 'South African national park on the Cape Peninsula, from Table Mountain to Cape Point.',
  },
  {
    id: 'isimangaliso-wetland-park',
    name: 'iSimangaliso Wetland Park',
    locationId: 'ZAF-1216',
    latitude: -27.85,
    longitude: 32.55,
    radiusKm: 60,
    habitat: ['wetland', 'coastal', 'grassland'],
    about: 'World Heritage wetland park on the KwaZulu-Natal coast.',
  },
  {
    id: 'yellowstone-national-park',
    name: 'Yellowstone National Park',
    locationId: 'USA-3527',
    latitude: 44.6,
    longitude: -110.5,
    radiusKm: 50,
    habitat: ['forest', 'grassland', 'geothermal'],
    about: 'United States national park, mostly in Wyoming.',
  },
  {
    id: 'everglades-national-park',
    name: 'Everglades National Park',
    locationId: 'USA-3542',
    latitude: 25.29,
    longitude: -80.9,
    radiusKm: 50,
    habitat: ['wetland', 'mangrove', 'coastal'],
    about: 'United States national park in southern Florida.',
  },
  {
    id: 'great-smoky-mountains-national-park',
    name: 'Great Smoky Mountains National Park',
    locationId: 'USA-3551',
    latitude: 35.6,
    longitude: -83.5,
    radiusKm: 35,
    habitat: ['forest', 'mountain'],
    about: 'United States national park on the Tennessee–North Carolina line.',
  },
  {
    id: 'yosemite-national-park',
    name: 'Yosemite National Park',
    locationId: 'USA-3521',
    latitude: 37.85,
    longitude: -119.55,
    radiusKm: 35,
    habitat: ['forest', 'mountain', 'meadow'],
    about: 'United States national park in the Sierra Nevada of California.',
  },
];

export const DEMO_PLACES_DATASET = 'demo_places';

/** Inserts the demo places once; answers how many it inserted, or null when already done. */
export async function ensurePlacesData(database: Kysely<DB>): Promise<number | null> {
  const db = database.withTables<PlacesTables>();
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .selectFrom('reference_imports')
      .select('dataset')
      .where('dataset', '=', DEMO_PLACES_DATASET)
      .executeTakeFirst();
    if (done) return null;
    const known = new Set(
      (
        await trx
          .selectFrom('locations')
          .select('id')
          .where(
            'id',
            'in',
            DEMO_PLACES.map((place) => place.locationId),
          )
          .execute()
      ).map((row) => row.id),
    );
    const now = new Date();
    const result = await trx
      .insertInto('hotspots')
      .values(
        DEMO_PLACES.map((place) => {
          const box = radiusBox({ lat: place.latitude, lng: place.longitude }, place.radiusKm);
          return {
            id: place.id,
            name: place.name,
            description: `${place.about} ${APPROXIMATE}`,
            location_id: known.has(place.locationId) ? place.locationId : null,
            latitude: place.latitude,
            longitude: place.longitude,
            boundary: null,
            radius_km: place.radiusKm,
            min_lat: box.minLat,
            max_lat: box.maxLat,
            min_lng: box.minLng,
            max_lng: box.maxLng,
            habitat: place.habitat,
            search_text: searchText(place.name),
            created_at: now,
            updated_at: now,
          };
        }),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('reference_imports')
      .values({ dataset: DEMO_PLACES_DATASET, checksum: String(DEMO_PLACES.length), imported_at: now })
      .execute();
    return result.reduce((sum, row) => sum + Number(row.numInsertedOrUpdatedRows ?? 0), 0);
  });
}
