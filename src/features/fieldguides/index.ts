/** The field guides domain as the app sees it (src/app/modules.ts): its pages, lazy (routes.tsx). */
import type { FeatureModule } from '../../app/featureModule';

export const fieldGuidesModule: FeatureModule = {
  name: 'fieldguides',
  routes: async () => (await import('./routes')).fieldGuideRoutes,
};
