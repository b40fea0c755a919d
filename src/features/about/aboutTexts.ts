/**
 * User-visible texts of the About / Data sources page. Only this client shows them, so they live
 * in the domain rather than in src/contract (issue 22); only the lazily loaded page imports them.
 */
export const aboutTexts = {
  aboutVersion: 'Version {version}',
  aboutCodeLicence: '{product} is open-source software under the {licence} licence.',
  aboutDataSources: 'Data sources',
  aboutDataIntro:
    'The species, their names and the places come from these openly licensed datasets. Each is credited as its licence asks.',
  aboutNoPhotos:
    'Species photos are not part of these lists (no openly licensed ones were found): they are added by administrators.',
  aboutSpeciesData: 'Species',
  aboutPlaceData: 'Places and languages',
  aboutLicence: 'Licence: {licence}',
} as const;
