/**
 * "Where to see it" on a species page (issue 15): the places where the species is regular or seen,
 * nearest first when the device holds the member's position from the places pages (GET
 * hotspots/nearby with species_id), else where it is regular and where it is seen (GET
 * hotspots/species_regular, species_seen). Online only; the places answered are kept on the device
 * like every other answer (placesStore.ts), so a place opened from here also opens offline.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Hotspot, HotspotsResponse } from '@contract/places';
import { placeTexts } from '@contract/placeTexts';
import { apiClientFrom } from '../../api/baseQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import type { AppThunk } from '../../app/thunk';
import { db } from '../../db/db';
import { distanceText } from './placeFormat';
import { keepPlaces } from './placesStore';

const WHERE_LIMIT = 10;

interface WherePlaces {
  nearby: Hotspot[] | null;
  regular: Hotspot[];
  seen: Hotspot[];
}

const fetchWhere =
  (speciesId: string, position: { lat: number; lng: number } | null): AppThunk<Promise<WherePlaces>> =>
  async (_dispatch, _getState, extra) => {
    const api = apiClientFrom(extra);
    if (position) {
      const { hotspots } = await api.request<HotspotsResponse>('GET', 'hotspots/nearby', {
        species_id: speciesId,
        ...position,
        limit: WHERE_LIMIT,
      });
      await keepPlaces(db, hotspots);
      return { nearby: hotspots, regular: [], seen: [] };
    }
    const query = { species_id: speciesId, limit: WHERE_LIMIT };
    const [regular, seen] = await Promise.all([
      api.request<HotspotsResponse>('GET', 'hotspots/species_regular', query),
      api.request<HotspotsResponse>('GET', 'hotspots/species_seen', query),
    ]);
    await keepPlaces(db, [...regular.hotspots, ...seen.hotspots]);
    return { nearby: null, regular: regular.hotspots, seen: seen.hotspots };
  };

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
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  // The position the places pages kept; this page never asks for the device's location itself.
  const kept = useLiveQuery(async () => (await db.meta.get('places_position'))?.value ?? null);
  const [answer, setAnswer] = useState<{ key: string; places: WherePlaces } | null>(null);
  const key = `${speciesId}|${String(kept)}`;
  useEffect(() => {
    if (!isOnline || kept === undefined) return;
    const [lat, lng] = typeof kept === 'string' ? kept.split(',').map(Number) : [];
    const position = Number.isFinite(lat) && Number.isFinite(lng) ? { lat: lat!, lng: lng! } : null;
    let live = true;
    dispatch(fetchWhere(speciesId, position)).then(
      (places) => live && setAnswer({ key, places }),
      () => live && setAnswer(null),
    );
    return () => {
      live = false;
    };
  }, [dispatch, isOnline, key, kept, speciesId]);

  if (!isOnline) return <Typography color="text.secondary">{placeTexts.whereOffline}</Typography>;
  if (!answer || answer.key !== key) return null;
  const { nearby, regular, seen } = answer.places;
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
