/**
 * The first page of the member's species list from the server (`POST species`), for the moment a
 * first visit waits on the region's species sync: the list is shown from the server until the sync
 * has put any of it on the device (issue 23: /species showed nothing for 6–7.5 s). The device list
 * takes over as soon as it has rows; offline or on a failure there is simply no first page.
 */
import { useEffect, useState } from 'react';
import type { SpeciesListRequest, SpeciesListResponse } from '@contract/species';
import { apiClientFrom } from '../../api/baseQuery';
import type { ApiClient } from '../../api/client';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import type { AppThunk } from '../../app/thunk';
import type { ConfigLocation } from '../../db/kv';
import type { SpeciesRow } from '../../db/rows';
import { speciesRowOf } from '../../db/sync/species';

/** How many species the first page shows: the server's default page. */
export const FIRST_PAGE_SIZE = 50;

export interface ServerFirstPage {
  species: SpeciesRow[];
  /** How many species the whole list has. */
  total: number;
}

export interface FirstPageQuery {
  classifications: string[];
  location: ConfigLocation;
  /** The additional language's id; null for English only. */
  languageId: string | null;
}

/** Asks the server for the first page of the list `query` names, as device rows. */
export async function fetchFirstPage(api: ApiClient, query: FirstPageQuery): Promise<ServerFirstPage> {
  const body: SpeciesListRequest = {
    classifications: query.classifications,
    location_id: query.location.location_id,
    limit: FIRST_PAGE_SIZE,
    ...(query.languageId === null ? {} : { language: query.languageId }),
  };
  const answer = await api.request<SpeciesListResponse>('POST', 'species', body);
  return {
    // The same mapping as the sync's, so the rows render as the device's will.
    species: answer.species.map((species) =>
      speciesRowOf({ id: species._id, rev: '0_server', mod: 0, deleted: false, data: species }),
    ),
    total: answer.total,
  };
}

const firstPageOf =
  (query: FirstPageQuery): AppThunk<Promise<ServerFirstPage>> =>
  (_dispatch, _getState, extra) =>
    fetchFirstPage(apiClientFrom(extra), query);

/**
 * The server's first page while `isWanted` (the device has none of the list yet) and online;
 * undefined until it arrives, when not wanted, offline or when the server could not answer.
 */
export function useServerFirstPage(
  query: FirstPageQuery | null,
  isWanted: boolean,
): ServerFirstPage | undefined {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const key = query ? JSON.stringify(query) : '';
  const [page, setPage] = useState<{ key: string; page: ServerFirstPage }>();
  const shouldAsk = isWanted && isOnline && query !== null && page?.key !== key;
  useEffect(() => {
    if (!shouldAsk) return;
    let isCurrent = true;
    const asked: FirstPageQuery = JSON.parse(key) as FirstPageQuery;
    dispatch(firstPageOf(asked)).then(
      (answer) => {
        if (isCurrent) setPage({ key, page: answer });
      },
      // The sync still brings the list; the page only waits for it as it did before.
      (error: unknown) => {
        console.warn('The first page of species could not be fetched', error);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [dispatch, key, shouldAsk]);
  return isWanted && page?.key === key ? page.page : undefined;
}
