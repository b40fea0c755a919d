/**
 * The logbooks kept on the device (db.logbooks, Dexie version 16; src/db/logbookRows.ts): written
 * by the downloads (logbooksApi.ts), read by the pages' live queries, per signed-in member.
 */
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { LogbookRow } from '../../db/logbookRows';

export async function keepLogbook(db: FieldmarkDB, row: Omit<LogbookRow, 'kept'>): Promise<void> {
  await db.logbooks.put({ ...row, kept: Date.now() });
}

/** The member's kept logbooks, by name. */
export async function keptLogbooks(db: FieldmarkDB, userId: string): Promise<LogbookRow[]> {
  const rows = await db.logbooks.where('user_id').equals(userId).toArray();
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

export async function keptLogbook(
  db: FieldmarkDB,
  userId: string,
  productId: string,
): Promise<LogbookRow | undefined> {
  return db.logbooks.get([userId, productId]);
}

export async function forgetLogbooks(db: FieldmarkDB, userId: string, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.logbooks.bulkDelete(productIds.map((id) => [userId, id] as [string, string]));
}

/** Whether the member has a logbook on the device (the /logbooks guard), by one index count. */
export async function hasKeptLogbook(db: FieldmarkDB, userId: string): Promise<boolean> {
  return (await db.logbooks.where('user_id').equals(userId).count()) > 0;
}
