/** The content domain (pages by slug, help) as other parts of the app see it. */
import type { FeatureModule } from '../../app/featureModule';
import { ContentDialog } from './modals';
import { cmsRoutes } from './routes';
export { cmsRoutes } from './routes';
export { ContentDialog } from './modals';

export const cmsModule: FeatureModule = {
  name: 'cms',
  routes: cmsRoutes,
  modals: { contentPage: ContentDialog },
};
