/**
 * What other domains' lazily loaded pages may use of the species guide: the species chooser (the
 * recording form), one species from anywhere (device or server), the member's recorded species.
 * Never imported by the first route (it brings Dexie and the API client): that uses ./index.ts.
 */
export { SpeciesChooser } from './SpeciesChooser';
export { speciesOnDeviceById, useKeepMissingSpecies, useSpeciesAnywhere } from './speciesAnywhereRepo';
export { useRecordedSpeciesIds } from './speciesQueries';
/** The species texts a lazily loaded dialog shows too (the config dialog's derived-list note). */
export { speciesTexts } from './speciesTexts';
