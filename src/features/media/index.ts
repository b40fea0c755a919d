/**
 * The media domain as other parts of the app see it: its routes and the address of a photo's page.
 * The router imports this file, and everything it names ends up in the first route: keep it to
 * route objects and small pure helpers.
 */
export { mediaRoutes } from './routes';
export { imageViewPath } from './imageViewPath';
