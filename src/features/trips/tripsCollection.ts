/**
 * The member's trips as a synced collection (docs/sync.md "Collections"), registered through the
 * trips module's `sync`. Pulled with the member filter; no `inFilter` (a pull never removes rows).
 */
import { TRIPS_COLLECTION } from '@contract/trips';
import type { TripRow } from '../../db/rows';
import type { SyncableCollection } from '../../db/sync/collection';
import { recordDataOf, requireFields } from '../../db/sync/memberRecords';

export const tripsCollection: SyncableCollection<TripRow> = {
  name: TRIPS_COLLECTION,
  table: (db) => db.trips,
  toRow(record) {
    requireFields(record, { user_id: 'string', date_start: 'number', date_end: 'number' });
    const data = record.data as unknown as TripRow;
    return { ...data, trip_id: record.id, id: record.id, rev: record.rev };
  },
  toData: (row) => ({ ...recordDataOf(row), trip_id: row.id }),
};
