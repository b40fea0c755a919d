/**
 * The /logbooks route guard's question (SPEC §6: the route loads only with a logbook), answered
 * from the device. First-route code: kept to one index count (logbooksStore.ts `hasKeptLogbook`).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { db } from '../../db/db';
import { hasKeptLogbook } from './logbooksStore';

/**
 * Whether the signed-in member has a logbook on the device. True while the count is read, so the
 * guard never redirects on a guess; the page itself goes to the overview when the member has none.
 */
export function useHasLogbook(): boolean {
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  const has = useLiveQuery(async () => userId !== null && hasKeptLogbook(db, userId), [userId]);
  return has !== false;
}
