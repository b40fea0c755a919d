/**
 * Every write to `species` outside the importer goes through `writeSpeciesChange`, so that each
 * change reaches every device through the `species` collection:
 *
 * - `mod`: GREATEST(max(mod) + 1, now in ms), the importer's rule (server/db/species/seed.ts), taken
 *   while holding a transaction-scoped advisory lock (server/db/species/mod.ts) so two writers never get
 *   the same value and a value is never committed behind one already committed (the cursor in
 *   collection-source.ts would pass it).
 * - `rev`: `<counter + 1>_<suffix>` ('edit', 'deleted', 'photo', …). The importer keeps a content
 *   hash as the suffix; any other suffix makes its next run see a changed row and write the list's
 *   data over it (docs/api.md "Admin edits and re-imports").
 */
import type { Kysely, Transaction, Updateable } from 'kysely';
import { parseRev } from '@contract/sync';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import type { SpeciesRow, SpeciesTable } from './tables';
import { nextSpeciesMod } from '../../../db/species/mod';

/** The columns a change may set; `mod` and `rev` are the writer's. */
export type SpeciesPatch = Omit<Updateable<SpeciesTable>, 'id' | 'mod' | 'rev'>;

/** `<counter + 1>_<suffix>`; a stored rev that does not parse counts as counter 0. */
export function nextSpeciesRev(rev: string, suffix: string): string {
  let counter: number;
  try {
    counter = parseRev(rev).counter;
  } catch {
    counter = Number.parseInt(rev, 10) || 0;
  }
  return `${counter + 1}_${suffix}`;
}

export type SpeciesWriteResult = { found: false } | { found: true; changed: boolean; row: SpeciesRow };

/**
 * Applies `change` to a live (not deleted) species in one transaction: the row is read locked,
 * `change` answers the columns to set, or null when nothing changes (then nothing is written and
 * no device is bothered). `change` may throw (a 400) to refuse the edit.
 */
export async function writeSpeciesChange(
  db: Kysely<DB>,
  clock: Clock,
  id: string,
  suffix: string,
  change: (row: SpeciesRow) => SpeciesPatch | null,
  afterWrite?: (trx: Transaction<DB>, row: SpeciesRow) => Promise<void>,
): Promise<SpeciesWriteResult> {
  return db.transaction().execute(async (trx): Promise<SpeciesWriteResult> => {
    const row = await trx
      .selectFrom('species')
      .selectAll()
      .where('id', '=', id)
      .where('deleted', '=', false)
      .forUpdate()
      .executeTakeFirst();
    if (row === undefined) return { found: false };
    const patch = change(row);
    if (patch === null) return { found: true, changed: false, row };
    const mod = await nextSpeciesMod(trx, clock.now());
    const written = await trx
      .updateTable('species')
      .set({ ...patch, mod, rev: nextSpeciesRev(row.rev, suffix) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (afterWrite) await afterWrite(trx, written);
    return { found: true, changed: true, row: written };
  });
}

/**
 * Deletes a species as a tombstone (`deleted`, rev suffix 'deleted', like the importer's) and drops
 * its locations, as the importer does for a species that left the lists.
 */
export async function deleteSpecies(db: Kysely<DB>, clock: Clock, id: string): Promise<boolean> {
  const result = await writeSpeciesChange(
    db,
    clock,
    id,
    'deleted',
    () => ({ deleted: true }),
    async (trx) => {
      await trx.deleteFrom('species_locations').where('species_id', '=', id).execute();
    },
  );
  return result.found;
}
