/**
 * The member-owned collections on the device (docs/sync.md "Collections"): sightings, trips and
 * hotspot likes. Each is pulled with the filter `{user_id}` (the server answers only the member's
 * own records anyway; the filter ties the cursor to the member, so another member signing in on
 * this device pulls from 0) and pushed from its dirty marks. None has `inFilter`: a pull never
 * removes rows, so a previous member's unsynced records stay until they are pushed (R8).
 */
import { OBSERVATIONS_COLLECTION } from '@contract/observations';
import { cleanTextDeep } from '@contract/safeText';
import type { SyncRecord } from '@contract/sync';
import { HOTSPOT_LIKES_COLLECTION, TRIPS_COLLECTION } from '@contract/trips';
import type { HotspotLikeRow, ObservationRow, TripRow } from '../rows';
import type { SyncableCollection, SyncFilter } from './collection';
import { pulledLiferKeys, reconcilePulledLifers } from './lifers';

/** The pull filter of one member's collections. */
export function memberFilterOf(userId: string): SyncFilter {
  return { user_id: userId };
}

/**
 * The record's fields without the row's own bookkeeping, its text cleaned (cleanTextDeep): a row
 * saved before the repositories cleaned text (a NUL pasted into a note) is pushed as it can be
 * stored instead of being refused, so it is not left behind on the device.
 */
function dataOf<Row extends { id: string; rev: string; deleted?: true }>(row: Row): Record<string, unknown> {
  const { id: _id, rev: _rev, deleted: _deleted, ...data } = row;
  return cleanTextDeep(data);
}

function requireFields(record: SyncRecord, fields: Record<string, 'string' | 'number' | 'boolean'>): void {
  for (const [field, type] of Object.entries(fields)) {
    if (typeof record.data[field] !== type) {
      throw new Error(`${record.id}: '${field}' is missing or malformed`);
    }
  }
}

export const observationsCollection: SyncableCollection<ObservationRow> = {
  name: OBSERVATIONS_COLLECTION,
  table: (db) => db.species_observations,
  toRow(record) {
    requireFields(record, { user_id: 'string', date: 'number' });
    const data = record.data as unknown as ObservationRow;
    return {
      ...data,
      observation_id: record.id,
      media: Array.isArray(data.media) ? data.media : [],
      trips: Array.isArray(data.trips) ? data.trips : [],
      id: record.id,
      rev: record.rev,
    };
  },
  toData: (row) => ({ ...dataOf(row), observation_id: row.id }),
  pulledKeys: pulledLiferKeys,
  settlePulled: reconcilePulledLifers,
};

export const tripsCollection: SyncableCollection<TripRow> = {
  name: TRIPS_COLLECTION,
  table: (db) => db.trips,
  toRow(record) {
    requireFields(record, { user_id: 'string', date_start: 'number', date_end: 'number' });
    const data = record.data as unknown as TripRow;
    return { ...data, trip_id: record.id, id: record.id, rev: record.rev };
  },
  toData: (row) => ({ ...dataOf(row), trip_id: row.id }),
};

export const hotspotLikesCollection: SyncableCollection<HotspotLikeRow> = {
  name: HOTSPOT_LIKES_COLLECTION,
  table: (db) => db.hotspot_likes,
  toRow(record) {
    requireFields(record, { user_id: 'string', hotspot_id: 'string', liked: 'boolean' });
    return { ...(record.data as unknown as HotspotLikeRow), id: record.id, rev: record.rev };
  },
  toData: dataOf,
};

export const MEMBER_COLLECTIONS: readonly SyncableCollection[] = [
  observationsCollection,
  tripsCollection,
  hotspotLikesCollection,
];
