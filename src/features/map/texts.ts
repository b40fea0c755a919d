/**
 * User-visible texts of the maps (this domain's /species-map and /global-map, and the places map
 * through this file, docs/adding-a-domain.md "Texts"). Client-only, so they live with the map pages rather than in src/contract,
 * which the server shares; and apart from messageTexts.ts, which the first route loads, so only
 * the lazily loaded map pages download them (18 texts, ~300 bytes gzip, measured with
 * bench:bundle).
 */
export const mapTexts = {
  mapOfYourSightings: 'Map of your sightings',
  mapOfSpecies: 'Map of your sightings of {species}',
  // The summary is put together by mapSummaryOf, so that one of anything is said in the singular.
  mapSummaryOne: '1 sighting on the map, {lifers}.',
  mapSummaryMany: '{count} sightings on the map, {lifers}.',
  mapSummaryLiferOfOne: 'a lifer',
  mapSummaryNoLiferOfOne: 'not a lifer',
  mapSummaryNoLifers: 'none of them lifers',
  mapSummaryOneLifer: '1 of them a lifer',
  mapSummaryManyLifers: '{lifers} of them lifers',
  mapSummaryNone: 'No sightings with a place to show on the map.',
  mapBothHidden: 'Lifers and other sightings are both hidden from maps in Settings.',
  mapLoading: 'Loading your sightings…',
  mapListLink: 'Your sightings as a list',
  mapGuest: 'Sign in to see your sightings on the map.',
  mapOthersLater: "Shows the sightings on this device. Other members' sightings are not on the map yet.",
  mapFailed: 'The map cannot be shown on this device. Your sightings are listed under Observations.',
  mapZoomIn: 'Zoom in',
  mapZoomOut: 'Zoom out',
  mapSightingTitle: 'Sighting',
  mapLifer: 'Lifer',
  mapLegendSighting: 'Sighting',
  mapLegendCluster: 'Several sightings: select to zoom in',
  mapUnspecifiedSpecies: 'Unspecified species',
  mapOpenSighting: 'Open the sighting',
} as const;

/** What the map shows, said with correct plurals: "1 sighting on the map, a lifer." */
export function mapSummaryOf(count: number, lifers: number): string {
  const number = (value: number) => value.toLocaleString('en');
  const liferPart =
    count === 1
      ? lifers > 0
        ? mapTexts.mapSummaryLiferOfOne
        : mapTexts.mapSummaryNoLiferOfOne
      : lifers === 0
        ? mapTexts.mapSummaryNoLifers
        : lifers === 1
          ? mapTexts.mapSummaryOneLifer
          : mapTexts.mapSummaryManyLifers.replace('{lifers}', number(lifers));
  const template = count === 1 ? mapTexts.mapSummaryOne : mapTexts.mapSummaryMany;
  return template.replace('{count}', number(count)).replace('{lifers}', liferPart);
}
