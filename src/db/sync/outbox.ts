/**
 * Offline stored requests (SPEC §3 "Offline stored request": url, type, data, time, short random
 * id; §4 "Offline writes"): calls that are not collection records — a comment, a like — made
 * without signal wait in `outbox` and are replayed oldest first when the device is back online.
 * The requests we queue carry their own client-generated ids (comment_id, reply_id) or are
 * idempotent by nature (a like's liked flag), so a replay after a lost answer changes nothing.
 *
 * Unlike Workbox's background-sync Queue (which drops an entry on any HTTP answer, 500 included,
 * and silently after 7 days; notes/performance-and-reliability.md §7), an entry leaves only on a
 * 2xx; a 5xx, 429, timeout or network error keeps it and stops the pass; a permanent refusal parks
 * it with the server's reason, visible, without blocking the rest; nothing expires (queue.ts).
 */
import { cleanTextDeep } from '@contract/safeText';
import type { Payload } from '../../api/url';
import type { FieldmarkDB } from '../FieldmarkDB';
import type { OutboxRow } from '../rows';
import { randomId } from './localWrites';
import type { PullContext } from './pull';
import { drainQueue, type DrainResult } from './queue';

export type StoredRequest = Pick<OutboxRow, 'url' | 'type' | 'data' | 'user_id'>;

export async function storeRequest(
  db: FieldmarkDB,
  request: StoredRequest,
  now = Date.now(),
): Promise<OutboxRow> {
  // Text a database cannot hold would be refused for good when replayed: clean it now (safeText.ts).
  const row: OutboxRow = {
    ...request,
    data: cleanTextDeep(request.data),
    id: randomId(10),
    time: now,
    attempts: 0,
  };
  await db.outbox.add(row);
  return row;
}

export function drainOutbox(
  { db, api }: PullContext,
  options: { userId: string; now?: () => number },
): Promise<DrainResult> {
  return drainQueue(db.outbox, {
    order: 'time',
    keyOf: (request) => request.id,
    userId: options.userId,
    now: options.now,
    send: (request) => api.request(request.type, request.url, request.data as Payload),
  });
}
