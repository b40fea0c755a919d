/**
 * The administration pages of issue 18 (content pages, help, users) as the app sees them: a module
 * with their routes (lazy pages, so nothing else of this folder reaches the first route). The
 * member-facing content pages stay in src/features/cms, which reads from the device for offline use;
 * these edit the server's records online and share their own table, frame and editor pieces.
 */
import type { FeatureModule } from '../../app/featureModule';

export const adminModule: FeatureModule = {
  name: 'admin',
  routes: async () => (await import('./routes')).adminRoutes,
};
