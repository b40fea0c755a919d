/**
 * A feature module's pages for tests that mount them without the whole app: modules give their
 * routes as a loader (src/app/featureModule.ts), so the first route never carries them.
 */
import type { FeatureModule, FeatureRoute } from '../app/featureModule';

export async function routesOf(module: FeatureModule): Promise<readonly FeatureRoute[]> {
  if (!module.routes) throw new Error(`the ${module.name} module gives no routes`);
  return module.routes();
}
