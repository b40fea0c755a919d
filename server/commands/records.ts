/**
 * `npm run cli -- records:check`: the stored member records that the collection push would refuse
 * today (record-checks.ts: unsafe text, over 64 KB, data that is not its collection's schema or not
 * its owner's). Before the push checked records, any JSON could be stored as a sighting; this
 * reports what is left of that, a line per record, without changing anything. Read in pages by the
 * primary key, so a large table is never held in memory.
 */
import { sql, type Kysely } from 'kysely';
import type { PushRecord } from '@contract/sync';
import type { DB } from '../db/schema';
import { MEMBER_COLLECTION_NAMES } from '@contract/memberCollections';
import { RECORD_CHECKS, refusalOf } from '../plugins/app/collections/record-checks';
import type { DatabaseCommand } from './index';

export interface RecordProblem {
  collection: string;
  owner_id: string;
  id: string;
  reason: string;
}

const PAGE = 500;

interface StoredRow {
  collection: string;
  owner_id: string;
  id: string;
  rev: string;
  deleted: boolean;
  data: Record<string, unknown>;
}

/** Every live stored record of the member collections that would be refused, in key order. */
export async function findRecordProblems(db: Kysely<DB>): Promise<RecordProblem[]> {
  const problems: RecordProblem[] = [];
  let after: [string, string, string] = ['', '00000000-0000-0000-0000-000000000000', ''];
  for (;;) {
    const { rows } = await sql<StoredRow>`
      SELECT collection, owner_id::text AS owner_id, id, rev, deleted, data FROM collection_records
      WHERE collection IN (${sql.join([...MEMBER_COLLECTION_NAMES])}) AND NOT deleted
        AND (collection, owner_id, id) > (${after[0]}, ${after[1]}::uuid, ${after[2]})
      ORDER BY collection, owner_id, id
      LIMIT ${PAGE}`.execute(db);
    for (const row of rows) {
      const record: PushRecord = { id: row.id, rev: row.rev, deleted: row.deleted, data: row.data };
      const reason = refusalOf(record, row.owner_id, RECORD_CHECKS[row.collection]);
      if (reason !== undefined)
        problems.push({ collection: row.collection, owner_id: row.owner_id, id: row.id, reason });
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < PAGE) return problems;
    after = [last.collection, last.owner_id, last.id];
  }
}

export const recordCommands: Record<string, DatabaseCommand> = {
  'records:check': {
    usage: 'records:check   list stored sightings, trips and likes the sync would now refuse (read only)',
    options: {},
    run: async (_values, context) => {
      const problems = await context.withDatabase((database) => findRecordProblems(database.db));
      for (const problem of problems)
        context.print(`${problem.collection}\t${problem.owner_id}\t${problem.id}\t${problem.reason}`);
      context.print(`${problems.length} record(s) would be refused`);
      return problems.length > 0 ? 2 : 0;
    },
  },
};
