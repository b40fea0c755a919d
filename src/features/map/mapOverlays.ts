/**
 * Point layers another domain draws over the sightings map (the places on /global-map): plain
 * GeoJSON it hands in, clustered by MapLibre's own GeoJSON source (places number in the thousands at
 * most; the member's sightings, which can be far more, are tiled by the worker instead). A domain
 * passes data, a colour and what a click on one point does; it never sees the map.
 */
import type { CircleLayerSpecification, GeoJSONSource, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';

export interface MapOverlay {
  /** Unique on the map; names its source and layers. */
  id: string;
  /** Its points; a feature's `id` property is what a click hands to `onSelect`. */
  data: FeatureCollection;
  /** Fill of its points and clusters (a CSS colour). */
  colour: string;
  onSelect: (id: string) => void;
}

const PREFIX = 'overlay:';
const sourceOf = (id: string) => `${PREFIX}${id}`;
const clustersOf = (id: string) => `${PREFIX}${id}:clusters`;
const pointsOf = (id: string) => `${PREFIX}${id}:points`;

/** The layers of one overlay: clusters (growing with their count) and single points, ringed like sightings. */
export function overlayLayers(
  overlay: Pick<MapOverlay, 'id' | 'colour'>,
  halo: string,
): CircleLayerSpecification[] {
  const source = sourceOf(overlay.id);
  const ring = { 'circle-stroke-color': halo, 'circle-stroke-width': 2 };
  return [
    {
      id: clustersOf(overlay.id),
      type: 'circle',
      source,
      filter: ['has', 'point_count'],
      paint: {
        'circle-color': overlay.colour,
        'circle-opacity': 0.85,
        'circle-radius': ['step', ['get', 'point_count'], 13, 10, 17, 100, 22],
        ...ring,
      },
    },
    {
      id: pointsOf(overlay.id),
      type: 'circle',
      source,
      filter: ['!', ['has', 'point_count']],
      paint: { 'circle-color': overlay.colour, 'circle-radius': 7, ...ring },
    },
  ];
}

/**
 * Makes the map's overlays exactly `overlays`: new ones added (above the sightings), kept ones given
 * their new data, others removed. Call again after a style (re)load, which drops them.
 */
export function showOverlays(map: MapLibreMap, overlays: readonly MapOverlay[], halo: string): void {
  const wanted = new Set(overlays.map((overlay) => sourceOf(overlay.id)));
  for (const source of Object.keys(map.getStyle().sources)) {
    if (!source.startsWith(PREFIX) || wanted.has(source)) continue;
    const id = source.slice(PREFIX.length);
    for (const layer of [pointsOf(id), clustersOf(id)]) if (map.getLayer(layer)) map.removeLayer(layer);
    map.removeSource(source);
  }
  for (const overlay of overlays) {
    const source = map.getSource<GeoJSONSource>(sourceOf(overlay.id));
    if (source) {
      void source.setData(overlay.data);
      continue;
    }
    map.addSource(sourceOf(overlay.id), {
      type: 'geojson',
      data: overlay.data,
      cluster: true,
      clusterRadius: 40,
    });
    for (const layer of overlayLayers(overlay, halo)) map.addLayer(layer);
  }
}

/**
 * A click on the map: on an overlay's cluster it zooms to where the cluster splits, on one of its
 * points it hands that point's id to the overlay. True when it hit an overlay.
 */
export function clickOverlays(
  map: MapLibreMap,
  overlays: readonly MapOverlay[],
  event: MapMouseEvent,
): boolean {
  const layers = overlays
    .flatMap((overlay) => [pointsOf(overlay.id), clustersOf(overlay.id)])
    .filter((layer) => map.getLayer(layer) !== undefined);
  if (layers.length === 0) return false;
  const [feature] = map.queryRenderedFeatures(event.point, { layers });
  const overlay = overlays.find((item) => feature?.source === sourceOf(item.id));
  if (!feature || !overlay) return false;
  const clusterId: unknown = feature.properties.cluster_id;
  if (typeof clusterId === 'number') {
    const source = map.getSource<GeoJSONSource>(sourceOf(overlay.id));
    void source
      ?.getClusterExpansionZoom(clusterId)
      .then((zoom) => map.easeTo({ center: event.lngLat, zoom }));
    return true;
  }
  const id: unknown = feature.properties.id;
  if (typeof id === 'string' && id !== '') overlay.onSelect(id);
  return true;
}
