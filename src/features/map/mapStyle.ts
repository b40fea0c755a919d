/**
 * The map's style, pure. By default a fully local one: a background and the offline basemap's
 * country and region outlines (`public/maps/locations.geojson`, precached by the service worker),
 * with no tiles and no glyphs, so the map starts offline and in tests without any network. A
 * deployment may name a production style with `VITE_MAP_STYLE_URL` (docs/operations.md); the
 * sightings are added on top of whichever style loaded.
 *
 * Sightings are one vector source whose tiles the sightings' worker makes (sightingTiles.ts: the
 * clustering runs there, off the main thread). Cluster circles grow with their count; there are no
 * count labels, because text needs glyphs and the local style has none (the page's summary says the
 * totals).
 */
import type {
  CircleLayerSpecification,
  ExpressionSpecification,
  StyleSpecification,
  VectorSourceSpecification,
} from 'maplibre-gl';
import { SIGHTINGS_LAYER, TILES_MAX_ZOOM } from './sightingTiles';

export const BASEMAP_SOURCE = 'basemap';
export const SIGHTINGS_SOURCE = 'sightings';
export const CLUSTERS_LAYER = 'sightings-clusters';
export const LIFERS_LAYER = 'sightings-lifers';
export const OTHERS_LAYER = 'sightings-others';
/** The layers a click on one sighting can hit. */
export const POINT_LAYERS = [LIFERS_LAYER, OTHERS_LAYER];

export interface MapColours {
  water: string;
  land: string;
  border: string;
  lifer: string;
  sighting: string;
  cluster: string;
  /** The ring around points and clusters, so they stand out on land and water alike. */
  halo: string;
}

/** The production style when the build names one (an http(s) URL), else null. */
export function productionStyleUrl(value: string | undefined): string | null {
  const url = value?.trim() ?? '';
  return /^https?:\/\//.test(url) ? url : null;
}

/** The local style over the basemap at `basemapUrl` (absolute: the worker resolves it, not the page). */
export function localStyle(basemapUrl: string, colours: MapColours): StyleSpecification {
  return {
    version: 8,
    sources: {
      // Natural Earth (public domain) is credited on the About page with the other data sources.
      [BASEMAP_SOURCE]: { type: 'geojson', data: basemapUrl },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': colours.water } },
      {
        id: 'countries',
        type: 'fill',
        source: BASEMAP_SOURCE,
        filter: ['==', ['get', 'type'], 'country'],
        paint: { 'fill-color': colours.land },
      },
      {
        id: 'country-borders',
        type: 'line',
        source: BASEMAP_SOURCE,
        filter: ['==', ['get', 'type'], 'country'],
        paint: { 'line-color': colours.border, 'line-width': 0.8 },
      },
      {
        id: 'region-borders',
        type: 'line',
        source: BASEMAP_SOURCE,
        // Regions only once a country fills a good part of the screen.
        minzoom: 3,
        filter: ['==', ['get', 'type'], 'region'],
        paint: { 'line-color': colours.border, 'line-width': 0.4, 'line-opacity': 0.6 },
      },
    ],
  };
}

/** The sightings source: the worker's tiles at `tiles` (`…/{z}/{x}/{y}`), clustered there. */
export function sightingsSource(tiles: string): VectorSourceSpecification {
  return { type: 'vector', tiles: [tiles], maxzoom: TILES_MAX_ZOOM };
}

const isCluster: ExpressionSpecification = ['has', 'point_count'];
const isPoint: ExpressionSpecification = ['!', ['has', 'point_count']];

export function sightingsLayers(colours: MapColours): CircleLayerSpecification[] {
  const ring = { 'circle-stroke-color': colours.halo, 'circle-stroke-width': 1.5 };
  return [
    {
      id: CLUSTERS_LAYER,
      type: 'circle',
      source: SIGHTINGS_SOURCE,
      'source-layer': SIGHTINGS_LAYER,
      filter: isCluster,
      paint: {
        'circle-color': colours.cluster,
        'circle-opacity': 0.85,
        // 2–9 sightings, 10–99, 100–999, 1000 and more.
        'circle-radius': ['step', ['get', 'point_count'], 12, 10, 16, 100, 21, 1000, 27],
        ...ring,
      },
    },
    {
      id: OTHERS_LAYER,
      type: 'circle',
      source: SIGHTINGS_SOURCE,
      'source-layer': SIGHTINGS_LAYER,
      filter: ['all', isPoint, ['!=', ['get', 'lifer'], true]],
      paint: { 'circle-color': colours.sighting, 'circle-radius': 6, ...ring },
    },
    {
      // Lifers above the other sightings, and a little larger.
      id: LIFERS_LAYER,
      type: 'circle',
      source: SIGHTINGS_SOURCE,
      'source-layer': SIGHTINGS_LAYER,
      filter: ['all', isPoint, ['==', ['get', 'lifer'], true]],
      paint: { 'circle-color': colours.lifer, 'circle-radius': 8, ...ring },
    },
  ];
}
