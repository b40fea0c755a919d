/**
 * One newsfeed item as a list shows it: who, what (a post, a sighting or lifer, a new group member
 * with a link to the group, a trip summary with its dates, counts and photos), when, the text
 * (always as text, never HTML), the photos, and a link to its page with its likes and comments. Sightings show species, date, note and place names: the feed never carries a
 * coordinate (docs/api.md "Newsfeed").
 */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import type { FeedItem } from '@contract/community';
import { formatMessage } from '@contract/messages';
import { newsfeedTexts as texts } from './texts';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { ageText } from '../../lib/ageText';
import { formatDayRange } from '../../lib/dateText';
import { ReportButton, type ReportButtonProps } from '../reports/embeds';
import { discardPendingEdit } from './newsfeedHooks';
import type { PendingEdit } from './postWrites';

/** A member photo's thumbnail address, from its original's (the server's layout, docs/api.md). */
const thumbnailOf = (path: string) => path.replace(/\/original\.jpg$/, '/thumbnail.webp');

/**
 * The photos an item shows: a post's, else the sighting's own (not a species' reference
 * thumbnail), featured first; thumbnails in lists, originals on the item's page.
 */
export function photosOf(item: FeedItem, size: 'thumbnail' | 'full' = 'thumbnail') {
  if (item.photos.length > 0) {
    return item.photos.map((photo) => ({
      media_id: photo.media_id,
      path: size === 'full' ? photo.path : photo.thumbnail,
    }));
  }
  return (item.observation?.media ?? [])
    .filter((media) => media.species_thumb !== true)
    .sort((a, b) => Number(b.featured) - Number(a.featured))
    .map(({ media_id, path }) => ({ media_id, path: size === 'full' ? path : thumbnailOf(path) }));
}

/** The photo whose likes and comments are the item's (docs/api.md: posts reuse the photo calls). */
export function discussionPhotoOf(item: FeedItem): string | null {
  return photosOf(item)[0]?.media_id ?? null;
}

export function itemPath(feedId: string): string {
  return `/newsfeed-item/${encodeURIComponent(feedId)}`;
}

function whatText(item: FeedItem, speciesName: string | null): string {
  const species = speciesName ?? item.observation?.taxa?.name ?? texts.unknownSpecies;
  switch (item.type) {
    case 'post':
      return texts.typePost;
    case 'sighting':
      return `${texts.typeSighting} ${species}`;
    case 'lifer':
      return `${texts.typeLifer} ${species}`;
    case 'group_member':
      return formatMessage(texts.typeGroupMember, { group: item.group?.title ?? '' });
    case 'trip_summary':
      return formatMessage(texts.typeTripSummary, { trip: item.trip?.name ?? '' });
  }
}

/** "3 – 5 Mar 2026 · 12 public sightings · 7 species" of a trip summary. */
function tripSummaryText(item: FeedItem): string | null {
  const summary = item.trip_summary;
  if (item.type !== 'trip_summary' || !item.trip || !summary) return null;
  return [
    formatDayRange(item.trip.date_start, item.trip.date_end),
    summary.sightings === 1
      ? texts.tripSightingsOne
      : formatMessage(texts.tripSightingsMany, { count: summary.sightings }),
    summary.species === 1
      ? texts.tripSpeciesOne
      : formatMessage(texts.tripSpeciesMany, { count: summary.species }),
  ].join(' · ');
}

export interface FeedItemCardProps {
  item: FeedItem;
  /** The species' common name from the device, when it has the species. */
  speciesName?: string | null;
  /** On the item's own page: no link to itself, photos at full width. */
  standalone?: boolean;
  /** The member's edit of this post still on the device: its text shows, marked as waiting. */
  pendingEdit?: PendingEdit | null;
}

/** What a member may report on an item (issue 18): a post, or the sighting of a sighting or lifer. */
function reportTarget(item: FeedItem): Omit<ReportButtonProps, 'ownerId'> | null {
  if (item.type === 'post') return { section: 'post', id: item.feed_id, what: 'post' };
  if (item.observation && (item.type === 'sighting' || item.type === 'lifer')) {
    return { section: 'observation', id: item.observation.observation_id, what: 'sighting' };
  }
  return null;
}

export function FeedItemCard({
  item,
  speciesName = null,
  standalone = false,
  pendingEdit = null,
}: FeedItemCardProps) {
  const headingId = `feed-item-${item.feed_id}`;
  const photos = photosOf(item, standalone ? 'full' : 'thumbnail');
  const places = Object.values(item.observation?.location ?? {});
  const edited = pendingEdit !== null && pendingEdit.refused === null ? pendingEdit : null;
  const note = item.type === 'post' ? (edited?.text ?? item.text) : (item.observation?.note ?? '');
  const report = reportTarget(item);
  const viewer = useAppSelector(selectUser);
  const tripText = tripSummaryText(item);
  // A trip's page reads the member's own trips on the device: only the author can open it.
  const tripLink =
    item.type === 'trip_summary' && item.trip && viewer?.user_id === item.author_id
      ? `/trips-details/${encodeURIComponent(item.trip.trip_id)}`
      : null;
  const groupLink =
    item.type === 'group_member' && item.group
      ? { to: `/group-profile/${encodeURIComponent(item.group.group_id)}`, title: item.group.title }
      : null;
  return (
    <Card component="article" variant="outlined" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Avatar src={item.author.avatar ?? undefined} alt="" aria-hidden sx={{ width: 40, height: 40 }}>
              {item.author.nickname.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box>
              <Typography component={standalone ? 'h2' : 'h3'} variant="subtitle1" id={headingId}>
                {item.author.nickname} {whatText(item, speciesName)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <time dateTime={new Date(item.date * 1000).toISOString()}>{ageText(item.date)}</time>
                {item.group && item.type !== 'group_member'
                  ? ` · ${formatMessage(texts.inGroup, { group: item.group.title })}`
                  : ''}
              </Typography>
            </Box>
            {report && (
              <Box sx={{ ml: 'auto' }}>
                <ReportButton {...report} ownerId={item.author_id} />
              </Box>
            )}
          </Stack>
          {note !== '' && (
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note}</Typography>
          )}
          {tripText !== null && <Typography variant="body2">{tripText}</Typography>}
          {edited && (
            <Chip
              size="small"
              variant="outlined"
              icon={<CloudUploadOutlinedIcon />}
              label={texts.editWaiting}
              sx={{ alignSelf: 'flex-start' }}
            />
          )}
          {pendingEdit?.refused && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={() => void discardPendingEdit(pendingEdit)}>
                  {texts.postDiscard}
                </Button>
              }
            >
              {formatMessage(texts.editRefused, { reason: pendingEdit.refused })}
            </Alert>
          )}
          {item.type === 'post' && item.observation && (
            <Typography variant="body2">
              {formatMessage(texts.linkedSighting, {
                species: speciesName ?? item.observation.taxa?.name ?? texts.unknownSpecies,
              })}
            </Typography>
          )}
          {(places.length > 0 || item.hotspot || (item.trip && item.type !== 'trip_summary')) && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {item.hotspot && (
                <Chip size="small" label={formatMessage(texts.atPlace, { place: item.hotspot.name })} />
              )}
              {places.slice(0, 1).map((place) => (
                <Chip key={place} size="small" label={formatMessage(texts.atPlace, { place })} />
              ))}
              {item.trip && item.type !== 'trip_summary' && (
                <Chip size="small" label={formatMessage(texts.onTrip, { trip: item.trip.name })} />
              )}
            </Stack>
          )}
          {photos.length > 0 && (
            <Box
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: standalone ? '1fr' : 'repeat(auto-fill, minmax(140px, 1fr))',
              }}
            >
              {photos.map((photo) => (
                <Box
                  key={photo.media_id}
                  component="img"
                  src={photo.path}
                  alt={formatMessage(texts.photoAlt, { author: item.author.nickname })}
                  loading="lazy"
                  sx={{
                    width: '100%',
                    maxHeight: standalone ? '70vh' : 220,
                    objectFit: standalone ? 'contain' : 'cover',
                    borderRadius: 1,
                    bgcolor: 'action.hover',
                  }}
                />
              ))}
            </Box>
          )}
          {(tripLink || groupLink) && (
            <Link
              component={RouterLink}
              to={tripLink ?? groupLink?.to ?? ''}
              sx={{ alignSelf: 'flex-start' }}
            >
              {tripLink ? texts.openTrip : formatMessage(texts.openGroup, { group: groupLink?.title ?? '' })}
            </Link>
          )}
          {!standalone && (
            <Link
              component={RouterLink}
              to={itemPath(item.feed_id)}
              aria-describedby={headingId}
              sx={{ alignSelf: 'flex-start' }}
            >
              {texts.openItem}
            </Link>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
