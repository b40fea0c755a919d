/** The profile domain as other parts of the app see it. */
export { profileRoutes } from './routes';
