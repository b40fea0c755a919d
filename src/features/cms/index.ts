/** The CMS domain as other parts of the app see it. */
export { cmsRoutes } from './routes';
