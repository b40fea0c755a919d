/**
 * The member's own sightings of one species, for the species page: newest first, with the lifer
 * flag, a thumbnail of the featured photo (from the upload queue while it waits, so it shows
 * offline right after saving) and a link to edit each. Nothing for guests.
 */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ObservationMedia } from '@contract/observations';
import { recordingTexts } from './texts';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import type { ObservationRow } from '../../db/rows';
import { useSpeciesSightings } from './observationQueries';
import { recordPath } from './recordPath';
import { useObservationPhotoSrc } from './useObservationPhotoSrc';

/** A species page shows the latest few; the sightings list has them all. */
const SHOWN = 10;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Thumb({ media }: { media: ObservationMedia }) {
  const src = useObservationPhotoSrc(media);
  return (
    <Box
      component="img"
      src={src}
      alt=""
      sx={{
        width: 56,
        height: 56,
        objectFit: 'cover',
        borderRadius: 1,
        bgcolor: 'action.hover',
        flex: 'none',
      }}
    />
  );
}

function SightingItem({ sighting }: { sighting: ObservationRow }) {
  const featured = sighting.media.find((item) => item.featured);
  const when = dateFormat.format(new Date(sighting.date * 1000));
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={recordPath(sighting.species_id, sighting.id)}
        sx={{ gap: 2 }}
      >
        {featured && <Thumb media={featured} />}
        <ListItemText
          primary={
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <span>{when}</span>
              {sighting.lifer && <Chip size="small" color="success" label={recordingTexts.sightingLifer} />}
              {sighting.coordinate_hidden && <Chip size="small" label={recordingTexts.sightingHidden} />}
              {!sighting.public && <Chip size="small" label={recordingTexts.sightingPrivate} />}
            </Stack>
          }
          secondary={sighting.note || undefined}
          slotProps={{ secondary: { noWrap: true } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

export function SpeciesSightings({ speciesId }: { speciesId: string }) {
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  const sightings = useSpeciesSightings(userId, speciesId);
  if (userId === null || sightings === undefined) return null;
  if (sightings.length === 0)
    return <Typography color="text.secondary">{recordingTexts.sightingNoneYet}</Typography>;
  return (
    <List dense disablePadding>
      {sightings.slice(0, SHOWN).map((sighting) => (
        <SightingItem key={sighting.id} sighting={sighting} />
      ))}
    </List>
  );
}
