/**
 * What other domains' lazily loaded code may use of the places domain: the species page's "where to
 * see it" section (loaded lazily there, with the places code), the field guides pages' search
 * bar, reads, distances and photo strip, and the places layer of /global-map. The first route uses ./index.ts.
 */
export { PlacePhotoStrip } from './PlacePhotoStrip';
export { SearchNearMe } from './SearchNearMe';
export { WhereToSeeIt } from './WhereToSeeIt';
export { distanceText } from './placeFormat';
export { useGuide, useGuidesList, useMemberPosition } from './placesHooks';
export { usePlacesLayer } from './usePlacesLayer';
