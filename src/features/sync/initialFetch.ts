/**
 * SPEC §4 "On user:login": the member's sightings (up to 500) are fetched once, and only when this
 * device holds none of theirs — a new phone shows the member's list at once, before the collection
 * pull has paged through everything. Entries with status 'failed' are skipped; each is saved as a
 * synced row (no dirty mark: it came from the server). A sighting already on the device is never
 * overwritten by it.
 */
import {
  OBSERVATIONS_PAGE_MAX,
  type ObservationItem,
  type ObservationsResponse,
} from '@contract/observations';
import type { ApiClient } from '../../api/client';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { ObservationRow } from '../../db/rows';

/** The row for a fetched sighting; null for one the device cannot keep (no revision, failed). */
export function rowOfFetched(item: ObservationItem & { status?: unknown }): ObservationRow | null {
  if (item.status === 'failed' || typeof item.rev !== 'string') return null;
  const { rev, species: _species, status: _status, ...observation } = item;
  return { ...observation, id: item.observation_id, rev };
}

/** Fetches and stores the member's sightings when the device has none; returns how many were stored. */
export async function fetchInitialObservations(
  db: FieldmarkDB,
  api: Pick<ApiClient, 'request'>,
  userId: string,
): Promise<number> {
  const held = await db.species_observations.where('user_id').equals(userId).count();
  if (held > 0) return 0;
  const answer = await api.request<ObservationsResponse>('GET', 'observations', {
    user_id: userId,
    limit: OBSERVATIONS_PAGE_MAX,
  });
  const rows = answer.observations.flatMap((item) => rowOfFetched(item) ?? []);
  return db.transaction('rw', db.species_observations, async () => {
    const existing = new Set(await db.species_observations.where('user_id').equals(userId).primaryKeys());
    const fresh = rows.filter((row) => !existing.has(row.id));
    await db.species_observations.bulkPut(fresh);
    return fresh.length;
  });
}
