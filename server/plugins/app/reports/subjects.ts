/**
 * The things a report can be about, per section: whether one exists, whose it is, its text, and
 * how `hide` takes it out of every public read with the mechanism its own domain already reads:
 * - comment: `media_comments.deleted_at` (every comment read skips it; unhide clears it);
 * - photo: `media.deleted_at` without removing the files, so unhide can bring it back (the file
 *   route and every list already answer a deleted photo as gone);
 * - observation: made private through the collection push (a new revision every device of the
 *   owner gets), so no other member, guest or public read sees it; unhide leaves it private, the
 *   owner may publish it again.
 * - user: the account is disabled (its tokens stop resolving, sign-in is refused); unhide enables it.
 * Other sections are looked up (when they have a table) but cannot be hidden from here.
 */
import type { Kysely } from 'kysely';
import type { ReportSection, ReportSubject } from '@contract/reports';
import type { ObservationTaxa } from '@contract/observations';
import type { DB } from '../../../db/schema';
import { observationOf, type ObservationReads } from '../observations/observation-reads';
import type { ObservationWrites } from '../observations/observation-writes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OBSERVATIONS = 'species_observations';

export interface FoundSubject extends ReportSubject {
  ownerId: string | null;
}

const missing: FoundSubject = { exists: false, hidden: false, text: null, ownerId: null };

export class ReportSubjects {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly observations: { reads: ObservationReads; writes: ObservationWrites },
    /** Ends every session of a member (the token store's revokeUserTokens). */
    private readonly revokeTokens: (userId: string) => Promise<void>,
  ) {}

  /** The thing as it is now; `exists` is false when it never existed or is gone for good. */
  async find(section: ReportSection, id: string, owner?: string | null): Promise<FoundSubject> {
    switch (section) {
      case 'comment': {
        const row = await this.db
          .selectFrom('media_comments')
          .select(['author_id', 'body', 'deleted_at'])
          .where('id', '=', id)
          .executeTakeFirst();
        return row
          ? { exists: true, hidden: row.deleted_at !== null, text: row.body, ownerId: row.author_id }
          : missing;
      }
      case 'photo': {
        if (!UUID.test(id)) return missing;
        const row = await this.db
          .selectFrom('media')
          .select(['owner_id', 'photo_name', 'deleted_at'])
          .where('id', '=', id)
          .executeTakeFirst();
        return row
          ? { exists: true, hidden: row.deleted_at !== null, text: row.photo_name, ownerId: row.owner_id }
          : missing;
      }
      case 'observation': {
        let query = this.db
          .selectFrom('collection_records')
          .select(['owner_id', 'deleted', 'data'])
          .where('collection', '=', OBSERVATIONS)
          .where('id', '=', id);
        if (owner) query = query.where('owner_id', '=', owner);
        const row = await query.orderBy('deleted').executeTakeFirst();
        if (!row || row.deleted) return missing;
        const data = row.data as { note?: unknown; public?: unknown };
        return {
          exists: true,
          hidden: data.public !== true,
          text: typeof data.note === 'string' ? data.note : null,
          ownerId: row.owner_id,
        };
      }
      case 'user': {
        if (!UUID.test(id)) return missing;
        const row = await this.db
          .selectFrom('users')
          .select(['id', 'nickname', 'disabled_at'])
          .where('id', '=', id)
          .executeTakeFirst();
        return row
          ? { exists: true, hidden: row.disabled_at !== null, text: row.nickname, ownerId: row.id }
          : missing;
      }
      case 'place': {
        const row = await this.db
          .selectFrom('hotspots')
          .select(['name'])
          .where('id', '=', id)
          .executeTakeFirst();
        return row ? { exists: true, hidden: false, text: row.name, ownerId: null } : missing;
      }
      case 'field_guide': {
        if (!UUID.test(id)) return missing;
        const row = await this.db
          .selectFrom('field_guides')
          .select(['name'])
          .where('id', '=', id)
          .executeTakeFirst();
        return row ? { exists: true, hidden: false, text: row.name, ownerId: null } : missing;
      }
      case 'species': {
        const row = await this.db
          .selectFrom('species')
          .select(['id'])
          .where('id', '=', id)
          .executeTakeFirst();
        return row ? { exists: true, hidden: false, text: null, ownerId: null } : missing;
      }
      // Posts belong to the newsfeed, which keeps its own tables; a bug has nothing to look up.
      case 'post':
      case 'bug':
        return { exists: true, hidden: false, text: null, ownerId: null };
    }
  }

  /** Hides (true) or shows again (false) the thing; the caller checked the section is hideable. */
  async setHidden(
    section: ReportSection,
    id: string,
    owner: string | null,
    hidden: boolean,
    at: Date,
  ): Promise<void> {
    switch (section) {
      case 'comment':
        await this.db
          .updateTable('media_comments')
          .set({ deleted_at: hidden ? at : null })
          .where('id', '=', id)
          .execute();
        return;
      case 'photo':
        await this.db
          .updateTable('media')
          .set({ deleted_at: hidden ? at : null })
          .where('id', '=', id)
          .execute();
        return;
      case 'observation': {
        if (!hidden || owner === null) return;
        const stored = await this.observations.reads.findOwn(owner, id);
        const current = stored && observationOf(stored);
        if (!current || !current.public || current.species_id === null) return;
        await this.observations.writes.update(
          owner,
          id,
          { id: current.species_id, taxa: current.taxa as ObservationTaxa },
          { public: false },
        );
        return;
      }
      case 'user':
        await this.db
          .updateTable('users')
          .set({ disabled_at: hidden ? at : null })
          .where('id', '=', id)
          .execute();
        if (hidden) await this.revokeTokens(id);
        return;
      default:
        return;
    }
  }
}
