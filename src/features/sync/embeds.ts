/**
 * What other domains' lazily loaded code may use of the sync (never the first route: this brings
 * the engine and Dexie with it). The first route uses ./index.ts.
 */
export { syncEngineOf } from './syncEngine';
/** The logout page's "sync now" and unsynced counter (SPEC §4 "Logout"). */
export { syncMemberNow } from './memberSyncThunks';
export { useUnsyncedCount } from './unsyncedQueries';
