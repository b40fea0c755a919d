/** The content domain (pages by slug, help) as other parts of the app see it. */
import type { FeatureModule } from '../../app/featureModule';
import { ContentDialog } from './modals';
export { ContentDialog } from './modals';

export const cmsModule: FeatureModule = {
  name: 'cms',
  routes: async () => (await import('./routes')).cmsRoutes,
  modals: { contentPage: ContentDialog },
};
