/**
 * The client sync engine (SPEC §4 "Sync"; docs/sync.md "The client"). Plain TypeScript over Dexie
 * and the app's HTTP client; loaded lazily (never on the first route).
 */
export { filterFromKey, filterKey, type SyncableCollection, type SyncFilter } from './collection';
export {
  createSyncEngine,
  type SyncEngine,
  type SyncEngineOptions,
  type SyncEvent,
  type SyncResult,
} from './engine';
export {
  pullCollection,
  PULL_WRITE_SLICE,
  type PullContext,
  type PullOptions,
  type PullProgress,
  type PullResult,
} from './pull';
export {
  createRetryScheduler,
  RETRY_FIRST_DELAY_MS,
  RETRY_INTERVAL_MS,
  systemTimers,
  type RetryScheduler,
  type Timers,
} from './retry';
export {
  SPECIES_COLLECTION,
  speciesCollection,
  speciesFilterOf,
  speciesRowOf,
  speciesTokens,
} from './species';
export { deleteRecord, deviceSuffix, nextRev, randomId, saveRecord, type WritableRow } from './localWrites';
export { reconcileLifers } from './lifers';
export {
  hotspotLikesCollection,
  MEMBER_COLLECTIONS,
  memberFilterOf,
  observationsCollection,
  tripsCollection,
} from './member';
export { isPermanentRefusal, pushCollection, type PushResult } from './push';
export { syncMemberData, unsyncedCount, type MemberSyncSummary } from './memberSync';
export { drainOutbox, storeRequest, type StoredRequest } from './outbox';
export { base64Of, uploadPhotos, type UploadResult } from './photos';
