/**
 * The collection sync protocol (SPEC §7; docs/sync.md), generic over collection names:
 * - GET collection/{name}?last_mod=…&filter=…&limit=…: the records changed after the cursor
 *   `last_mod`, oldest change first, at most SYNC_BATCH_SIZE per answer, with `more` when a further
 *   batch exists and the `last_mod` to send next;
 * - POST collection/{name}/verify with `[{id, rev}]`: the ids whose revision the server needs;
 * - PUT collection/{name} with records: each is stored only if its revision wins.
 *
 * Revisions are `<counter>_<suffix>`: the counter grows with every local save, the suffix names the
 * device that saved. `compareRev` is the one conflict rule, used by the client and mirrored in SQL
 * by the server (server/plugins/app/collections/owned-records.ts), so every replica converges.
 * Pure: no Node, DOM or Dexie.
 */
import { Type, type Static } from 'typebox';
import { FailedSchema, success } from './envelope';

/** Records per pull answer, and the most a verify or push request may carry. */
export const SYNC_BATCH_SIZE = 1000;

/**
 * `<counter>_<suffix>`. The counter has no leading zeros (so two different strings never compare
 * equal) and at most 15 digits (so it is an exact JavaScript number and a PostgreSQL bigint); the
 * suffix is 1–36 letters, digits or dashes (a UUID fits).
 */
export const REV_PATTERN = '^(?:0|[1-9][0-9]{0,14})_[A-Za-z0-9-]{1,36}$';
const REV_REGEXP = new RegExp(REV_PATTERN);

/** Collection names: lowercase words joined by underscores. */
export const COLLECTION_NAME_PATTERN = '^[a-z][a-z0-9_]{0,63}$';

export interface ParsedRev {
  counter: number;
  suffix: string;
}

/** Splits a revision; throws on anything that does not match REV_PATTERN. */
export function parseRev(rev: string): ParsedRev {
  if (!REV_REGEXP.test(rev)) throw new Error(`Not a revision: '${rev}'`);
  const split = rev.indexOf('_');
  return { counter: Number(rev.slice(0, split)), suffix: rev.slice(split + 1) };
}

export function isRev(value: string): boolean {
  return REV_REGEXP.test(value);
}

/** Plain code-unit order, the same as PostgreSQL's `COLLATE "C"` on the ASCII a suffix may hold. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The conflict rule: negative when `a` loses to `b`, positive when it wins, 0 only for the same
 * revision. The higher counter wins; equal counters are broken by the suffix in plain string order.
 * A total order on valid revisions.
 */
export function compareRev(a: string, b: string): number {
  const left = parseRev(a);
  const right = parseRev(b);
  if (left.counter !== right.counter) return left.counter < right.counter ? -1 : 1;
  return compareStrings(left.suffix, right.suffix);
}

/** True when `incoming` beats `current` (an absent current always loses). */
export function revWins(incoming: string, current: string | undefined): boolean {
  return current === undefined || compareRev(incoming, current) > 0;
}

const RecordIdSchema = Type.String({ minLength: 1, maxLength: 64, description: 'Client-generated id' });
const RevSchema = Type.String({
  pattern: REV_PATTERN,
  description: '<counter>_<suffix>: the higher counter wins, equal counters are broken by suffix',
});
const RecordDataSchema = Type.Record(Type.String(), Type.Unknown(), {
  description: "The record's fields; an empty object on a tombstone",
});

/** A record as the server answers it. */
export const SyncRecordSchema = Type.Object(
  {
    id: RecordIdSchema,
    mod: Type.Integer({
      minimum: 0,
      description: 'Server time of the last accepted change, in seconds; assigned by the server',
    }),
    rev: RevSchema,
    deleted: Type.Boolean({ description: 'A tombstone: the record was deleted' }),
    data: RecordDataSchema,
  },
  { additionalProperties: false },
);
export type SyncRecord = Static<typeof SyncRecordSchema>;

/** A record as the client pushes it: `mod` may be sent (it is ignored; the server assigns it). */
export const PushRecordSchema = Type.Object(
  {
    id: RecordIdSchema,
    mod: Type.Optional(Type.Integer({ minimum: 0, description: 'Ignored: the server assigns mod' })),
    rev: RevSchema,
    deleted: Type.Boolean({ description: 'true deletes the record (kept as a tombstone)' }),
    data: RecordDataSchema,
  },
  { additionalProperties: false },
);
export type PushRecord = Static<typeof PushRecordSchema>;

export const CollectionParamsSchema = Type.Object({
  name: Type.String({ pattern: COLLECTION_NAME_PATTERN, description: 'Collection name' }),
});
export type CollectionParams = Static<typeof CollectionParamsSchema>;

export const PullQuerySchema = Type.Object({
  last_mod: Type.Integer({
    minimum: 0,
    default: 0,
    description: 'The cursor from the previous answer (0: from the start). Opaque: not a time',
  }),
  filter: Type.Optional(
    Type.String({
      maxLength: 2000,
      description: 'A JSON object; records whose data contains it (tombstones always pass)',
    }),
  ),
  limit: Type.Integer({
    minimum: 1,
    maximum: SYNC_BATCH_SIZE,
    default: SYNC_BATCH_SIZE,
    description: 'Records per answer',
  }),
  with_total: Type.Boolean({
    default: false,
    description:
      'Also answer `total` (a count the source may support): asked once, on the first page of a pull',
  }),
});
export type PullQuery = Static<typeof PullQuerySchema>;

/**
 * The server is still loading a reference collection (the species lists at a first start): what
 * it answers is what is stored so far. `total` is 0 until the lists are read.
 */
export const LoadingSchema = Type.Object(
  {
    done: Type.Integer({ minimum: 0, description: 'Records of the data already stored' }),
    total: Type.Integer({ minimum: 0, description: 'Records in the data (0 while the files are read)' }),
  },
  {
    additionalProperties: false,
    description: 'Present only while the server is still loading: pull again later for the rest',
  },
);
export type Loading = Static<typeof LoadingSchema>;

export const PullResponseSchema = success({
  records: Type.Array(SyncRecordSchema, { description: 'Oldest change first; tombstones included' }),
  more: Type.Boolean({ description: 'A further batch exists: pull again with the answered last_mod' }),
  last_mod: Type.Integer({
    minimum: 0,
    description: 'The cursor to send next (the one sent, when nothing was answered)',
  }),
  total: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'How many records match after the sent last_mod, this answer’s included (tombstones too), ' +
        'so a device can show a percentage. Answered when asked (with_total) by a source that ' +
        'counts (species); a device shows an indeterminate progress without it',
    }),
  ),
  loading: Type.Optional(LoadingSchema),
});
export type PullResponse = Static<typeof PullResponseSchema>;

export const RevisionRefSchema = Type.Object(
  { id: RecordIdSchema, rev: RevSchema },
  { additionalProperties: false },
);
export type RevisionRef = Static<typeof RevisionRefSchema>;

export const VerifyRequestSchema = Type.Object(
  { data: Type.Array(RevisionRefSchema, { maxItems: SYNC_BATCH_SIZE }) },
  { additionalProperties: false },
);
export type VerifyRequest = Static<typeof VerifyRequestSchema>;

export const VerifyResponseSchema = success({
  needed: Type.Array(Type.String(), {
    description: 'Ids whose revision beats the stored one or that the server does not have',
  }),
});
export type VerifyResponse = Static<typeof VerifyResponseSchema>;

export const PushRequestSchema = Type.Object(
  { data: Type.Array(PushRecordSchema, { maxItems: SYNC_BATCH_SIZE }) },
  { additionalProperties: false },
);
export type PushRequest = Static<typeof PushRequestSchema>;

export const PushResponseSchema = success({
  accepted: Type.Array(Type.Object({ id: Type.String(), rev: Type.String(), mod: Type.Integer() }), {
    description: 'Stored: the revision won',
  }),
  ignored: Type.Array(Type.Object({ id: Type.String(), rev: Type.String() }), {
    description:
      'Not stored because the server already holds this or a winning revision. Still settled: the ' +
      'client clears its dirty mark and pulls the winner',
  }),
});
export type PushResponse = Static<typeof PushResponseSchema>;

/**
 * A push refused because some records cannot be stored (unsafe text, too large, data that is not
 * what the collection holds): nothing of the batch is stored; `refused` names each such record, so
 * the device parks exactly those and sends the rest again.
 */
export const PushRefusedSchema = Type.Object({
  ...FailedSchema.properties,
  refused: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        rev: Type.String(),
        reason: Type.String({ description: 'The field and what is wrong with it' }),
      }),
    ),
  ),
});
export type PushRefused = Static<typeof PushRefusedSchema>;
