/**
 * The trips pages in one chunk: they share the dialogs, the live queries and the sightings list,
 * and one dynamic import costs the first route one entry instead of two.
 */
export { TripsPage } from './TripsPage';
export { TripDetailsPage } from './TripDetailsPage';
