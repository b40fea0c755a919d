/** The species guide as other parts of the app see it: its routes. */
export { speciesRoutes } from './routes';
