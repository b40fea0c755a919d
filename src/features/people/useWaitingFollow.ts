/**
 * The follow state the member's outbox still waits to send about one member (the newest stored
 * request wins), or undefined when nothing waits: the button shows it at once, as pending.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db';
import { followPath } from './followWrites';

export function useWaitingFollow(me: string | undefined, target: string): boolean | undefined {
  return useLiveQuery(async () => {
    if (me === undefined) return undefined;
    const url = followPath(target);
    const rows = await db.outbox
      .filter((row) => row.user_id === me && row.parked === undefined && row.url === url)
      .toArray();
    const newest = rows.sort((a, b) => a.time - b.time).at(-1);
    return newest === undefined ? undefined : newest.data.follow === true;
  }, [me, target]);
}
