/**
 * Where the sighting was: the device's position (asked with high accuracy; its accuracy shown in
 * metres and graded good/fair/poor in words as well as colour, with a retry), coordinates the member
 * types, or — when editing — the position already stored.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import type { GeoPoint } from '@contract/observations';
import { recordingTexts } from './texts';
import { formatMessage } from '@contract/messages';
import { accuracyGrade, requestFix, type Fix } from '../../lib/position';
import type { PositionSource } from './observationDraft';

/** How long the form waits for a fix; the member can retry or type the position meanwhile. */
export const DEVICE_FIX_TIMEOUT_MS = 15_000;

export type FixStatus = 'idle' | 'locating' | 'found' | 'failed';

export interface DeviceFix {
  status: FixStatus;
  fix: Fix | null;
  locate: () => void;
}

/** The device's position for the form; asked at once when `startNow`, again on `locate()`. */
export function useDeviceFix(startNow: boolean): DeviceFix {
  const [state, setState] = useState<{ status: FixStatus; fix: Fix | null }>({ status: 'idle', fix: null });
  const isMounted = useRef(true);

  const locate = useCallback(() => {
    setState((current) => ({ ...current, status: 'locating' }));
    void requestFix(navigator.geolocation, {
      enableHighAccuracy: true,
      timeout: DEVICE_FIX_TIMEOUT_MS,
      maximumAge: 0,
    }).then((fix) => {
      if (!isMounted.current) return;
      // A failed retry keeps the position found before: it is still where the member is.
      setState((current) =>
        fix ? { status: 'found', fix } : { status: current.fix ? 'found' : 'failed', fix: current.fix },
      );
    });
  }, []);

  useEffect(() => {
    isMounted.current = true;
    if (startNow) locate();
    return () => {
      isMounted.current = false;
    };
  }, [startNow, locate]);

  return { ...state, locate };
}

const gradeText = {
  good: recordingTexts.sightingFixGood,
  fair: recordingTexts.sightingFixFair,
  poor: recordingTexts.sightingFixPoor,
};
const gradeColour = { good: 'success', fair: 'warning', poor: 'error' } as const;

function FixSummary({ lat, lng, accuracy }: { lat: number; lng: number; accuracy: number | undefined }) {
  if (accuracy === undefined) return <Typography>{`${lat}, ${lng}`}</Typography>;
  const grade = accuracyGrade(accuracy);
  return (
    <Chip
      variant="outlined"
      color={gradeColour[grade]}
      icon={<MyLocationIcon />}
      label={formatMessage(recordingTexts.sightingFix, {
        lat: lat.toFixed(5),
        lng: lng.toFixed(5),
        accuracy: Math.round(accuracy),
        grade: gradeText[grade],
      })}
      sx={{ height: 'auto', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal' } }}
    />
  );
}

export interface PositionFieldProps {
  source: PositionSource;
  onSource: (source: PositionSource) => void;
  savedCoordinate: GeoPoint | null;
  device: DeviceFix;
  latitude: string;
  longitude: string;
  onLatitude: (value: string) => void;
  onLongitude: (value: string) => void;
  latitudeError?: string;
  longitudeError?: string;
}

export function PositionField(props: PositionFieldProps) {
  const { source, savedCoordinate, device } = props;
  const choose = (next: PositionSource) => {
    props.onSource(next);
    if (next === 'device' && device.status === 'idle') device.locate();
  };
  return (
    <FormControl component="fieldset" sx={{ gap: 1 }}>
      <FormLabel component="legend">{recordingTexts.sightingPosition}</FormLabel>
      <RadioGroup
        row
        value={source}
        onChange={(event) => {
          choose(event.target.value as PositionSource);
        }}
      >
        {savedCoordinate && (
          <FormControlLabel value="saved" control={<Radio />} label={recordingTexts.sightingPositionSaved} />
        )}
        <FormControlLabel value="device" control={<Radio />} label={recordingTexts.sightingPositionDevice} />
        <FormControlLabel value="manual" control={<Radio />} label={recordingTexts.sightingPositionManual} />
      </RadioGroup>

      {source === 'saved' && savedCoordinate && (
        <FixSummary
          lat={savedCoordinate.coordinates[1]}
          lng={savedCoordinate.coordinates[0]}
          accuracy={savedCoordinate.accuracy}
        />
      )}

      {source === 'device' && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <div role="status">
            {device.status === 'locating' && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <CircularProgress size={20} aria-hidden />
                <Typography>{recordingTexts.sightingLocating}</Typography>
              </Stack>
            )}
            {device.status !== 'locating' && device.fix && (
              <FixSummary lat={device.fix.lat} lng={device.fix.lng} accuracy={device.fix.accuracy} />
            )}
            {device.status === 'failed' && (
              <Alert severity="warning">
                {recordingTexts.sightingNoFix} {recordingTexts.sightingNoPosition}
              </Alert>
            )}
          </div>
          <Button
            variant="outlined"
            size="small"
            startIcon={<MyLocationIcon />}
            onClick={device.locate}
            disabled={device.status === 'locating'}
          >
            {device.status === 'idle' ? recordingTexts.sightingUseDeviceFix : recordingTexts.sightingRetryFix}
          </Button>
        </Stack>
      )}

      {source === 'manual' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={recordingTexts.sightingLatitude}
            value={props.latitude}
            onChange={(event) => {
              props.onLatitude(event.target.value);
            }}
            error={props.latitudeError !== undefined}
            helperText={props.latitudeError ?? recordingTexts.sightingCoordinateHint}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
          <TextField
            label={recordingTexts.sightingLongitude}
            value={props.longitude}
            onChange={(event) => {
              props.onLongitude(event.target.value);
            }}
            error={props.longitudeError !== undefined}
            helperText={props.longitudeError}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
        </Stack>
      )}
    </FormControl>
  );
}
