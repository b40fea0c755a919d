/** The maps as other parts of the app see them: their routes. */
export { mapRoutes } from './routes';
