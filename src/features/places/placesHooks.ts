/**
 * The places pages' data: live queries over the device (placesStore.ts), refreshed from the server
 * while online (placesApi.ts). A page renders what the device holds and never waits on the network,
 * so it is the same page offline, showing what was kept.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Hotspot, HotspotsResponse } from '@contract/places';
import { apiClientFrom } from '../../api/baseQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectConfig } from '../../app/configSlice';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import type { AppThunk } from '../../app/thunk';
import { db } from '../../db/db';
import type { FieldGuideRow, PlaceRow } from '../../db/placeRows';
import { requestFix } from '../../lib/position';
import { isPlaceLiked, likedPlaceIds, setPlaceLiked } from './placeLikesRepo';
import { fetchGuide, fetchGuides, fetchPlace, fetchPlaces, type PlacesQuery } from './placesApi';
import { guidesOnDevice, keepPlaces, placesOnDevice } from './placesStore';

export type Position = { lat: number; lng: number };

/** Where the places pages keep the member's last position, so "nearby" works offline after a reload. */
const POSITION_KEY = 'places_position';
/** A search is sent this long after the last key stroke. */
const SEARCH_DEBOUNCE_MS = 300;

/** A position as a dependency of effects: live queries answer a new object on every re-read. */
function keyOf(position: Position | null | undefined): string | undefined {
  return position === undefined ? undefined : position === null ? '' : `${position.lat},${position.lng}`;
}

function positionOf(value: unknown): Position | null {
  if (typeof value !== 'string') return null;
  const [lat, lng] = value.split(',').map(Number);
  return lat !== undefined && lng !== undefined && Number.isFinite(lat) && Number.isFinite(lng)
    ? { lat, lng }
    : null;
}

export async function rememberPosition(position: Position): Promise<void> {
  await db.meta.put({ key: POSITION_KEY, value: `${position.lat},${position.lng}` });
}

/** The position the places pages kept (null when none), `undefined` while it is read. */
export function useKeptPosition(): Position | null | undefined {
  return useLiveQuery(async () => positionOf((await db.meta.get(POSITION_KEY))?.value) ?? null);
}

/** The browser's navigator, typed as it may be: missing outside a browser, or without an API. */
const maybeNavigator = () => globalThis.navigator as Partial<Navigator> | undefined;

/**
 * The member's position for "nearby": the last one kept on the device, refreshed from the device's
 * location when the member asks (`locate`) or, without asking, when location access was already
 * granted. `undefined` while the kept one is read.
 */
export function useMemberPosition(): {
  position: Position | null | undefined;
  locating: boolean;
  failed: boolean;
  locate: () => void;
} {
  const kept = useKeptPosition();
  const [locating, setLocating] = useState(false);
  const [failed, setFailed] = useState(false);
  const locate = () => {
    setLocating(true);
    void requestFix(maybeNavigator()?.geolocation, { timeout: 10_000, maximumAge: 60_000 })
      .then(async (fix) => {
        setFailed(fix === null);
        if (fix) await rememberPosition({ lat: fix.lat, lng: fix.lng });
      })
      .finally(() => {
        setLocating(false);
      });
  };
  useEffect(() => {
    let live = true;
    void maybeNavigator()
      ?.permissions?.query({ name: 'geolocation' })
      .then((status) => {
        if (live && status.state === 'granted') locate();
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Once per visit of the page.
  }, []);
  return { position: kept, locating, failed, locate };
}

const refreshPlaces =
  (query: PlacesQuery): AppThunk<Promise<void>> =>
  (_dispatch, _getState, extra) =>
    fetchPlaces(db, apiClientFrom(extra), query);

/** The member's region id from their config, or null. */
export function useRegion(): { id: string; name: string } | null {
  const location = useAppSelector(selectConfig).location;
  return location ? { id: location.location_id, name: location.name } : null;
}

/** The places list: from the device in the page's order, refreshed from the server while online. */
export function usePlacesList(search: string, position: Position | null | undefined) {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const regionId = useRegion()?.id ?? null;
  const [failure, setFailure] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);
  const positionKey = keyOf(position);
  const places = useLiveQuery(
    () => placesOnDevice(db, { search, position: positionOf(positionKey), regionId }),
    [search, positionKey, regionId],
  );
  useEffect(() => {
    if (!isOnline || positionKey === undefined) return;
    let live = true;
    const timer = setTimeout(
      () => {
        setFetching(true);
        dispatch(refreshPlaces({ search, position: positionOf(positionKey), regionId }))
          .then(() => {
            if (live) setFailure(null);
          })
          .catch((error: unknown) => {
            if (live) setFailure(error instanceof Error ? error.message : String(error));
          })
          .finally(() => {
            if (live) setFetching(false);
          });
      },
      search === '' ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [dispatch, isOnline, search, positionKey, regionId]);
  return { places, failure, fetching };
}

/** The ids of the places the signed-in member likes (empty for a guest). */
export function useLikedPlaceIds(): ReadonlySet<string> {
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  return (
    useLiveQuery(async () => (userId ? likedPlaceIds(db, userId) : new Set<string>()), [userId]) ?? new Set()
  );
}

export type Absence = 'loading' | 'offline' | 'unknown' | 'failed';

/**
 * One kept row as a live query, fetched (again) from the server once per visit while online: the
 * row shows at once when the device has it, and the fetch brings what changed.
 */
function useKeptAndFetched<Row>(
  id: string | undefined,
  read: (id: string) => Promise<Row | undefined>,
  fetch: (id: string) => AppThunk<Promise<boolean>>,
): { row: Row | null; absence: Absence | null; failure: string | null } {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const local = useLiveQuery(async () => ({ id, row: id ? ((await read(id)) ?? null) : null }), [id, read]);
  const row = local && local.id === id ? local.row : undefined;
  const [outcome, setOutcome] = useState<{
    id: string;
    state: 'running' | 'done' | 'unknown' | 'failed';
    reason?: string;
  }>();
  const state = outcome && outcome.id === id ? outcome.state : undefined;
  useEffect(() => {
    if (!id || !isOnline || state !== undefined) return;
    setOutcome({ id, state: 'running' });
    dispatch(fetch(id)).then(
      (found) => {
        setOutcome({ id, state: found ? 'done' : 'unknown' });
      },
      (error: unknown) => {
        setOutcome({ id, state: 'failed', reason: error instanceof Error ? error.message : String(error) });
      },
    );
  }, [dispatch, fetch, id, isOnline, state]);
  const failure = state === 'failed' ? (outcome?.reason ?? null) : null;
  if (!id || state === 'unknown') return { row: null, absence: 'unknown', failure };
  if (row) return { row, absence: null, failure };
  if (row === undefined || state === 'running') return { row: null, absence: 'loading', failure };
  if (state === 'failed') return { row: null, absence: 'failed', failure };
  return { row: null, absence: isOnline ? 'loading' : 'offline', failure };
}

const fetchPlaceThunk =
  (id: string): AppThunk<Promise<boolean>> =>
  (_dispatch, _getState, extra) =>
    fetchPlace(db, apiClientFrom(extra), id);
const readPlace = (id: string) => db.places.get(id);

export function usePlace(id: string | undefined) {
  return useKeptAndFetched<PlaceRow>(id, readPlace, fetchPlaceThunk);
}

const fetchGuideThunk =
  (id: string): AppThunk<Promise<boolean>> =>
  (_dispatch, _getState, extra) =>
    fetchGuide(db, apiClientFrom(extra), id);
const readGuide = (id: string) => db.field_guides.get(id);

export function useGuide(id: string | undefined) {
  return useKeptAndFetched<FieldGuideRow>(id, readGuide, fetchGuideThunk);
}

const refreshGuides =
  (query: Omit<PlacesQuery, 'regionId'>): AppThunk<Promise<void>> =>
  (_dispatch, _getState, extra) =>
    fetchGuides(db, apiClientFrom(extra), query);

export function useGuidesList(search: string, position: Position | null | undefined) {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const [failure, setFailure] = useState<string | null>(null);
  const [fetched, setFetched] = useState(false);
  const positionKey = keyOf(position);
  const guides = useLiveQuery(
    () => guidesOnDevice(db, { search, position: positionOf(positionKey) }),
    [search, positionKey],
  );
  useEffect(() => {
    if (!isOnline || positionKey === undefined) return;
    let live = true;
    const timer = setTimeout(
      () => {
        dispatch(refreshGuides({ search, position: positionOf(positionKey) }))
          .then(() => {
            if (live) setFailure(null);
          })
          .catch((error: unknown) => {
            if (live) setFailure(error instanceof Error ? error.message : String(error));
          })
          .finally(() => {
            if (live) setFetched(true);
          });
      },
      search === '' ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [dispatch, isOnline, search, positionKey]);
  return { guides, failure, fetched };
}

/** Whether the member likes the place, live from the device (undefined while read). */
export function usePlaceLiked(userId: string | null, hotspotId: string): boolean | undefined {
  return useLiveQuery(
    async () => (userId ? isPlaceLiked(db, userId, hotspotId) : false),
    [userId, hotspotId],
  );
}

/** Likes or unlikes the place on the device; the sync pushes it (placeLikesRepo.ts). */
export function savePlaceLiked(
  userId: string,
  hotspotId: string,
  liked: boolean,
  at: { lat: number; lng: number } | null,
): Promise<void> {
  return setPlaceLiked(db, userId, hotspotId, liked, at);
}

const WHERE_LIMIT = 10;

/** The places of "where to see it": `nearby` with a kept position, else `regular` and `seen`. */
export interface WherePlaces {
  nearby: Hotspot[] | null;
  regular: Hotspot[];
  seen: Hotspot[];
}

const fetchWhere =
  (speciesId: string, position: Position | null): AppThunk<Promise<WherePlaces>> =>
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

/**
 * "Where to see it" for a species (WhereToSeeIt.tsx), asked while online with the kept position;
 * the places answered are kept on the device. Null until the answer for this species and position
 * arrives, or when it failed. The member's location is never asked for here.
 */
export function useWherePlaces(speciesId: string): WherePlaces | null {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const kept = useKeptPosition();
  const [answer, setAnswer] = useState<{ key: string; places: WherePlaces } | null>(null);
  const positionKey = keyOf(kept);
  const key = `${speciesId}|${String(positionKey)}`;
  useEffect(() => {
    if (!isOnline || positionKey === undefined) return;
    let live = true;
    dispatch(fetchWhere(speciesId, positionOf(positionKey))).then(
      (places) => {
        if (live) setAnswer({ key, places });
      },
      () => {
        if (live) setAnswer(null);
      },
    );
    return () => {
      live = false;
    };
  }, [dispatch, isOnline, key, positionKey, speciesId]);
  return answer?.key === key ? answer.places : null;
}
