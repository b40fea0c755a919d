/**
 * A list of sightings that stays smooth with thousands of rows: only the rows in and near the
 * window are in the DOM (TanStack Virtual over the page's own scroll, as the species list). Rows
 * have one fixed height, so nothing is measured and the scroll bar never jumps.
 *
 * One's own sighting is a link to its edit form, named by everything the row shows (the icons carry
 * their text as SVG titles). Another member's public sighting is not editable: its row holds a link
 * to the observer's profile instead, and the Report action (issue 18).
 */
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import LocationOffOutlinedIcon from '@mui/icons-material/LocationOffOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import PublicIcon from '@mui/icons-material/Public';
import { formatMessage } from '@contract/messages';
import { sightingTexts } from '../texts';
import { formatDayTime } from '../../../lib/dateText';
import type { ObservationMedia } from '@contract/observations';
import { WindowVirtualList } from '../../../ui/WindowVirtualList';
import { ReportButton } from '../../reports/embeds';
import { recordPath } from '../recordPath';
import { useObservationPhotoSrc } from '../useObservationPhotoSrc';
import { hasRecordedDate, type SightingItem } from './sightingItems';

const ROW_HEIGHT = 76;

export interface SightingListProps {
  items: readonly SightingItem[];
  /** Accessible name of the list. */
  label: string;
  /** A list read a page at a time: called when its last row comes near the window. */
  onEndReached?: () => void;
}

export function SightingList({ items, label, onEndReached }: SightingListProps) {
  return (
    <WindowVirtualList
      items={items}
      label={label}
      onEndReached={onEndReached}
      keyOf={(item) => item.observation.observation_id}
      sizeOf={() => ROW_HEIGHT}
      renderItem={(item) => <SightingRow item={item} />}
    />
  );
}

function dateText(item: SightingItem): string {
  return hasRecordedDate(item.observation)
    ? formatDayTime(item.observation.date)
    : sightingTexts.sightingNoDate;
}

function SightingRow({ item }: { item: SightingItem }) {
  const { observation } = item;
  const name = item.speciesName ?? sightingTexts.sightingUnspecified;
  const places = Object.values(observation.location?.names ?? {}).join(', ');
  const content = (
    <>
      <SightingThumb item={item} name={name} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography noWrap>{name}</Typography>
        <Typography noWrap variant="body2" color="text.secondary">
          {places ? `${dateText(item)} · ${places}` : dateText(item)}
        </Typography>
      </Box>
      <SightingBadges item={item} />
    </>
  );
  if (item.sync !== null) {
    return (
      <ListItemButton
        component={RouterLink}
        to={recordPath(observation.species_id, observation.observation_id)}
        sx={{ height: '100%', gap: 2, px: 1 }}
      >
        {content}
      </ListItemButton>
    );
  }
  return (
    <Stack direction="row" spacing={2} sx={{ height: '100%', alignItems: 'center', px: 1 }}>
      {content}
      <IconButton
        component={RouterLink}
        to={`/profile/${encodeURIComponent(observation.user_id)}`}
        aria-label={formatMessage(sightingTexts.sightingObserver, { species: name, date: dateText(item) })}
      >
        <PersonOutlinedIcon />
      </IconButton>
      <ReportButton
        section="observation"
        id={observation.observation_id}
        what="sighting"
        ownerId={observation.user_id}
      />
    </Stack>
  );
}

function ThumbAvatar({ src, name }: { src: string | undefined; name: string }) {
  return (
    <Avatar src={src} alt="" variant="rounded" sx={{ width: 48, height: 48 }}>
      <span aria-hidden>{name.slice(0, 1)}</span>
    </Avatar>
  );
}

/** One's own photo may still wait for upload: it then shows from the bytes on the device. */
function OwnPhotoThumb({ media, name }: { media: ObservationMedia; name: string }) {
  return <ThumbAvatar src={useObservationPhotoSrc(media)} name={name} />;
}

function SightingThumb({ item, name }: { item: SightingItem; name: string }) {
  const { media } = item.observation;
  const featured = media.find((entry) => entry.featured) ?? media[0];
  if (item.sync !== null && featured && featured.species_thumb !== true) {
    return <OwnPhotoThumb media={featured} name={name} />;
  }
  return <ThumbAvatar src={item.thumb ?? undefined} name={name} />;
}

/** Lifer, public or private, hidden location and, for one's own, whether it is synced. */
function SightingBadges({ item }: { item: SightingItem }) {
  const { observation, sync } = item;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', flexShrink: 0, color: 'text.secondary' }}
    >
      {observation.lifer && <Chip label={sightingTexts.sightingLifer} size="small" color="success" />}
      {observation.public ? (
        <PublicIcon fontSize="small" titleAccess={sightingTexts.sightingIsPublic} />
      ) : (
        <LockOutlinedIcon fontSize="small" titleAccess={sightingTexts.sightingIsPrivate} />
      )}
      {observation.coordinate_hidden && (
        <LocationOffOutlinedIcon fontSize="small" titleAccess={sightingTexts.sightingLocationHidden} />
      )}
      {sync?.kind === 'pending' && (
        <CloudUploadOutlinedIcon
          fontSize="small"
          color="warning"
          titleAccess={sightingTexts.sightingUnsynced}
        />
      )}
      {sync?.kind === 'refused' && (
        <ErrorOutlinedIcon
          fontSize="small"
          color="error"
          titleAccess={formatMessage(sightingTexts.sightingRefused, { reason: sync.reason })}
        />
      )}
    </Stack>
  );
}
