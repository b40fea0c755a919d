/**
 * What every member-owned collection's descriptor shares (docs/sync.md "Collections"): the pull
 * filter, the record's data without the row's bookkeeping, and the check of a pulled record's
 * required fields. The descriptors themselves live in their domains (`<domain>Collection.ts`).
 */
import { cleanTextDeep } from '@contract/safeText';
import type { SyncRecord } from '@contract/sync';
import type { SyncFilter } from './collection';

/**
 * The pull filter of one member's collections: `{user_id}` (the server answers only the member's
 * own records anyway; the filter ties the cursor to the member, so another member signing in on
 * this device pulls from 0).
 */
export function memberFilterOf(userId: string): SyncFilter {
  return { user_id: userId };
}

/**
 * The record's fields without the row's own bookkeeping, its text cleaned (cleanTextDeep): a row
 * saved before the repositories cleaned text (a NUL pasted into a note) is pushed as it can be
 * stored instead of being refused, so it is not left behind on the device.
 */
export function recordDataOf(row: { id: string; rev: string; deleted?: true }): Record<string, unknown> {
  const { id: _id, rev: _rev, deleted: _deleted, ...data } = row;
  return cleanTextDeep(data);
}

/** A pulled record lacking a field its rows need is refused by name (the pull then fails). */
export function requireFields(
  record: SyncRecord,
  fields: Record<string, 'string' | 'number' | 'boolean'>,
): void {
  for (const [field, type] of Object.entries(fields)) {
    if (typeof record.data[field] !== type) {
      throw new Error(`${record.id}: '${field}' is missing or malformed`);
    }
  }
}
