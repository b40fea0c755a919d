/** The places pages in one chunk: they share the kept places, the hooks and the map. */
export { LocationsPage } from './LocationsPage';
export { PlaceOverviewPage } from './PlaceOverviewPage';
