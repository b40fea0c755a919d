/** The admin pages of places, field guides and locations as the router sees them: their routes. */
export { adminPlacesRoutes } from './routes';
