/**
 * The trips domain as other parts of the app see it: its routes. The router imports this file, and
 * everything it names ends up in the first route: keep it to route objects.
 */
export { tripRoutes } from './routes';
