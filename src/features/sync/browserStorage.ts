/**
 * Two browser facilities the member's queue leans on, both optional:
 * - `navigator.storage.persist()` (notes/performance-and-reliability.md §7, R10): the unsynced
 *   sightings are the one thing that cannot be downloaded again, so after the first saved sighting
 *   the app asks once that the browser never evicts this origin's storage;
 * - Background Sync (`registration.sync`, Chromium only): a save made offline asks the service
 *   worker to drain the queue when the connection returns, even with the page closed (src/sw).
 */
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import { BACKGROUND_SYNC_TAG } from '../../lib/constants';

const PERSIST_KEY = 'persist_requested';

/** The navigator as feature detection sees it: any part may be missing (old browsers, a worker, a test). */
interface MaybeNavigator {
  storage?: Partial<StorageManager>;
  serviceWorker?: Partial<ServiceWorkerContainer>;
}
const maybeNavigator = () => (globalThis as { navigator?: MaybeNavigator }).navigator;

export async function requestPersistentStorage(db: FieldmarkDB): Promise<void> {
  const storage = maybeNavigator()?.storage;
  if (!storage?.persist) return;
  try {
    if ((await db.meta.get(PERSIST_KEY))?.value === true) return;
    await db.meta.put({ key: PERSIST_KEY, value: true });
    const granted = await storage.persist();
    if (!granted)
      console.info('Persistent storage was not granted; the browser may evict data under pressure');
  } catch (error) {
    console.warn('Persistent storage could not be requested', error);
  }
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

export async function requestBackgroundSync(): Promise<boolean> {
  try {
    const registration: (ServiceWorkerRegistration & SyncRegistration) | undefined =
      await maybeNavigator()?.serviceWorker?.getRegistration?.();
    if (!registration?.sync) return false;
    await registration.sync.register(BACKGROUND_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
