/**
 * The acknowledgement rules of the device's queues (the photo uploads and the offline stored
 * requests; docs/sync.md), in one place: entries of one member go one at a time in `order`, each
 * re-read before it is sent (one removed meanwhile is not sent); an entry leaves only on a 2xx for
 * it; a 5xx, 429, timeout or network error keeps it (its attempts counted) and stops the pass; a
 * permanent refusal parks it with the server's reason and the pass goes on with the next. Nothing
 * expires.
 */
import type { Table } from 'dexie';
import type { ParkedError } from '../rows';
import { isPermanentRefusal } from './push';

export interface QueuedEntry {
  user_id: string;
  attempts: number;
  parked?: ParkedError;
}

export interface DrainResult {
  sent: number;
  parked: number;
}

export async function drainQueue<Entry extends QueuedEntry, Insert>(
  table: Table<Entry, string, Insert>,
  options: {
    /** The index entries go out in (oldest first). */
    order: string;
    keyOf: (entry: Entry) => string;
    userId: string;
    send: (entry: Entry) => Promise<unknown>;
    now?: () => number;
  },
): Promise<DrainResult> {
  const now = options.now ?? Date.now;
  const result: DrainResult = { sent: 0, parked: 0 };
  const tried = new Set<string>();
  for (;;) {
    const next = await table
      .orderBy(options.order)
      .filter(
        (entry) =>
          entry.user_id === options.userId && entry.parked === undefined && !tried.has(options.keyOf(entry)),
      )
      .first();
    if (!next) return result;
    const key = options.keyOf(next);
    tried.add(key);
    try {
      await options.send(next);
      await table.delete(key);
      result.sent += 1;
    } catch (error) {
      const permanent = isPermanentRefusal(error);
      await table
        .where(':id')
        .equals(key)
        .modify((entry) => {
          entry.attempts += 1;
          if (permanent) entry.parked = { status: error.status, reason: error.reason, at: now() };
        });
      if (!permanent) throw error;
      result.parked += 1;
    }
  }
}
