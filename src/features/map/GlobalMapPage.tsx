/**
 * `/global-map` (SPEC §2, the primary menu's Global Map): every sighting of the member on this
 * device, and — a layer the member can switch off — the places the device keeps (docs/places.md),
 * a tap on one opening its page. Other members' public sightings would come from the server, which
 * has no bounding-box search yet, so the page says it shows this device's sightings rather than
 * pretending to show everyone's (docs/routes.md). Ads running inside the area on screen show as
 * points and "Sponsored" cards under the map when online (features/ads, docs/ads.md).
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { labels } from '../../app/labels';
import { mapTexts } from './texts';
import { formatMessage } from '@contract/messages';
import { placeTexts } from '../places/texts';
import type { FeatureCollection } from 'geojson';
import { adPagePath, SponsoredMapAds, type MapArea } from '../ads/embeds';
import { usePlacesLayer } from '../places/embeds';
import type { MapOverlay } from './mapOverlays';
import { MemberSightingsMap } from './MemberSightingsMap';

function placesSummary(count: number): string {
  if (count === 0) return placeTexts.noPlacesOnMap;
  return count === 1 ? placeTexts.onePlaceOnMap : formatMessage(placeTexts.placesOnMap, { count });
}

export function GlobalMapPage() {
  const { palette } = useTheme();
  const navigate = useNavigate();
  const places = usePlacesLayer();
  const [isShowingPlaces, setShowingPlaces] = useState(true);
  // The map ads (online only) for the area on screen: their points join the map's layers.
  const [area, setArea] = useState<MapArea | null>(null);
  const [adPoints, setAdPoints] = useState<FeatureCollection | null>(null);
  const overlays = useMemo<MapOverlay[]>(
    () => [
      ...(isShowingPlaces && places
        ? [
            {
              id: 'places',
              data: places,
              colour: palette.success.main,
              onSelect: (id: string) => void navigate(`/hotspot-overview/${encodeURIComponent(id)}`),
            },
          ]
        : []),
      ...(adPoints && adPoints.features.length > 0
        ? [
            {
              id: 'ads',
              data: adPoints,
              colour: palette.warning.main,
              onSelect: (id: string) => void navigate(adPagePath(id)),
            },
          ]
        : []),
    ],
    [isShowingPlaces, places, palette.success.main, palette.warning.main, adPoints, navigate],
  );
  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <Typography variant="h4" component="h1">
        {labels.globalMap}
      </Typography>
      <Typography color="text.secondary">{mapTexts.mapOthersLater}</Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Switch
              checked={isShowingPlaces}
              onChange={(event) => {
                setShowingPlaces(event.target.checked);
              }}
            />
          }
          label={placeTexts.placesLayer}
        />
        {isShowingPlaces && places && (
          <Typography variant="body2" role="status">
            {placesSummary(places.features.length)}
          </Typography>
        )}
      </Stack>
      <MemberSightingsMap
        cameraKey="global"
        speciesId={null}
        label={mapTexts.mapOfYourSightings}
        overlays={overlays}
        onViewChange={setArea}
      />
      <SponsoredMapAds area={area} onPoints={setAdPoints} />
    </Stack>
  );
}
