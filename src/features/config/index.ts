/**
 * The config domain as other parts of the app see it: the settings route, the config dialog, the
 * start-up initial config, and the `config/proceeded` event the species sync will listen to.
 */
export { configRoutes } from './routes';
export { ConfigDialog } from './modals';
export { skipsInitialLocation, startInitialConfig } from './startup';
export { configProceeded, type ConfigProceededPayload } from './events';
