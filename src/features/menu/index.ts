/** The mobile menu domain as other parts of the app see it. */
export { menuRoutes } from './routes';
