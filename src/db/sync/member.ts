/**
 * The member-owned collections on the device (docs/sync.md "Collections"): sightings, trips and
 * hotspot likes. Each descriptor lives in its domain and reaches the app's sync engine through its
 * feature module (src/app/modules.ts). This list is for the code that runs without the module list
 * — the service worker's Background Sync, `syncMemberData`'s pass order, benches and fault tests —
 * and src/app/modules.test.ts keeps it equal to the modules' member collections.
 */
import { hotspotLikesCollection } from '../../features/places/hotspotLikesCollection';
import { observationsCollection } from '../../features/observations/observationsCollection';
import { tripsCollection } from '../../features/trips/tripsCollection';
import type { SyncableCollection } from './collection';

export { memberFilterOf } from './memberRecords';
export { hotspotLikesCollection, observationsCollection, tripsCollection };

export const MEMBER_COLLECTIONS: readonly SyncableCollection[] = [
  observationsCollection,
  tripsCollection,
  hotspotLikesCollection,
];
