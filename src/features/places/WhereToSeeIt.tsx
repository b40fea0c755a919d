/**
 * "Where to see it" on a species page (issue 15): the places where the species is regular or seen,
 * nearest first when the device holds the member's position from the places pages (GET
 * hotspots/nearby with species_id), else where it is regular and where it is seen (GET
 * hotspots/species_regular, species_seen). Online only; the places answered are kept on the device
 * like every other answer (useWherePlaces in placesHooks.ts), so a place opened from here also
 * opens offline.
 */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Hotspot } from '@contract/places';
import { placeTexts } from './texts';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { distanceText } from './placeFormat';
import { useWherePlaces } from './placesHooks';

function PlaceLinks({ places }: { places: readonly Hotspot[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 3 }}>
      {places.map((place) => (
        <li key={place.hotspot_id}>
          <Link component={RouterLink} to={`/hotspot-overview/${encodeURIComponent(place.hotspot_id)}`}>
            {place.name}
          </Link>
          {place.distance_km !== undefined && (
            <Typography component="span" variant="body2" color="text.secondary">
              {` · ${distanceText(place.distance_km)}`}
            </Typography>
          )}
        </li>
      ))}
    </Box>
  );
}

export function WhereToSeeIt({ speciesId }: { speciesId: string }) {
  const isOnline = useAppSelector(selectIsOnline);
  const places = useWherePlaces(speciesId);

  if (!isOnline) return <Typography color="text.secondary">{placeTexts.whereOffline}</Typography>;
  if (!places) return null;
  const { nearby, regular, seen } = places;
  if ((nearby ?? [...regular, ...seen]).length === 0)
    return <Typography color="text.secondary">{placeTexts.whereNone}</Typography>;
  if (nearby) return <PlaceLinks places={nearby} />;
  return (
    <>
      {regular.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">
            {placeTexts.whereRegular}
          </Typography>
          <PlaceLinks places={regular} />
        </>
      )}
      {seen.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">
            {placeTexts.whereSeen}
          </Typography>
          <PlaceLinks places={seen} />
        </>
      )}
    </>
  );
}
