/** The content domain (pages by slug, help) as other parts of the app see it. */
export { cmsRoutes } from './routes';
export { ContentDialog } from './modals';
