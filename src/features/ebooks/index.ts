/**
 * The ebook admin pages (issue 18; SPEC §7 "Ebooks") as the app sees them: a module with their
 * routes (lazy pages, so nothing else of this folder reaches the first route). They edit the
 * server's books online; nothing is kept on the device.
 */
import type { FeatureModule } from '../../app/featureModule';

export const ebooksModule: FeatureModule = {
  name: 'ebooks',
  routes: async () => (await import('./routes')).ebookRoutes,
};
