/**
 * What other domains' lazily loaded code may use of the trips domain: the member's trips (the
 * sightings list's trip filter). Never imported by the first route (it brings Dexie): that uses
 * ./index.ts.
 */
export { ownTrips } from './tripsQueries';
