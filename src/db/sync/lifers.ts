/**
 * Lifer flags on the device (SPEC §3 "Observation": lifer): the rule is the contract's
 * (`liferChanges`, src/contract/stats.ts: the member's earliest live sighting of a species). A save
 * or delete re-applies it to the species it touched in the same transaction, and a pull, once it is
 * over, to each species its batches brought (docs/sync.md "Lifers after a pull"), so the flag is
 * right offline at the moment of entry and follows edits, deletions and sightings made on other
 * devices. A changed flag is an edit of that sighting (a new
 * revision, pushed like any save), so the server and other devices get it too.
 */
import { Dexie } from 'dexie';
import { liferChanges } from '@contract/stats';
import type { FieldmarkDB } from '../FieldmarkDB';
import type { ObservationRow } from '../rows';
import { saveRecord } from './localWrites';
import { OBSERVATIONS_COLLECTION } from '@contract/observations';

/** `userId`'s sightings of one species in lifer order (date, then id), tombstones included. */
export function sightingsOfSpecies(db: FieldmarkDB, userId: string, speciesId: string) {
  return db.species_observations
    .where('[user_id+species_id+date]')
    .between([userId, speciesId, Dexie.minKey], [userId, speciesId, Dexie.maxKey], true, true);
}

/** How many of a species' first sightings the lifer check reads in one request. */
export const FIRST_SIGHTINGS_READ = 4;

/** Whether `row` counts for the lifer rule in a save of `exceptId`: live, and not that sighting. */
const counts = (row: ObservationRow, exceptId?: string) => !row.deleted && row.id !== exceptId;

/**
 * The sighting that comes first under the lifer rule among a species' first FIRST_SIGHTINGS_READ
 * index entries (`first`), skipping tombstones and `exceptId`: `{ earliest }` (undefined: the member
 * has none), or null when none of them counts and the index may hold more.
 */
export function earliestAmong(
  first: readonly ObservationRow[],
  exceptId?: string,
): { earliest: ObservationRow | undefined } | null {
  const earliest = first.find((row) => counts(row, exceptId));
  return earliest !== undefined || first.length < FIRST_SIGHTINGS_READ ? { earliest } : null;
}

/**
 * The member's live sighting of the species that comes first under the lifer rule, if any, other
 * than `exceptId` (a sighting being saved in the same transaction). The first few index entries
 * come in one getAll: a filtered cursor cost a save ≈ 0.4 ms more (bench:record); only when all of
 * them are tombstones or `exceptId` does a cursor walk the index.
 */
export async function earliestSighting(
  db: FieldmarkDB,
  userId: string,
  speciesId: string,
  exceptId?: string,
): Promise<ObservationRow | undefined> {
  const first = await sightingsOfSpecies(db, userId, speciesId).limit(FIRST_SIGHTINGS_READ).toArray();
  const found = earliestAmong(first, exceptId);
  if (found !== null) return found.earliest;
  // From the start: Dexie applies an offset after a filter, so offset() would skip live rows.
  return sightingsOfSpecies(db, userId, speciesId)
    .filter((row) => counts(row, exceptId))
    .first();
}

/**
 * Re-applies the lifer rule to `userId`'s sightings of `speciesIds`. Must run inside a readwrite
 * transaction over `species_observations` and `dirty`. Returns the ids whose flag changed.
 */
export async function reconcileLifers(
  db: FieldmarkDB,
  userId: string,
  speciesIds: Iterable<string | null>,
  suffix: string,
  now = Date.now(),
): Promise<string[]> {
  const changed: string[] = [];
  for (const speciesId of new Set(speciesIds)) {
    if (speciesId === null) continue;
    const sightings = await sightingsOfSpecies(db, userId, speciesId).toArray();
    const byId = new Map(sightings.map((row) => [row.id, row]));
    for (const change of liferChanges(sightings)) {
      const row = byId.get(change.observation_id);
      if (!row) continue;
      await saveRecord<ObservationRow>(
        db,
        OBSERVATIONS_COLLECTION,
        db.species_observations,
        { ...row, lifer: change.lifer },
        suffix,
        now,
      );
      changed.push(row.id);
    }
  }
  return changed;
}

/**
 * The (member, species) pairs a pulled batch touched, as the keys a pull keeps in its mark until it
 * settles them: the species of the rows it writes and of the stored rows it replaces or deletes
 * (an edit that moved a sighting to another species changes the first species' lifer too).
 */
export function pulledLiferKeys(
  before: readonly ObservationRow[],
  after: readonly ObservationRow[],
): Set<string> {
  const keys = new Set<string>();
  for (const row of [...before, ...after]) {
    if (row.species_id !== null) keys.add(JSON.stringify([row.user_id, row.species_id]));
  }
  return keys;
}

/**
 * After a pull: the rule again, once, for every pair its batches left (pulledLiferKeys). Must run
 * inside a readwrite transaction over `species_observations` and `dirty`.
 */
export async function reconcilePulledLifers(
  db: FieldmarkDB,
  keys: readonly string[],
  suffix: string,
): Promise<void> {
  const byUser = new Map<string, string[]>();
  for (const key of keys) {
    const [userId, speciesId] = JSON.parse(key) as [string, string];
    const species = byUser.get(userId);
    if (species) species.push(speciesId);
    else byUser.set(userId, [speciesId]);
  }
  for (const [userId, species] of byUser) await reconcileLifers(db, userId, species, suffix);
}
