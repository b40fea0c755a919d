/**
 * User-visible texts of the species pages and the local search. Only this client shows them, so
 * they live in the domain rather than in src/contract (issue 22); only the lazily loaded species
 * pages import them, so the first route does not download them.
 */
export const speciesTexts = {
  speciesSearchLabel: 'Search species',
  speciesCount: '{count} species',
  speciesMatches: '{count} species match',
  speciesNoMatch: "No species match '{query}'.",
  speciesFamilyUnknown: 'Family not given',
  speciesFamilyCaption: '{group} · {count}',
  speciesExtinct: 'Extinct',
  speciesChangeList: 'Change region or groups',
  /** A bird list derived from IOC range descriptions, not a checklist (issue 21; coverage `derived`). */
  speciesDerivedList: 'Derived from IOC range descriptions — may include vagrants or miss local specialities',
  speciesChooseList: 'Choose region and groups',
  speciesNoConfig: 'Choose your region and animal groups to see their species.',
  speciesSyncing: 'Species are being synchronised… They appear here as they arrive.',
  /** A new server still seeding the world lists (docs/sync.md "Seeding at start-up"). */
  speciesServerLoading:
    'The server is still loading the species lists ({done} of {total}). Search finds the species already here; the rest arrive by themselves.',
  speciesNoneOnList:
    'None of the species on this device belong to your region and animal groups yet. They arrive with the next sync.',
  speciesNotOnDevice: 'This species is not on this device',
  speciesNotOnDeviceBody:
    'The device keeps the species of your region and animal groups. Choose other groups or another region in Settings to get this one.',
  speciesNotDownloadedBody:
    'This species was never downloaded to this device, and offline the device cannot tell which region or animal group it belongs to. Add its region or group, and its species arrive with the next sync.',
  speciesAddRegionOrGroup: 'Add its region or group',
  speciesBackToList: 'Back to the species list',
  speciesNamesAndTaxonomy: 'Names and taxonomy',
  speciesOverview: 'Species page',
  speciesPhotos: 'Photos',
  speciesNoPhotos: 'No photos of this species yet.',
  speciesDistribution: 'Distribution',
  speciesNoDistribution:
    'Distribution data is not available for this group: the species is listed for every region.',
  speciesMapLabel: 'Distribution map: {places}',
  speciesMapFailed: 'The map could not be loaded. The places are listed below.',
  speciesPlaces: 'Found in: {places}',
  speciesClassification: 'Classification',
  speciesClassifications: 'Classifications',
  speciesOrder: 'Order',
  speciesFamily: 'Family',
  speciesAuthority: 'Authority',
  speciesStatus: 'Status',
  speciesExtant: 'Extant',
  speciesLists: 'Lists',
  speciesNames: 'Names',
  speciesLanguage: 'Language',
  speciesName: 'Name',
  speciesTaxonomy: 'Taxonomy',
  speciesListName: 'List',
  speciesScientificName: 'Scientific name',
  speciesEnglishName: 'English name',
  speciesCode: 'Code',
  speciesInClassification: 'In this classification',
  speciesChecklists: 'Checklists',
  speciesChecklist: 'Checklist',
  speciesPlace: 'Place',
  speciesOccurrence: 'Occurrence',
  yes: 'Yes',
  no: 'No',
  targetedIntro: 'The species of your region and animal groups that you have not recorded yet.',
  targetedGuest: 'Sign in and record your sightings: each species you record leaves this list.',
  targetedCount: '{count} of {total} species still to find',
  targetedAllRecorded: 'You have recorded every species on your list. Well spotted!',
  galleryEmpty:
    'No species photos yet. The species lists come without photos (no openly licensed ones were found); photos show here once administrators add them or members share public sightings with photos (online).',
  galleryFilter: 'Show photos of',
  galleryAllGroups: 'All groups',
  speciesEditNoCreate:
    'Species are not created one by one: they come from the reference lists (AviList, the IOC World Bird List, the Mammal Diversity Database, the Reptile Database, AmphibiaWeb).',
  speciesEditHowToAdd:
    'New species arrive when the server imports a newer version of a list (npm run cli -- import:species). To correct a species, open it and choose Edit Species.',
  speciesEditSave: 'Save',
  speciesEditDone: 'Done',
  speciesEditSaved: 'Species saved. Devices get the change with their next sync.',
  speciesEditAddName: 'Add a name',
  speciesEditNewName: 'the new',
  speciesEditRemoveName: 'Remove the {language} name',
  speciesEditLanguageId: 'Language id',
  speciesEditInClassification: 'In {classification}',
  speciesEditLanguageInvalid: "'{language}' is not a language id (such as fr, pt or zh).",
  speciesEditLanguageTwice: "There are two names for '{language}': keep one.",
  speciesEditNameTooLong: 'A name can have at most 200 characters.',
  speciesEditFamilyTooLong: 'A family name can have at most 100 characters.',
  speciesEditEnglishRequired: 'The English name can be changed but not removed.',
  speciesEditNothingChanged: 'Nothing has changed.',

  /** The list's first page from the server while the whole list downloads (issue 23). */
  speciesFirstPage:
    'The first {shown} of {total} species, from the server, while the whole list downloads to this device.',
} as const;
