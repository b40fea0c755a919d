/**
 * What other domains' lazily loaded code may use of the sync (never the first route: this brings
 * the engine and Dexie with it). The first route uses ./index.ts.
 */
export { syncEngineOf } from './syncEngine';
