/**
 * The member's sightings as a synced collection (docs/sync.md "Collections"), registered through
 * the observations module's `sync`. Pulled with the member filter; no `inFilter`, so a pull never
 * removes rows and a previous member's unsynced sightings stay until pushed (R8). A pull settles
 * the lifer flags of the species it touched.
 */
import { OBSERVATIONS_COLLECTION } from '@contract/observations';
import type { ObservationRow } from '../../db/rows';
import type { SyncableCollection } from '../../db/sync/collection';
import { pulledLiferKeys, reconcilePulledLifers } from '../../db/sync/lifers';
import { recordDataOf, requireFields } from '../../db/sync/memberRecords';

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
  toData: (row) => ({ ...recordDataOf(row), observation_id: row.id }),
  pulledKeys: pulledLiferKeys,
  settlePulled: reconcilePulledLifers,
};
