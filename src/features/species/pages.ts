/**
 * The species guide's offline pages in one chunk: they share nearly all their code (the live
 * queries, the list, the page parts), and one dynamic import costs the first route one entry
 * instead of five (bench:bundle). The editor, which needs RTK Query and the network, stays apart.
 */
export { SpeciesListPage } from './SpeciesListPage';
export { SpeciesPage } from './SpeciesPage';
export { SpeciesDetailsPage } from './SpeciesDetailsPage';
export { SpeciesGalleryPage } from './SpeciesGalleryPage';
export { TargetedSpeciesPage } from './TargetedSpeciesPage';
