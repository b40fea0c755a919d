/**
 * The sightings domain as the router sees it: its routes and small pure helpers. The router imports
 * this file, so everything it names is first-route JavaScript. Pages of other domains that embed
 * a sightings component (the species page's Quick Record button and sightings, a trip's list)
 * import that component's own file: it then lands in their lazily loaded page chunk
 * (docs/ARCHITECTURE.md "Bundles").
 */
import type { FeatureModule } from '../../app/featureModule';
export { recordAtPath, recordPath, UNSPECIFIED_SPECIES_SEGMENT } from './recordPath';
export { recordSignedOutToast } from './signedOutToast';

export const observationsModule: FeatureModule = {
  name: 'observations',
  routes: async () => (await import('./routes')).observationRoutes,
  sync: async () => ({ collections: [(await import('./observationsCollection')).observationsCollection] }),
};
