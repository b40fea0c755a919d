/**
 * Places on a MapLibre map over the offline basemap (features/map/mapStyle.ts): the listed places
 * as clustered points, one place's boundary (or the circle of its radius when it has none), and the
 * member's position. A click on a place opens its page. Loaded lazily by the places pages, and
 * MapLibre itself only once the map mounts, so neither reaches the first route; without WebGL the
 * map says it cannot be shown and the page's list remains.
 *
 * `data-map-state` ('loading' | 'idle' | 'failed') and `data-places` (points drawn) say what it does.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { formatMessage } from '@contract/messages';
import { mapTexts } from '../map/texts';
import { placeTexts } from './texts';
import type { PlaceRow } from '../../db/placeRows';
import { localStyle } from '../map/embeds';
import { placesGeoJson, areaGeoJson, boundsOf } from './placesGeoJson';

const basemapUrl = () =>
  new URL(`${import.meta.env.BASE_URL}maps/locations.geojson`, window.location.href).href;

export interface PlacesMapProps {
  places: readonly PlaceRow[];
  /** The one place whose area is drawn (its page). */
  area?: PlaceRow;
  position?: { lat: number; lng: number } | null;
}

export function PlacesMap({ places, area, position }: PlacesMapProps) {
  const theme = useTheme();
  const navigate = useNavigate();
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'idle' | 'failed'>('loading');
  const label = area ? formatMessage(placeTexts.mapOfPlace, { place: area.name }) : placeTexts.placesList;
  const key = JSON.stringify([places.map((place) => place.id), area?.id, position]);
  const latest = useRef({ places, area, position });
  latest.current = { places, area, position };

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let map: MapLibreMap | null = null;
    let cancelled = false;
    const colours = {
      water: '#d6e6f0',
      land: theme.palette.grey[100],
      border: theme.palette.grey[500],
      lifer: theme.palette.secondary.main,
      sighting: theme.palette.primary.main,
      cluster: theme.palette.primary.dark,
      halo: '#ffffff',
    };
    void import('./mapLibre')
      .then(({ MapLibreMap: MapClass }) => {
        if (cancelled) return;
        const { places: shown, area: drawn, position: here } = latest.current;
        const bounds = boundsOf(shown, drawn, here ?? null);
        map = new MapClass({
          container,
          style: localStyle(basemapUrl(), colours),
          bounds,
          fitBoundsOptions: { padding: 40, maxZoom: 9 },
          attributionControl: false,
          dragRotate: false,
          locale: {
            'Map.Title': label,
            'NavigationControl.ZoomIn': mapTexts.mapZoomIn,
            'NavigationControl.ZoomOut': mapTexts.mapZoomOut,
          },
        });
        const loaded = map;
        loaded.on('load', () => {
          if (drawn) {
            loaded.addSource('place-area', { type: 'geojson', data: areaGeoJson(drawn) });
            loaded.addLayer({
              id: 'place-area-fill',
              type: 'fill',
              source: 'place-area',
              paint: { 'fill-color': colours.sighting, 'fill-opacity': 0.15 },
            });
            loaded.addLayer({
              id: 'place-area-line',
              type: 'line',
              source: 'place-area',
              paint: { 'line-color': colours.sighting, 'line-width': 2 },
            });
          }
          loaded.addSource('places', {
            type: 'geojson',
            data: placesGeoJson(shown, here ?? null),
            cluster: true,
            clusterRadius: 40,
          });
          loaded.addLayer({
            id: 'places-clusters',
            type: 'circle',
            source: 'places',
            filter: ['has', 'point_count'],
            paint: {
              'circle-color': colours.cluster,
              'circle-radius': 14,
              'circle-stroke-color': colours.halo,
              'circle-stroke-width': 2,
            },
          });
          loaded.addLayer({
            id: 'places-points',
            type: 'circle',
            source: 'places',
            filter: ['all', ['!', ['has', 'point_count']], ['!=', ['get', 'kind'], 'position']],
            paint: {
              'circle-color': colours.sighting,
              'circle-radius': 7,
              'circle-stroke-color': colours.halo,
              'circle-stroke-width': 2,
            },
          });
          loaded.addLayer({
            id: 'places-position',
            type: 'circle',
            source: 'places',
            filter: ['==', ['get', 'kind'], 'position'],
            paint: {
              'circle-color': colours.lifer,
              'circle-radius': 6,
              'circle-stroke-color': colours.halo,
              'circle-stroke-width': 2,
            },
          });
          loaded.on('click', 'places-points', (event) => {
            const id = event.features?.[0]?.properties.id as unknown;
            if (typeof id === 'string') void navigate(`/hotspot-overview/${encodeURIComponent(id)}`);
          });
        });
        loaded.on('idle', () => {
          setState('idle');
        });
      })
      .catch((error: unknown) => {
        console.warn('The places map could not start', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      map?.remove();
    };
    // The map is made again when what it shows changes (a short list; no camera to keep).
  }, [key, theme, navigate, label]);

  return (
    <Box
      data-map-state={state}
      data-places={places.length}
      sx={{
        position: 'relative',
        minHeight: 320,
        height: { xs: 320, md: 480 },
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      <Box ref={containerRef} role="region" aria-label={label} sx={{ position: 'absolute', inset: 0 }} />
      {state === 'failed' && (
        <Typography sx={{ p: 2, position: 'relative' }} color="text.secondary">
          {placeTexts.mapFailed}
        </Typography>
      )}
    </Box>
  );
}
