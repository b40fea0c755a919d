/**
 * The sightings domain as other parts of the app see it: its routes and the pieces pages embed.
 * The router imports this file, and everything it names ends up in the first route (lazyParts.tsx):
 * keep it to route objects, small pure helpers and lazy components.
 */
export { observationRoutes } from './routes';
export { recordPath, UNSPECIFIED_SPECIES_SEGMENT } from './recordPath';
export { recordSignedOutToast } from './signedOutToast';
export { QuickRecordButton, SpeciesSightings } from './lazyParts';
// The member's own sightings matching a filter, embedded by a trip's page (list/lazyList.tsx).
export { OwnSightingList } from './list/lazyList';
