/**
 * The small panel of a sighting clicked on the map: species, date, lifer, and a link to the sighting.
 * Read from the device by id (the map's points carry only ids), so it is current offline too.
 */
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { messages } from '@contract/messages';
import { mapTexts } from './texts';
import { useSightingDetails } from './mapQueries';

/**
 * The recording form's address for an existing sighting; an unspecified one (no species) stands
 * as 'unspecified', the sightings feature's convention (docs/routes.md).
 */
export function sightingPath(speciesId: string | null, id: string): string {
  return `/species-observation/${encodeURIComponent(speciesId ?? 'unspecified')}/${encodeURIComponent(id)}`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function SightingPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const details = useSightingDetails(id);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const isReady = details !== undefined && details !== null;
  // A click on the canvas leaves focus there; bring keyboard and screen-reader users to the panel.
  useEffect(() => {
    if (isReady) linkRef.current?.focus();
  }, [id, isReady]);
  if (!details) return null;

  const name = details.speciesName ?? mapTexts.mapUnspecifiedSpecies;
  return (
    <Paper
      component="section"
      aria-label={mapTexts.mapSightingTitle}
      elevation={4}
      sx={{ position: 'absolute', left: 12, bottom: 12, p: 1.5, pr: 5, maxWidth: 320 }}
    >
      <IconButton
        aria-label={messages.close}
        size="small"
        onClick={onClose}
        sx={{ position: 'absolute', top: 4, right: 4 }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="subtitle1" component="h2">
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {dateFormat.format(new Date(details.date * 1000))}
        </Typography>
        {details.lifer && <Chip size="small" color="secondary" label={mapTexts.mapLifer} />}
        <Link ref={linkRef} component={RouterLink} to={sightingPath(details.speciesId, details.id)}>
          {mapTexts.mapOpenSighting}
        </Link>
      </Stack>
    </Paper>
  );
}
