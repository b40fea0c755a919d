/**
 * `/hotspot-overview/{hotspot_id}` (SPEC §2, anyone): a place — its photos, description, region, habitat,
 * map with its boundary (or the circle of its radius), the species regular there and seen there with
 * the member's own seen/not-yet marks, the field guides working there, the like button and the
 * ratings. Read from the device (kept when opened online, placesStore.ts), so it opens offline; the
 * like is a record of the synced `hotspot_likes` collection and works offline too. Ratings are
 * online only. "Record a sighting here" opens the recording form at the place's point.
 */
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import { formatMessage, messages } from '@contract/messages';
import { placeTexts } from './texts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { uiActions } from '../../app/uiSlice';
import type { PlaceRow } from '../../db/placeRows';
import { recordAtPath, recordSignedOutToast } from '../observations';
import { useRecordedSpeciesIds } from '../species/embeds';
import { ReportButton } from '../reports/embeds';
import { LikeButton } from './LikeButton';
import { likesText } from './placeFormat';
import { usePlace } from './placesHooks';
import { PlacePhotoStrip } from './PlacePhotoStrip';
import { PlaceRatings } from './PlaceRatings';
import { PlaceSpeciesList } from './PlaceSpeciesList';

const PlacesMap = lazy(async () => ({ default: (await import('./PlacesMap')).PlacesMap }));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack component="section" spacing={1} aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * "Record a sighting here": the recording form with the place's point as the sighting's position
 * (a sighting has no place field, so the point is what links it). A guest gets SPEC's refusal.
 */
function RecordHereButton({ place, isSignedIn }: { place: PlaceRow; isSignedIn: boolean }) {
  const dispatch = useAppDispatch();
  const icon = <AddLocationAltIcon />;
  if (!isSignedIn)
    return (
      <Button
        variant="outlined"
        startIcon={icon}
        onClick={() => dispatch(uiActions.toastShown(recordSignedOutToast()))}
      >
        {placeTexts.recordHere}
      </Button>
    );
  return (
    <Button
      variant="outlined"
      startIcon={icon}
      component={RouterLink}
      to={recordAtPath({ lat: place.latitude, lng: place.longitude })}
    >
      {placeTexts.recordHere}
    </Button>
  );
}

function PlaceBody({ place }: { place: PlaceRow }) {
  const isSignedIn = useAppSelector(selectUser) !== null;
  const recordedIds = useRecordedSpeciesIds();
  // A guest has no sightings: no seen/not-yet marks.
  const recorded = isSignedIn ? recordedIds : undefined;
  const species = place.species;
  const regular = species?.filter((item) => item.regular) ?? [];
  const seen = species?.filter((item) => item.sightings > 0) ?? [];
  const guides = place.guides ?? [];
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1, minWidth: 0 }}>
          {place.name}
        </Typography>
        <RecordHereButton place={place} isSignedIn={isSignedIn} />
        <LikeButton hotspotId={place.id} />
        <ReportButton section="place" id={place.id} what="place" ownerId={null} />
      </Stack>
      <Typography color="text.secondary">
        {[place.location_name, likesText(place.likes)].filter(Boolean).join(' · ')}
      </Typography>
      <PlacePhotoStrip photos={place.photos} name={place.name} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Section title={placeTexts.about}>
            <Typography sx={{ whiteSpace: 'pre-line' }}>{place.description}</Typography>
          </Section>
          <Section title={placeTexts.habitat}>
            {place.habitat.length === 0 ? (
              <Typography color="text.secondary">{placeTexts.noHabitat}</Typography>
            ) : (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {place.habitat.map((tag) => (
                  <Chip key={tag} label={tag} />
                ))}
              </Stack>
            )}
          </Section>
        </Stack>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Suspense fallback={null}>
            <PlacesMap places={[place]} area={place} />
          </Suspense>
          <Typography variant="body2" color="text.secondary">
            {place.has_boundary
              ? placeTexts.boundaryNote
              : formatMessage(placeTexts.radiusNote, { km: place.radius_km })}
          </Typography>
        </Stack>
      </Box>
      <Section title={placeTexts.speciesRegular}>
        {species === undefined ? (
          <Typography color="text.secondary">{placeTexts.speciesNotOnDevice}</Typography>
        ) : (
          <PlaceSpeciesList species={regular} recorded={recorded} empty={placeTexts.noSpeciesRegular} />
        )}
      </Section>
      <Section title={placeTexts.speciesSeen}>
        {species === undefined ? (
          <Typography color="text.secondary">{placeTexts.speciesNotOnDevice}</Typography>
        ) : (
          <PlaceSpeciesList species={seen} recorded={recorded} empty={placeTexts.noSpeciesSeen} counts />
        )}
      </Section>
      <Section title={placeTexts.guidesHere}>
        {guides.length === 0 ? (
          <Typography color="text.secondary">{placeTexts.noGuidesHere}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {guides.map((guide) => (
              <li key={guide.field_guide_id}>
                <Link
                  component={RouterLink}
                  to={`/fieldguide-overview/${encodeURIComponent(guide.field_guide_id)}`}
                >
                  {guide.name}
                </Link>
              </li>
            ))}
          </Box>
        )}
      </Section>
      <PlaceRatings hotspotId={place.id} />
    </Stack>
  );
}

export function PlaceOverviewPage() {
  const { hotspot_id: id } = useParams();
  const { row, absence, failure } = usePlace(id);
  return (
    <Box sx={{ py: 3 }}>
      {row ? (
        <PlaceBody place={row} />
      ) : absence === 'loading' ? (
        <CircularProgress aria-label={messages.loading} />
      ) : (
        <Alert severity={absence === 'unknown' ? 'warning' : 'info'}>
          {absence === 'unknown'
            ? placeTexts.placeUnknown
            : absence === 'failed'
              ? (failure ?? placeTexts.placeOffline)
              : placeTexts.placeOffline}
        </Alert>
      )}
    </Box>
  );
}
