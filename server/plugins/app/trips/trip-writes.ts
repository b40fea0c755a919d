/**
 * REST writes of trips (SPEC §7 "DELETE trips/{id}"; docs/api.md "Trips"). A trip is a record of
 * the member-owned `trips` collection, so a write is a push of one record through that
 * collection's source, the sync PUT's code: the advisory lock, `seq` and the revision rule hold,
 * and every device pulls the change. As for sightings (observation-writes.ts), the revision is
 * `<stored counter + 1>_api`, and a `rev` the caller started from that is no longer the stored one
 * is a 409 rather than a lost device edit.
 */
import type { Kysely } from 'kysely';
import { messages } from '@contract/messages';
import type { DB } from '../../../db/schema';
import { conflict, notFound } from '../../../errors';
import type { WritableCollectionSource } from '../collections/source';
import { nextApiRev } from '../observations/observation-writes';

export const TRIPS = 'trips';

export class TripWrites {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly source: WritableCollectionSource,
  ) {}

  /**
   * Deletes the member's trip as a tombstone and answers its revision. Unknown: 404; already a
   * tombstone: answers its revision (a replay); `expectedRev` not the stored one: 409.
   */
  async remove(memberId: string, id: string, expectedRev?: string): Promise<string> {
    const stored = await this.db
      .selectFrom('collection_records')
      .select(['rev', 'deleted'])
      .where('collection', '=', TRIPS)
      .where('owner_id', '=', memberId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!stored) throw notFound(messages.tripNotFound);
    if (stored.deleted) return stored.rev;
    if (expectedRev !== undefined && expectedRev !== stored.rev) throw conflict(messages.tripChanged);
    const rev = nextApiRev(stored.rev);
    const result = await this.source.push({ memberId }, [{ id, rev, deleted: true, data: {} }]);
    // A device's winning revision landed between our read and our push.
    if (result.accepted.length !== 1) throw conflict(messages.tripChanged);
    return rev;
  }
}
