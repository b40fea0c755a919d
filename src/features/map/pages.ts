/**
 * The map pages in one lazily loaded chunk with MapLibre: they share the map, and one dynamic import
 * costs the first route one entry instead of two (bench:bundle).
 */
export { GlobalMapPage } from './GlobalMapPage';
export { SpeciesMapPage } from './SpeciesMapPage';
