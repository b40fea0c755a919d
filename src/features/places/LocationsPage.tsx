/**
 * `/locations` (SPEC §2, anyone): the places list. With the member's position nearest first (places
 * containing it at 0 km), computed on the device so it works offline; without one the member's
 * region first, most liked first (popular); a search narrows by name. The list is what the device
 * keeps (placesStore.ts), refreshed from the server while online; liked places are marked. Beside
 * it on a wide screen (below on a phone), the listed places on the map.
 */
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FavoriteIcon from '@mui/icons-material/Favorite';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { placeTexts } from './texts';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import type { PlaceOnDevice } from './placesStore';
import { useLikedPlaceIds, useMemberPosition, usePlacesList, useRegion } from './placesHooks';
import { distanceText, likesText } from './placeFormat';
import { SearchNearMe } from './SearchNearMe';

const PlacesMap = lazy(async () => ({ default: (await import('./PlacesMap')).PlacesMap }));

function PlaceItem({ item, liked }: { item: PlaceOnDevice; liked: boolean }) {
  const { place, distanceKm } = item;
  const details = [
    place.location_name,
    distanceKm === null ? null : distanceText(distanceKm),
    likesText(place.likes),
  ].filter((part): part is string => Boolean(part));
  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <ListItemButton component={RouterLink} to={`/hotspot-overview/${encodeURIComponent(place.id)}`}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography noWrap>{place.name}</Typography>
          <Typography noWrap variant="body2" color="text.secondary">
            {details.join(' · ')}
          </Typography>
        </Box>
        {liked && <FavoriteIcon color="secondary" titleAccess={placeTexts.liked} />}
      </ListItemButton>
    </Box>
  );
}

export function LocationsPage() {
  const [search, setSearch] = useState('');
  const isOnline = useAppSelector(selectIsOnline);
  const region = useRegion();
  const { position, locating, failed, locate } = useMemberPosition();
  const { places, failure } = usePlacesList(search, position);
  const liked = useLikedPlaceIds();
  const term = search.trim();
  const heading =
    term !== ''
      ? formatMessage(placeTexts.searchHeading, { search: term })
      : position
        ? placeTexts.nearbyHeading
        : region
          ? formatMessage(placeTexts.popularHeading, { region: region.name })
          : placeTexts.popularEverywhere;
  const empty =
    term !== ''
      ? formatMessage(placeTexts.noPlacesMatch, { search: term })
      : isOnline
        ? placeTexts.noPlaces
        : placeTexts.noPlacesOffline;

  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <Typography variant="h4" component="h1">
        {labels.places}
      </Typography>
      <SearchNearMe
        searchLabel={placeTexts.searchPlaces}
        locateLabel={placeTexts.useMyPosition}
        search={search}
        onSearch={setSearch}
        locate={locate}
        locating={locating}
        failed={failed}
      />
      {failure && isOnline && <Alert severity="warning">{failure}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {heading}
          </Typography>
          {places === undefined ? (
            <CircularProgress aria-label={messages.loading} />
          ) : places.length === 0 ? (
            <Alert severity="info">{empty}</Alert>
          ) : (
            <Box component="ul" aria-label={placeTexts.placesList} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {places.map((item) => (
                <PlaceItem key={item.place.id} item={item} liked={liked.has(item.place.id)} />
              ))}
            </Box>
          )}
        </Stack>
        {places && places.length > 0 && (
          <Suspense fallback={null}>
            <PlacesMap places={places.map((item) => item.place)} position={position ?? null} />
          </Suspense>
        )}
      </Box>
    </Stack>
  );
}
