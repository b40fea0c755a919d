/**
 * A species from anywhere (issue 23): the device keeps the species of the member's region and
 * groups (`db.species`, pruned when they change), so a sighting recorded in another region, a link
 * from a friend's post or a place abroad names a species the list does not hold. Those are fetched
 * from the server once (`GET species/{id}`) and kept in `db.species_kept`, which the species sync
 * never prunes, so they open offline from then on. Every read of one species goes through here.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { SpeciesResponse } from '@contract/species';
import { ApiError } from '../../api/ApiError';
import { apiClientFrom } from '../../api/baseQuery';
import type { ApiClient } from '../../api/client';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import type { AppThunk } from '../../app/thunk';
import { db as appDb } from '../../db/db';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { SpeciesRow } from '../../db/rows';
import { speciesRowOf } from '../../db/sync/species';

/** The species from the device: the region's list first, else one kept from an earlier fetch. */
export async function speciesOnDevice(db: FieldmarkDB, id: string): Promise<SpeciesRow | undefined> {
  return (await db.species.get(id)) ?? (await db.species_kept.get(id));
}

/**
 * Fetches a species from the server and keeps it on the device; null when the server has no such
 * species. Other failures (offline, 5xx) reject.
 */
export async function keepSpeciesFromServer(
  db: FieldmarkDB,
  api: ApiClient,
  id: string,
): Promise<SpeciesRow | null> {
  let answer: SpeciesResponse;
  try {
    answer = await api.request<SpeciesResponse>('GET', `species/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  // The region's pull owns `rev`; a kept species is a copy that the next fetch replaces.
  const row = speciesRowOf({
    id: answer.species._id,
    rev: '0_kept',
    mod: 0,
    deleted: false,
    data: answer.species,
  });
  await db.species_kept.put(row);
  return row;
}

/** The species of these ids on the device (the region's list, else kept ones), by id. */
export async function speciesOnDeviceById(
  db: FieldmarkDB,
  ids: Iterable<string | null>,
): Promise<Map<string, SpeciesRow>> {
  const wanted = [...new Set(ids)].filter((id): id is string => id !== null);
  const listed = await db.species.bulkGet(wanted);
  const missing = wanted.filter((_, index) => listed[index] === undefined);
  const kept = missing.length > 0 ? await db.species_kept.bulkGet(missing) : [];
  return new Map(
    [...listed, ...kept].filter((row) => row !== undefined).map((row) => [row.id, row] as const),
  );
}

/** Species asked of the server in this page's life: each at most once, found or not. */
const asked = new Set<string>();
/** How many species one pass asks for: a list of many foreign species fills in over a few passes. */
const FETCH_PER_PASS = 20;

/**
 * Fetches (and keeps) the species of `ids` the device does not have, online, each once per page
 * life, so lists of sightings recorded elsewhere show real names and thumbnails; the lists' live
 * queries pick them up from `species_kept`. `ids` are the ones the caller found missing.
 */
export function useKeepMissingSpecies(ids: readonly string[]): void {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const key = ids.join('\n');
  useEffect(() => {
    if (!isOnline) return;
    const wanted = [...new Set(key.split('\n'))].filter((id) => id !== '' && !asked.has(id));
    const batch = wanted.slice(0, FETCH_PER_PASS);
    for (const id of batch) asked.add(id);
    void (async () => {
      for (const id of batch) {
        // One at a time: a long foreign list must not flood the server; a failure is retried
        // by the next page life.
        await dispatch(keepSpecies(id)).catch(() => asked.delete(id));
      }
    })();
  }, [dispatch, key, isOnline]);
}

const keepSpecies =
  (id: string): AppThunk<Promise<SpeciesRow | null>> =>
  (_dispatch, _getState, extra) =>
    keepSpeciesFromServer(appDb, apiClientFrom(extra), id);

/** Why a species is not shown: still looking, not on the device while offline, or none such. */
export type SpeciesAbsence = 'loading' | 'offline' | 'unknown' | 'failed';

export interface SpeciesAnywhere {
  /** The species; null when it cannot be shown (see `absence`). */
  species: SpeciesRow | null;
  absence: SpeciesAbsence | null;
}

/**
 * One species as a live query over the device, fetched from the server (and kept) when the device
 * does not have it and is online. `species` is null while loading or when absent.
 */
export function useSpeciesAnywhere(id: string | undefined): SpeciesAnywhere {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const local = useLiveQuery(
    async () => ({ id, row: id ? ((await speciesOnDevice(appDb, id)) ?? null) : null }),
    [id],
  );
  const row = local && local.id === id ? local.row : undefined;
  // The outcome of the fetch for this id: running, none such on the server, or failed.
  const [fetched, setFetched] = useState<{ id: string; state: 'running' | 'unknown' | 'failed' }>();
  const fetchState = fetched && fetched.id === id ? fetched.state : undefined;

  useEffect(() => {
    if (!id || row !== null || !isOnline || fetchState !== undefined) return;
    setFetched({ id, state: 'running' });
    dispatch(keepSpecies(id)).then(
      (kept) => {
        setFetched({ id, state: kept ? 'running' : 'unknown' });
      },
      () => {
        setFetched({ id, state: 'failed' });
      },
    );
  }, [dispatch, id, row, isOnline, fetchState]);

  if (!id) return { species: null, absence: 'unknown' };
  if (row) return { species: row, absence: null };
  if (row === undefined || fetchState === 'running') return { species: null, absence: 'loading' };
  if (fetchState === 'unknown') return { species: null, absence: 'unknown' };
  if (fetchState === 'failed') return { species: null, absence: 'failed' };
  return { species: null, absence: isOnline ? 'loading' : 'offline' };
}
