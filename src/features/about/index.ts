/** The About / Data sources page as other parts of the app see it: its route. */
export { aboutRoutes } from './routes';
