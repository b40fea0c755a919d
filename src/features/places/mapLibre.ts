/**
 * MapLibre for the places map, imported dynamically when a map mounts. The worker URL is the emitted
 * (and precached) file, as features/map/SightingsMap.tsx sets it (notes/toolchain.md "maplibre-gl 6").
 */
import { Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

setWorkerUrl(workerUrl);

export { MapLibreMap };
