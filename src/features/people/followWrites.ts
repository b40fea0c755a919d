/**
 * A follow made without signal (issue 16: "follows made offline go into the outbox"): stored as an
 * offline stored request (`storeRequest`, the outbox the member's sync runtime replays with the
 * same retry, park and never-expire rules as every other). A replay cannot double anything: the
 * request carries the wanted state (`follow: true|false`), and the call is idempotent.
 */
import { db as appDb } from '../../db/db';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import { storeRequest } from '../../db/sync/outbox';

export const followPath = (userId: string) => `users/${encodeURIComponent(userId)}/follow`;

export async function storeFollow(
  userId: string,
  target: string,
  follow: boolean,
  db: FieldmarkDB = appDb,
): Promise<void> {
  await storeRequest(db, { url: followPath(target), type: 'PUT', data: { follow }, user_id: userId });
}
