/**
 * What other domains' lazily loaded pages may embed of the sightings domain: the species page's
 * Quick Record button and sightings, a trip's sightings list and reads, a queued photo's address,
 * and photos picked and resized on the device (the newsfeed's composer).
 * Never imported by the first route (it brings Dexie and Material components): that uses
 * ./index.ts.
 */
export { QuickRecordButton } from './QuickRecordButton';
export { SpeciesSightings } from './SpeciesSightings';
export { useQueuedPhotoUrl } from './useQueuedPhotoUrl';
export { usePendingPhotos, type PendingPhoto } from './usePendingPhotos';
export { OwnSightingList } from './list/OwnSightingList';
/** The trips pages' counts: a trip's sightings are read through the sightings' indexes. */
export { unsyncedOf } from './list/ownSightingReads';
export { tripSightingCounts } from './list/tripSightingReads';
