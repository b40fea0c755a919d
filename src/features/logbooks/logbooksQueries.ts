/**
 * The logbooks pages' data: live queries over the device (the kept logbooks joined with the
 * member's sightings, so a sighting saved offline ticks its species at once), refreshed from the
 * server once per visit while online.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { apiClientFrom } from '../../api/baseQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import type { AppThunk } from '../../app/thunk';
import { db } from '../../db/db';
import type { LogbookRow } from '../../db/logbookRows';
import { refreshOwnedLogbooks } from './logbooksApi';
import { keptLogbook, keptLogbooks } from './logbooksStore';
import { ticksOf, type Tick } from './logbookTicks';

export interface LogbookWithTicks {
  logbook: LogbookRow;
  ticks: Map<string, Tick>;
}

const refreshThunk =
  (userId: string): AppThunk<Promise<string[]>> =>
  (_dispatch, _getState, extra) =>
    refreshOwnedLogbooks(db, apiClientFrom(extra), userId);

/** `{ owned }`: refreshed, the member owns these products; offline the device's copy is all there is. */
export type RefreshState = 'idle' | 'running' | 'offline' | { owned: string[] } | { failed: string };

/**
 * Brings the member's logbooks onto the device (new ones downloaded, progress updated) once per
 * page visit while online.
 */
export function useRefreshOwned(userId: string | null): RefreshState {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const [state, setState] = useState<RefreshState>('idle');
  useEffect(() => {
    if (userId === null || !isOnline) return;
    let live = true;
    setState('running');
    dispatch(refreshThunk(userId)).then(
      (owned) => {
        if (live) setState({ owned });
      },
      (error: unknown) => {
        if (live) setState({ failed: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [dispatch, userId, isOnline]);
  return !isOnline && (state === 'idle' || state === 'running') ? 'offline' : state;
}

/** The member's logbooks on the device, each with its ticks; undefined while loading. */
export function useOwnedLogbooks(userId: string | null): LogbookWithTicks[] | undefined {
  return useLiveQuery(async () => {
    if (userId === null) return [];
    const rows = await keptLogbooks(db, userId);
    return Promise.all(rows.map(async (logbook) => ({ logbook, ticks: await ticksOf(db, userId, logbook) })));
  }, [userId]);
}

/** One of the member's logbooks with its ticks; null when the device has none of that product. */
export function useOwnedLogbook(
  userId: string | null,
  productId: string | undefined,
): LogbookWithTicks | null | undefined {
  const answer = useLiveQuery(async () => {
    if (userId === null || productId === undefined) return { productId, value: null };
    const logbook = await keptLogbook(db, userId, productId);
    return { productId, value: logbook ? { logbook, ticks: await ticksOf(db, userId, logbook) } : null };
  }, [userId, productId]);
  return answer && answer.productId === productId ? answer.value : undefined;
}
