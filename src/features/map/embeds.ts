/**
 * What other domains' lazily loaded maps may use of the map domain: the local style over the
 * offline basemap and the map texts (the places map). Never imported by the first route: that uses
 * ./index.ts.
 */
export { localStyle } from './mapStyle';
export { mapTexts } from './mapTexts';
