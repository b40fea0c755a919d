/**
 * The member's sightings on a map, as both map pages show them: the live query honouring the
 * settings `maps_show_lifer` / `maps_show_sightings`, the map, the panel of a clicked sighting, a
 * sign-in prompt over the bare basemap for a guest, and below the map its text alternative (how many
 * sightings it shows, a legend and a link to the same sightings as a list).
 */
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { messages } from '@contract/messages';
import { mapSummaryOf, mapTexts } from './texts';
import { selectConfig } from '../../app/configSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { uiActions } from '../../app/uiSlice';
import { rememberCamera, rememberedCamera } from './camera';
import type { MapOverlay } from './mapOverlays';
import { SightingPanel } from './SightingPanel';
import { SightingsMap, type MapView } from './SightingsMap';
import { sightingsShownOf, type SightingsShown } from './sightingFeatures';
import { useSightingTiles, type MapSightingsState } from './useSightingTiles';

function GuestPrompt() {
  const dispatch = useAppDispatch();
  return (
    <Paper
      elevation={3}
      sx={{ position: 'absolute', left: 16, right: 16, bottom: 16, p: 2, maxWidth: 420, mx: 'auto' }}
    >
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography>{mapTexts.mapGuest}</Typography>
        <Button
          variant="contained"
          aria-haspopup="dialog"
          onClick={() => dispatch(uiActions.modalOpened({ name: 'login', props: {} }))}
        >
          {messages.signIn}
        </Button>
      </Stack>
    </Paper>
  );
}

function summaryOf(sightings: MapSightingsState, shown: SightingsShown): string {
  if (sightings === 'failed') return mapTexts.mapFailed;
  if (!sightings) return mapTexts.mapLoading;
  if (!shown.lifers && !shown.others) return mapTexts.mapBothHidden;
  if (sightings.count === 0) return mapTexts.mapSummaryNone;
  return mapSummaryOf(sightings.count, sightings.lifers);
}

function Dot({ colour }: { colour: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: colour, mr: 0.75 }}
    />
  );
}

function Legend({ shown }: { shown: SightingsShown }) {
  const { palette } = useTheme();
  return (
    <Stack
      component="ul"
      direction="row"
      useFlexGap
      spacing={2}
      sx={{ flexWrap: 'wrap', p: 0, m: 0, listStyle: 'none' }}
    >
      {shown.lifers && (
        <Typography component="li" variant="body2">
          <Dot colour={palette.secondary.main} />
          {mapTexts.mapLifer}
        </Typography>
      )}
      {shown.others && (
        <Typography component="li" variant="body2">
          <Dot colour={palette.primary.main} />
          {mapTexts.mapLegendSighting}
        </Typography>
      )}
      <Typography component="li" variant="body2">
        <Dot colour={palette.primary.dark} />
        {mapTexts.mapLegendCluster}
      </Typography>
    </Stack>
  );
}

export interface MemberSightingsMapProps {
  /** Which page's camera to remember. */
  cameraKey: string;
  /** Only this species' sightings; null for all. */
  speciesId: string | null;
  /** The map's accessible name. */
  label: string;
  /** Other domains' point layers (the places on /global-map). */
  overlays?: readonly MapOverlay[];
  /** Where the map looks, after it loads and after each move (the map ads on /global-map). */
  onViewChange?: (view: MapView) => void;
}

export function MemberSightingsMap({
  cameraKey,
  speciesId,
  label,
  overlays,
  onViewChange,
}: MemberSightingsMapProps) {
  const user = useAppSelector(selectUser);
  const { settings } = useAppSelector(selectConfig);
  const shown = useMemo(() => sightingsShownOf(settings), [settings]);
  const sightings = useSightingTiles(user?.user_id ?? null, speciesId, shown);
  const [selected, setSelected] = useState<string | null>(null);

  return (
    <Stack spacing={1.5}>
      <SightingsMap
        sightings={sightings === 'failed' ? undefined : sightings}
        label={label}
        camera={rememberedCamera(cameraKey)}
        onCameraChange={(camera) => {
          rememberCamera(cameraKey, camera);
        }}
        onSelect={setSelected}
        onViewChange={onViewChange}
        overlays={overlays}
      >
        {!user && <GuestPrompt />}
        {user && selected !== null && (
          <SightingPanel
            id={selected}
            onClose={() => {
              setSelected(null);
            }}
          />
        )}
      </SightingsMap>
      {user && (
        <>
          <Typography role="status">{summaryOf(sightings, shown)}</Typography>
          <Legend shown={shown} />
          <Link component={RouterLink} to="/observations" sx={{ alignSelf: 'flex-start' }}>
            {mapTexts.mapListLink}
          </Link>
        </>
      )}
    </Stack>
  );
}
