/**
 * The reference-data plugin (autoloaded by app.ts as this folder's index): `app.reference` and
 * `app.geoip`, see reference-repository.ts.
 */
export { default } from './reference-repository';
