/**
 * The member's likes of places (SPEC §3 "Hotspot like"): records of the synced, member-owned
 * `hotspot_likes` collection (docs/sync.md), so a like made offline is kept on the device with its
 * dirty mark and pushed when the network returns. One live record per member and place: liking
 * again or unliking changes that record's `liked` (a new revision), so devices converge on it.
 */
import { HOTSPOT_LIKES_COLLECTION } from '@contract/trips';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { HotspotLikeRow } from '../../db/rows';
import { deviceSuffix, saveRecord } from '../../db/sync/localWrites';

/** The live like records of the member for this place (more than one only if two devices made one). */
async function likesOf(db: FieldmarkDB, userId: string, hotspotId: string): Promise<HotspotLikeRow[]> {
  const rows = await db.hotspot_likes.where('hotspot_id').equals(hotspotId).toArray();
  return rows.filter((row) => row.user_id === userId && !row.deleted);
}

/** Whether the member likes the place, as the device knows. */
export async function isPlaceLiked(db: FieldmarkDB, userId: string, hotspotId: string): Promise<boolean> {
  return (await likesOf(db, userId, hotspotId)).some((row) => row.liked);
}

/** The ids of the places the member likes. */
export async function likedPlaceIds(db: FieldmarkDB, userId: string): Promise<Set<string>> {
  const rows = await db.hotspot_likes.where('user_id').equals(userId).toArray();
  return new Set(rows.filter((row) => !row.deleted && row.liked).map((row) => row.hotspot_id));
}

/**
 * Likes or unlikes the place: every live record of the member for it gets `liked`, or a new record
 * is made when there is none. `coordinate` is where the member was, when known.
 */
export async function setPlaceLiked(
  db: FieldmarkDB,
  userId: string,
  hotspotId: string,
  liked: boolean,
  coordinate: { lat: number; lng: number } | null = null,
  now = Date.now(),
): Promise<void> {
  const suffix = await deviceSuffix(db);
  await db.transaction('rw', [db.hotspot_likes, db.dirty], async () => {
    const held = await likesOf(db, userId, hotspotId);
    const point = coordinate
      ? { type: 'Point' as const, coordinates: [coordinate.lng, coordinate.lat] as [number, number] }
      : null;
    const records =
      held.length > 0
        ? held
        : [{ id: crypto.randomUUID(), user_id: userId, hotspot_id: hotspotId, coordinate: point }];
    for (const record of records) {
      if ('liked' in record && record.liked === liked) continue;
      const { rev: _rev, deleted: _deleted, ...fields } = { rev: '', deleted: undefined, ...record };
      await saveRecord<HotspotLikeRow>(
        db,
        HOTSPOT_LIKES_COLLECTION,
        db.hotspot_likes,
        { ...fields, liked, coordinate: fields.coordinate ?? point },
        suffix,
        now,
      );
    }
  });
}
