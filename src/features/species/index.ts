/**
 * The species guide as other parts of the app see it: its routes, and the species chooser for
 * other domains' forms. The router imports this file, and everything it names ends up in the
 * first route: the chooser is lazy for that reason.
 */
import { lazy } from 'react';

export { speciesRoutes } from './routes';

export const SpeciesChooser = lazy(async () => ({
  default: (await import('./SpeciesChooser')).SpeciesChooser,
}));
