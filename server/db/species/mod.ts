/**
 * The one allocator of `species.mod`, the species collection's cursor. Every writer — the importer
 * (seed.ts) and the API's edits and photo changes (server/plugins/app/species/species-writes.ts) —
 * takes a transaction-scoped advisory lock before reading max(mod), so two writers never hand out
 * the same value and a transaction never commits a value below one another transaction already
 * committed (a device whose cursor passed it would never pull that row).
 */
import { sql, type Transaction } from 'kysely';
import type { DB } from '../schema';

/** The advisory lock every writer of `species.mod` takes (hashtextextended(…, 0)). */
export const SPECIES_MOD_LOCK = 'species:mod';

/**
 * Takes the lock (held until the transaction ends) and answers the next free `mod`:
 * GREATEST(max(mod) + 1, now in ms). Call inside the transaction that writes it; a writer of
 * several rows hands out this value and the ones after it.
 */
export async function nextSpeciesMod(trx: Transaction<DB>, nowMs: number): Promise<number> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${SPECIES_MOD_LOCK}, 0))`.execute(trx);
  const { rows } = await sql<{ mod: string }>`
    SELECT GREATEST(COALESCE(max(mod), 0) + 1, ${Math.floor(nowMs)}::bigint) AS mod FROM species`.execute(
    trx,
  );
  return Number(rows[0]?.mod);
}
