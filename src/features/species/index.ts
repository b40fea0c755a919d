/**
 * The species guide as the router sees it: its routes. Other domains' pages that embed the species
 * chooser import ./SpeciesChooser directly, so it loads with their page, not the first route.
 */
export { speciesRoutes } from './routes';
