/**
 * The member's hotspot likes as a synced collection (docs/sync.md "Collections"), registered
 * through the places module's `sync`. Pulled with the member filter; no `inFilter`.
 */
import { HOTSPOT_LIKES_COLLECTION } from '@contract/trips';
import type { HotspotLikeRow } from '../../db/rows';
import type { SyncableCollection } from '../../db/sync/collection';
import { recordDataOf, requireFields } from '../../db/sync/memberRecords';

export const hotspotLikesCollection: SyncableCollection<HotspotLikeRow> = {
  name: HOTSPOT_LIKES_COLLECTION,
  table: (db) => db.hotspot_likes,
  toRow(record) {
    requireFields(record, { user_id: 'string', hotspot_id: 'string', liked: 'boolean' });
    return { ...(record.data as unknown as HotspotLikeRow), id: record.id, rev: record.rev };
  },
  toData: recordDataOf,
};
