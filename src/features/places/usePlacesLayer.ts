/**
 * The places the device keeps, as the points of a map layer (/global-map's places layer): a live
 * query, so places pulled or opened later appear without a reload, and offline it shows what the
 * device holds. `undefined` while it is read.
 */
import type { FeatureCollection } from 'geojson';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db';
import { placesGeoJson } from './placesGeoJson';

export function usePlacesLayer(): FeatureCollection | undefined {
  return useLiveQuery(async () => placesGeoJson(await db.places.toArray(), null), []);
}
