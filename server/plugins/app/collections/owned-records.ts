/**
 * The source of every member-owned collection, over the generic `collection_records` table
 * (migrations/004_collection_records.sql). A member reads and writes only their own records: the
 * owner is part of the primary key, so another member's PUT of the same id makes their own record
 * and can never touch this one.
 *
 * - Cursor: `last_mod` is the row's `seq`, a server-wide sequence bumped on every stored change;
 *   pulls answer `seq > last_mod` in seq order. Pushes to one (collection, owner) take a
 *   transaction-scoped advisory lock first, so their seq values are handed out in commit order and
 *   a pull never passes a row that commits later (docs/sync.md "The cursor").
 * - Conflicts: the upsert's `WHERE` keeps the stored row unless the incoming revision wins, in SQL
 *   exactly as compareRev: the counter as a bigint, then the suffix in byte order (COLLATE "C").
 *   A revision that loses or equals the stored one is answered as ignored, so replays are no-ops.
 * - Deletes: only `deleted: true` deletes, and it keeps a tombstone (data emptied) that pulls
 *   answer like any change. Nothing is ever removed because a client did not mention it.
 * - Filter: a JSON object matched with jsonb containment (`data @> filter`); tombstones always
 *   pass, since their data is empty and a device holding the record must still learn of them.
 */
import { sql, type Kysely } from 'kysely';
import { compareRev, parseRev, type PushRecord, type RevisionRef, type SyncRecord } from '@contract/sync';
import { nowSeconds, type Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import type { CollectionRecordsTable } from './tables';
import { refusalsOf, type RecordCheck, type RecordRefusal } from './record-checks';
import type {
  CollectionContext,
  PullOptions,
  PullResult,
  PushResult,
  WritableCollectionSource,
} from './source';

// Other plugins import the row type from here (it is declared in ./tables with the DB merge).
export type { CollectionRecordsTable };

/**
 * The winning revision of each id in one batch, in first-seen order; the other entries (older or
 * repeated revisions of an id already in the batch) are answered as ignored without reaching SQL,
 * where one statement may not touch a row twice.
 */
export function winnersById(records: readonly PushRecord[]): {
  winners: PushRecord[];
  losers: RevisionRef[];
} {
  const byId = new Map<string, PushRecord>();
  const losers: RevisionRef[] = [];
  for (const record of records) {
    const held = byId.get(record.id);
    if (held === undefined) {
      byId.set(record.id, record);
    } else if (compareRev(record.rev, held.rev) > 0) {
      losers.push({ id: held.id, rev: held.rev });
      byId.set(record.id, record);
    } else {
      losers.push({ id: record.id, rev: record.rev });
    }
  }
  return { winners: [...byId.values()], losers };
}

export class OwnedRecordsSource implements WritableCollectionSource {
  readonly readOnly = false;
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly collection: string,
    /** What this collection's `data` must be (record-checks.ts); without one, any safe object. */
    private readonly check?: RecordCheck,
  ) {}

  refusals(context: CollectionContext, records: readonly PushRecord[]): RecordRefusal[] {
    return refusalsOf(records, context.memberId, this.check);
  }

  async pull(context: CollectionContext, options: PullOptions): Promise<PullResult> {
    let query = this.db
      .selectFrom('collection_records')
      .select(['id', 'rev', 'mod', 'seq', 'deleted', 'data'])
      .where('collection', '=', this.collection)
      .where('owner_id', '=', context.memberId)
      .where('seq', '>', options.lastMod)
      .orderBy('seq')
      .limit(options.limit + 1);
    if (options.filter !== undefined) {
      const filter = JSON.stringify(options.filter);
      query = query.where(sql<boolean>`(deleted OR data @> ${filter}::jsonb)`);
    }
    const rows = await query.execute();
    const page = rows.slice(0, options.limit);
    const last = page[page.length - 1];
    return {
      records: page.map((row): SyncRecord => ({
        id: row.id,
        mod: Number(row.mod),
        rev: row.rev,
        deleted: row.deleted,
        data: row.data,
      })),
      more: rows.length > options.limit,
      lastMod: last === undefined ? options.lastMod : Number(last.seq),
    };
  }

  async verify(context: CollectionContext, refs: readonly RevisionRef[]): Promise<string[]> {
    if (refs.length === 0) return [];
    const ids = [...new Set(refs.map((ref) => ref.id))];
    const rows = await this.db
      .selectFrom('collection_records')
      .select(['id', 'rev'])
      .where('collection', '=', this.collection)
      .where('owner_id', '=', context.memberId)
      .where('id', 'in', ids)
      .execute();
    const stored = new Map(rows.map((row) => [row.id, row.rev]));
    const needed = new Set<string>();
    for (const ref of refs) {
      const current = stored.get(ref.id);
      if (current === undefined || compareRev(ref.rev, current) > 0) needed.add(ref.id);
    }
    return [...needed];
  }

  async push(context: CollectionContext, records: readonly PushRecord[]): Promise<PushResult> {
    if (records.length === 0) return { accepted: [], ignored: [] };
    const { winners, losers } = winnersById(records);
    const mod = nowSeconds(this.clock);
    const rows = JSON.stringify(
      winners.map((record) => {
        const { counter, suffix } = parseRev(record.rev);
        return {
          id: record.id,
          rev: record.rev,
          rev_counter: counter,
          rev_suffix: suffix,
          deleted: record.deleted,
          data: record.deleted ? {} : record.data,
        };
      }),
    );
    const stored = await this.db.transaction().execute(async (trx) => {
      // Serialise pushes to this (collection, owner) so seq order is commit order (see above).
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${this.collection}:${context.memberId}`}, 0))`.execute(
        trx,
      );
      const { rows: accepted } = await sql<{ id: string }>`
        INSERT INTO collection_records AS cur
          (collection, owner_id, id, rev, rev_counter, rev_suffix, mod, deleted, data)
        SELECT ${this.collection}, ${context.memberId}::uuid, r.id, r.rev, r.rev_counter, r.rev_suffix,
               ${mod}, r.deleted, r.data
        FROM jsonb_to_recordset(${rows}::jsonb)
          AS r(id text, rev text, rev_counter bigint, rev_suffix text, deleted boolean, data jsonb)
        ON CONFLICT (collection, owner_id, id) DO UPDATE SET
          rev = EXCLUDED.rev,
          rev_counter = EXCLUDED.rev_counter,
          rev_suffix = EXCLUDED.rev_suffix,
          mod = EXCLUDED.mod,
          seq = nextval('collection_records_seq'),
          deleted = EXCLUDED.deleted,
          data = EXCLUDED.data
        WHERE EXCLUDED.rev_counter > cur.rev_counter
           OR (EXCLUDED.rev_counter = cur.rev_counter
               AND EXCLUDED.rev_suffix COLLATE "C" > cur.rev_suffix COLLATE "C")
        RETURNING cur.id`.execute(trx);
      return new Set(accepted.map((row) => row.id));
    });
    const result: PushResult = { accepted: [], ignored: [] };
    for (const record of winners) {
      if (stored.has(record.id)) result.accepted.push({ id: record.id, rev: record.rev, mod });
      else result.ignored.push({ id: record.id, rev: record.rev });
    }
    result.ignored.push(...losers);
    return result;
  }
}
