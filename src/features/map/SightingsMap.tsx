/**
 * A MapLibre map of sightings, reusable by any page: the style of mapStyle.ts, the sightings as one
 * vector source whose tiles the sightings' worker makes (useSightingTiles.ts), a click on a cluster
 * zooms to where it splits, a click on one sighting hands its id to the page. Presentational: no
 * Redux, no Dexie; the page passes what to draw.
 *
 * The `maplibregl.Map` lives in a ref for the component's lifetime and never leaves it; the camera
 * goes out as plain numbers. This module is the only one that imports maplibre-gl (and its CSS),
 * and only the lazily loaded map pages import it, so MapLibre never reaches the first route.
 *
 * For tests and people alike the outer element says what the map is doing: `data-map-state`
 * ('loading' | 'idle' | 'failed', set on MapLibre's 'idle'), `data-basemap` ('loaded' once the
 * offline outlines are drawn, 'none' under a production style), `data-sightings` (points drawn)
 * `data-zoom` and `data-center` (`longitude,latitude`: where the map last came to rest; a test finds a
 * point's pixel from them).
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import {
  addProtocol,
  Map as MapLibreMap,
  NavigationControl,
  setWorkerUrl,
  type MapLayerMouseEvent,
  type VectorTileSource,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { mapTexts } from './texts';
import { fitMaxZoom, WORLD_CAMERA, type Camera } from './camera';
import { clickOverlays, showOverlays, type MapOverlay } from './mapOverlays';
import {
  BASEMAP_SOURCE,
  CLUSTERS_LAYER,
  localStyle,
  POINT_LAYERS,
  productionStyleUrl,
  SIGHTINGS_SOURCE,
  sightingsLayers,
  sightingsSource,
  type MapColours,
} from './mapStyle';
import { SIGHTING_TILES_PROTOCOL, sightingTile } from './sightingTilesClient';
import type { MapSightings } from './useSightingTiles';

// Bundled, the worker would be looked up beside the chunk under a name that does not exist; this
// is the emitted (and precached) file (notes/toolchain.md "maplibre-gl 6").
setWorkerUrl(workerUrl);
// MapLibre's worker asks the page for a tile of this scheme; the page asks the sightings' worker,
// whose bytes come back transferred, never copied or walked on the main thread.
addProtocol(SIGHTING_TILES_PROTOCOL, async (request) => ({ data: await sightingTile(request.url) }));

/** The offline basemap the species distribution maps also draw (features/species/map/useBasemap.ts). */
const basemapUrl = () =>
  new URL(`${import.meta.env.BASE_URL}maps/locations.geojson`, window.location.href).href;

function coloursOf(theme: Theme): MapColours {
  return {
    water: '#d6e6f0',
    land: theme.palette.grey[100],
    border: theme.palette.grey[500],
    lifer: theme.palette.secondary.main,
    sighting: theme.palette.primary.main,
    cluster: theme.palette.primary.dark,
    halo: '#ffffff',
  };
}

/** A Point geometry's [longitude, latitude]; null for anything else. */
function pointOf(geometry: unknown): [number, number] | null {
  const { type, coordinates } = (geometry ?? {}) as { type?: unknown; coordinates?: unknown };
  if (type !== 'Point' || !Array.isArray(coordinates)) return null;
  const [longitude, latitude] = coordinates as unknown[];
  return typeof longitude === 'number' && typeof latitude === 'number' ? [longitude, latitude] : null;
}

export type MapStatus = 'loading' | 'idle' | 'failed';

const NO_OVERLAYS: readonly MapOverlay[] = [];

/** Shows `tiles` as the sightings source (adding it and its layers), or removes it for null. */
function showSightings(map: MapLibreMap, tiles: string | null, colours: MapColours) {
  const source = map.getSource<VectorTileSource>(SIGHTINGS_SOURCE);
  if (tiles === null) {
    if (!source) return;
    for (const layer of sightingsLayers(colours)) map.removeLayer(layer.id);
    map.removeSource(SIGHTINGS_SOURCE);
  } else if (source) {
    source.setTiles([tiles]);
  } else {
    map.addSource(SIGHTINGS_SOURCE, sightingsSource(tiles));
    for (const layer of sightingsLayers(colours)) map.addLayer(layer);
  }
}

/** The area on screen: west, south, east, north in degrees, and the zoom. */
export interface MapView {
  bounds: [number, number, number, number];
  zoom: number;
}

const viewOf = (map: MapLibreMap): MapView => {
  const box = map.getBounds();
  return { bounds: [box.getWest(), box.getSouth(), box.getEast(), box.getNorth()], zoom: map.getZoom() };
};

export interface SightingsMapProps {
  /** What to draw; undefined while it loads. */
  sightings: MapSightings | undefined;
  /** The map's accessible name. */
  label: string;
  /** Where to start; without it the map fits the first sightings, or shows the world. */
  camera?: Camera | undefined;
  onCameraChange?: (camera: Camera) => void;
  /** Where the map looks once loaded and after every move: what other domains fetch for (map ads). */
  onViewChange?: (view: MapView) => void;
  /** A click on one sighting (not a cluster). */
  onSelect?: (id: string) => void;
  /** Drawn over the map (a panel, a prompt). */
  children?: ReactNode;
  /** Other domains' point layers above the sightings (mapOverlays.ts). */
  overlays?: readonly MapOverlay[];
}

export function SightingsMap({
  sightings,
  label,
  camera,
  onCameraChange,
  onViewChange,
  onSelect,
  children,
  overlays = NO_OVERLAYS,
}: SightingsMapProps) {
  const theme = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  /** The tiles the source shows now: the map's handlers read it (style reloads). */
  const tilesRef = useRef<string | null>(null);
  const coloursRef = useRef<MapColours>(coloursOf(theme));
  /** A style has loaded (sources may be added) and is not being replaced. */
  const styleReadyRef = useRef(false);
  const isFittedRef = useRef(camera !== undefined);
  /** The map fitted itself to the sightings (not a camera the member left). */
  const isAutoFittedRef = useRef(false);
  /** The production style is what the map draws (not the outlines it falls back to). */
  const isProductionRef = useRef(false);
  const [status, setStatus] = useState<MapStatus>('loading');
  const [basemap, setBasemap] = useState<'loading' | 'loaded' | 'none'>('loading');
  const [zoom, setZoom] = useState<number | null>(null);
  const [center, setCenter] = useState<string | null>(null);
  // The map is built once; the latest props reach its handlers through this ref.
  const latest = useRef({ label, camera, onCameraChange, onViewChange, onSelect, overlays });
  useEffect(() => {
    latest.current = { label, camera, onCameraChange, onViewChange, onSelect, overlays };
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const colours = coloursOf(theme);
    coloursRef.current = colours;
    const remote = productionStyleUrl(import.meta.env.VITE_MAP_STYLE_URL);
    const local = localStyle(basemapUrl(), colours);
    const start = latest.current.camera ?? WORLD_CAMERA;
    isProductionRef.current = remote !== null;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container,
        style: remote ?? local,
        center: [start.longitude, start.latitude],
        zoom: start.zoom,
        // A production style's sources need their credit; the local basemap is credited on About.
        attributionControl: remote ? { compact: true } : false,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        locale: {
          'Map.Title': latest.current.label,
          'NavigationControl.ZoomIn': mapTexts.mapZoomIn,
          'NavigationControl.ZoomOut': mapTexts.mapZoomOut,
        },
      });
    } catch (error) {
      // No WebGL (an old device, a locked-down browser): the page's summary and list link remain.
      console.warn('The map could not start', error);
      setStatus('failed');
      return;
    }
    mapRef.current = map;
    map.touchZoomRotate.disableRotation();
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');

    let isStyleLoaded = false;
    map.on('style.load', () => {
      isStyleLoaded = true;
      styleReadyRef.current = true;
      // On every style (the production one, or the local one it fell back to).
      showSightings(map, tilesRef.current, colours);
      showOverlays(map, latest.current.overlays, colours.halo);
    });
    map.on('error', (event) => {
      // Offline, or a production style that cannot be reached: draw the local style instead.
      if (remote && !isStyleLoaded) {
        isStyleLoaded = true;
        styleReadyRef.current = false;
        isProductionRef.current = false;
        map.setStyle(local);
        // A fit made for the production style's detail is too close for the outlines.
        if (isAutoFittedRef.current && map.getZoom() > fitMaxZoom(false))
          map.jumpTo({ zoom: fitMaxZoom(false) });
        return;
      }
      console.warn('Map error', event.error);
    });
    map.on('idle', () => {
      setStatus('idle');
      setZoom(Math.round(map.getZoom() * 100) / 100);
      setCenter(map.getCenter().toArray().join(','));
      const hasBasemap = map.getSource(BASEMAP_SOURCE) !== undefined;
      setBasemap(hasBasemap ? (map.isSourceLoaded(BASEMAP_SOURCE) ? 'loaded' : 'loading') : 'none');
    });
    map.on('moveend', () => {
      const center = map.getCenter();
      latest.current.onCameraChange?.({ longitude: center.lng, latitude: center.lat, zoom: map.getZoom() });
      latest.current.onViewChange?.(viewOf(map));
    });
    map.on('load', () => latest.current.onViewChange?.(viewOf(map)));
    map.on('click', CLUSTERS_LAYER, (event: MapLayerMouseEvent) => {
      const cluster = event.features?.[0];
      const zoom: unknown = cluster?.properties.expansion_zoom;
      if (typeof zoom !== 'number') return;
      map.easeTo({ center: pointOf(cluster?.geometry) ?? event.lngLat.toArray(), zoom });
    });
    map.on('click', (event) => clickOverlays(map, latest.current.overlays, event));
    map.on('click', POINT_LAYERS, (event: MapLayerMouseEvent) => {
      const id: unknown = event.features?.[0]?.properties.id;
      if (typeof id === 'string' && id !== '') latest.current.onSelect?.(id);
    });
    for (const layer of [CLUSTERS_LAYER, ...POINT_LAYERS]) {
      map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
      map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
    }
    return () => {
      map.remove();
      mapRef.current = null;
      styleReadyRef.current = false;
    };
  }, [theme]);

  useEffect(() => {
    const tiles = sightings?.tiles ?? null;
    tilesRef.current = tiles;
    const map = mapRef.current;
    if (!map || !sightings) return;
    setStatus('loading');
    // Before the style has loaded there is no source yet: 'style.load' adds it with these.
    if (styleReadyRef.current) showSightings(map, tiles, coloursRef.current);
    // A frame in a quiet state fires 'idle' (and the status) even when nothing had to change.
    map.triggerRepaint();
    if (!isFittedRef.current && sightings.bounds) {
      isFittedRef.current = true;
      isAutoFittedRef.current = true;
      const [west, south, east, north] = sightings.bounds;
      map.fitBounds([west, south, east, north], {
        padding: 48,
        maxZoom: fitMaxZoom(isProductionRef.current),
        duration: 0,
      });
    }
  }, [sightings]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReadyRef.current) return;
    showOverlays(map, overlays, coloursRef.current.halo);
    map.triggerRepaint();
  }, [overlays]);

  return (
    <Box
      data-map-state={status}
      data-basemap={basemap}
      data-sightings={sightings?.count ?? 0}
      data-zoom={zoom ?? undefined}
      data-center={center ?? undefined}
      sx={{ position: 'relative', width: '100%', height: { xs: '60vh', md: '65vh' }, minHeight: 320 }}
    >
      {/* MapLibre owns this element's children; React's overlays are its siblings. */}
      <div ref={containerRef} style={{ position: 'absolute', inset: 0 }} />
      {status === 'failed' && (
        <Typography role="alert" sx={{ position: 'absolute', inset: 0, p: 2 }}>
          {mapTexts.mapFailed}
        </Typography>
      )}
      {children}
    </Box>
  );
}
