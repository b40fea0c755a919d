/**
 * One full pass over a member's data (docs/sync.md "The member's data"): each member collection
 * pushed then pulled through the engine (which flags failures and retries them), then the photo
 * queue, then the offline stored requests. Photos go after the records, so a sighting's text is
 * never held back by its photo; the queues run even when a collection failed, but not once the
 * device is found offline, and stored requests wait while photos are left to upload after a failure.
 */
import { ApiError } from '../../api/ApiError';
import type { FieldmarkDB } from '../FieldmarkDB';
import type { SyncEngine } from './engine';
import { MEMBER_COLLECTIONS } from './member';
import { drainOutbox } from './outbox';
import { uploadPhotos } from './photos';
import type { PullContext } from './pull';

export interface MemberSyncSummary {
  /** Records the pushes settled on the server. */
  pushed: number;
  /** Records the pulls brought. */
  pulled: number;
  uploaded: number;
  sent: number;
  /** Items refused for good in this pass (they wait, visible, for the member). */
  parked: number;
  /** The first failure, when something is left for a retry. */
  error: unknown;
}

export async function syncMemberData(
  context: PullContext,
  engine: Pick<SyncEngine, 'sync'>,
  userId: string,
): Promise<MemberSyncSummary> {
  const summary: MemberSyncSummary = { pushed: 0, pulled: 0, uploaded: 0, sent: 0, parked: 0, error: null };
  let photosWait = false;
  const steps: Array<() => Promise<void>> = [
    ...MEMBER_COLLECTIONS.map((collection) => async () => {
      const result = await engine.sync(collection.name);
      summary.pushed += result.pushed?.settled ?? 0;
      summary.parked += result.pushed?.parked ?? 0;
      summary.pulled += result.received;
    }),
    async () => {
      const photos = await uploadPhotos(context, { userId }).catch((error: unknown) => {
        photosWait = true;
        throw error;
      });
      summary.uploaded = photos.uploaded;
      summary.parked += photos.parked;
    },
    async () => {
      // Stored requests may name a photo still queued (a post's photos, a comment on a new photo):
      // replayed before it is uploaded they would be refused for good, so they wait for a pass
      // whose uploads went through.
      if (photosWait) return;
      const requests = await drainOutbox(context, { userId });
      summary.sent = requests.sent;
      summary.parked += requests.parked;
    },
  ];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      summary.error ??= error;
      if (error instanceof ApiError && error.isOffline) break;
    }
  }
  return summary;
}

/** What is still waiting to reach the server for `userId` (parked items included: they are not there). */
export async function unsyncedCount(db: FieldmarkDB, userId: string): Promise<number> {
  const [records, photos, requests] = await Promise.all([
    db.dirty.where('user_id').equals(userId).count(),
    db.photo_uploads.filter((row) => row.user_id === userId).count(),
    db.outbox.filter((row) => row.user_id === userId).count(),
  ]);
  return records + photos + requests;
}
