/**
 * What other domains' lazily loaded maps may use of the map domain: the local style over the
 * offline basemap (the places map; its words come through ./texts.ts). Never imported by the first
 * route: that uses ./index.ts.
 */
export { localStyle } from './mapStyle';
