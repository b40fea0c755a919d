/**
 * The media domain as other parts of the app see it: its routes and the address of a photo's page.
 * The router imports this file, and everything it names ends up in the first route: keep it to
 * loaders and small pure helpers.
 */
import type { FeatureModule } from '../../app/featureModule';
export { imageViewPath } from './imageViewPath';

export const mediaModule: FeatureModule = {
  name: 'media',
  routes: async () => (await import('./routes')).mediaRoutes,
};
