/**
 * The floor of bench:map, in a worker like MapLibre's: the bare clustering MapLibre runs for a
 * clustered GeoJSON source (`Supercluster` of @maplibre/geojson-vt, which maplibre-gl depends on and
 * bundles into its worker), loaded with the same points and the options MapLibre derives from the
 * source (radius 50 px and max zoom 14 in tile units of extent 8192 per 512 px).
 */
import { Supercluster } from '@maplibre/geojson-vt';
import { syntheticPositions } from './syntheticSightings';

self.onmessage = (event: MessageEvent<{ count: number }>) => {
  const features = syntheticPositions(event.data.count).map((coordinates, index) => ({
    type: 'Feature' as const,
    geometry: { type: 'Point' as const, coordinates },
    properties: { lifer: index % 10 === 0 },
  }));
  const started = performance.now();
  new Supercluster({ radius: 50 * (8192 / 512), extent: 8192, maxZoom: 14, minPoints: 2 }).load(features);
  self.postMessage({ ms: performance.now() - started });
};
