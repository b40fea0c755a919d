/**
 * Convergence of the collection protocol (R2, R3, R7, R8 in performance-and-reliability.md §11),
 * as a fast-check property over the real app through `app.inject`: two devices of one member are
 * plain in-memory replicas that edit and delete records locally, then push (verify + PUT) and pull
 * in random interleavings, with duplicated PUTs, replays of old batches out of order, responses
 * lost after the server committed, pushes that skip verify, small pull pages, pushes and pulls of
 * both devices at once, and the clock standing still or moving by a second.
 *
 * After a final push and pull from both, the server and both replicas must hold, for every id ever
 * written, the winning revision of all revisions ever made (compareRev), with its data and
 * deleted flag, and no replica may still hold a dirty record. Along the way every verify and PUT
 * answer is checked exactly against a model of the server (per id, the winning revision it was ever
 * sent): a PUT stores exactly the records that beat it and names every other one as ignored.
 *
 * A failure prints fast-check's seed and path; replay it with FC_SEED=<seed> FC_PATH=<path>.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  compareRev,
  parseRev,
  revWins,
  type PullResponse,
  type PushRecord,
  type PushResponse,
  type VerifyResponse,
} from '@contract/sync';
import { OwnedRecordsSource } from '../../server/plugins/app/collections/owned-records';
import { api, bearer, buildTestApp, type TestApp } from './helpers';
import { createSyncMember } from './sync-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // The protocol over any storable data (what a sighting must be is collection-records.test.ts's).
  t.app.collections.register(COLLECTION, new OwnedRecordsSource(t.app.db, t.app.clock, COLLECTION));
});
afterAll(() => t.close());

const COLLECTION = 'test_convergence_records';
const IDS = ['r1', 'r2', 'r3'] as const;

/** What the server must hold: per id, the winning revision of all it was ever sent. */
let serverModel = new Map<string, string>();

interface Version {
  rev: string;
  deleted: boolean;
  data: Record<string, unknown>;
}
interface LocalRecord extends Version {
  dirty: boolean;
}

class Replica {
  readonly records = new Map<string, LocalRecord>();
  lastMod = 0;
  constructor(
    readonly suffix: string,
    readonly token: string,
  ) {}

  private nextRev(id: string): string {
    const held = this.records.get(id);
    return `${held === undefined ? 1 : parseRev(held.rev).counter + 1}_${this.suffix}`;
  }

  save(id: string, version: Omit<Version, 'rev'>): Version {
    const saved = { ...version, rev: this.nextRev(id) };
    this.records.set(id, { ...saved, dirty: true });
    return saved;
  }

  dirty(): PushRecord[] {
    return [...this.records.entries()]
      .filter(([, record]) => record.dirty)
      .map(([id, record]) => ({ id, mod: 0, rev: record.rev, deleted: record.deleted, data: record.data }));
  }

  /** Settled by the server (accepted or ignored): clean, unless edited again since it was sent. */
  settle(id: string, sentRev: string): void {
    const record = this.records.get(id);
    if (record && record.rev === sentRev) record.dirty = false;
  }
}

type Action =
  | { kind: 'edit'; replica: 0 | 1; id: string; value: number }
  | { kind: 'delete'; replica: 0 | 1; id: string }
  | { kind: 'push'; replica: 0 | 1; duplicate: boolean; dropResponse: boolean; skipVerify: boolean }
  | { kind: 'replay'; pick: number }
  | { kind: 'pull'; replica: 0 | 1; limit: number }
  | { kind: 'both'; pushFirst: boolean }
  | { kind: 'tick'; seconds: 0 | 1 };

const replicaArb = fc.constantFrom<0 | 1>(0, 1);
const idArb = fc.constantFrom(...IDS);
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      replica: replicaArb,
      id: idArb,
      value: fc.integer({ min: 0, max: 99 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('delete' as const), replica: replicaArb, id: idArb }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('push' as const),
      replica: replicaArb,
      duplicate: fc.boolean(),
      dropResponse: fc.boolean(),
      skipVerify: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('pull' as const),
      replica: replicaArb,
      limit: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('both' as const), pushFirst: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('tick' as const), seconds: fc.constantFrom<0 | 1>(0, 1) }),
  },
);

async function verify(replica: Replica, records: PushRecord[]): Promise<Set<string>> {
  const response = await t.app.inject({
    method: 'POST',
    url: api(`/collection/${COLLECTION}/verify`),
    payload: { data: records.map(({ id, rev }) => ({ id, rev })) },
    headers: bearer(replica.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const needed = response.json<VerifyResponse>().needed;
  expect(needed).toEqual(
    records.filter(({ id, rev }) => revWins(rev, serverModel.get(id))).map(({ id }) => id),
  );
  return new Set(needed);
}

async function put(replica: Replica, records: PushRecord[]): Promise<PushResponse> {
  const response = await t.app.inject({
    method: 'PUT',
    url: api(`/collection/${COLLECTION}`),
    payload: { data: records },
    headers: bearer(replica.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<PushResponse>();
  // Exactly the records whose revision beats what the server held are stored (R2: a replay or an
  // older batch stores nothing); R3: the answer names every record sent, accepted or ignored.
  const wins = records.filter(({ id, rev }) => revWins(rev, serverModel.get(id)));
  expect(answer.accepted.map(({ id, rev }) => `${id}@${rev}`)).toEqual(
    wins.map(({ id, rev }) => `${id}@${rev}`),
  );
  expect(answer.ignored.map(({ id, rev }) => `${id}@${rev}`)).toEqual(
    records.filter((record) => !wins.includes(record)).map(({ id, rev }) => `${id}@${rev}`),
  );
  for (const { id, rev } of wins) serverModel.set(id, rev);
  return answer;
}

interface Options {
  duplicate: boolean;
  dropResponse: boolean;
  skipVerify: boolean;
}

/** The client's push: verify, settle what the server does not need, PUT the rest, settle the answer. */
async function push(replica: Replica, sent: PushRecord[][], options: Options): Promise<void> {
  let batch = replica.dirty();
  if (batch.length === 0) return;
  if (!options.skipVerify) {
    const needed = await verify(replica, batch);
    for (const record of batch) if (!needed.has(record.id)) replica.settle(record.id, record.rev);
    batch = batch.filter((record) => needed.has(record.id));
    if (batch.length === 0) return;
  }
  sent.push(batch);
  let answer = await put(replica, batch);
  if (options.duplicate) answer = await put(replica, batch);
  if (options.dropResponse) return; // committed on the server, but the client never heard
  for (const { id, rev } of [...answer.accepted, ...answer.ignored]) replica.settle(id, rev);
}

/** The client's pull: batches while `more`; a local record whose revision wins is kept (it is dirty). */
async function pull(replica: Replica, limit: number): Promise<void> {
  for (;;) {
    const response = await t.app.inject({
      method: 'GET',
      url: api(`/collection/${COLLECTION}`),
      query: { last_mod: String(replica.lastMod), limit: String(limit) },
      headers: bearer(replica.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<PullResponse>();
    expect(page.records.length).toBeLessThanOrEqual(limit);
    for (const record of page.records) {
      const local = replica.records.get(record.id);
      const order = local === undefined ? -1 : compareRev(local.rev, record.rev);
      if (order > 0) continue;
      // Equal: the server holds exactly our revision (a lost response), so it is settled too.
      replica.records.set(record.id, {
        rev: record.rev,
        deleted: record.deleted,
        data: record.data,
        dirty: false,
      });
    }
    expect(page.last_mod).toBeGreaterThanOrEqual(replica.lastMod);
    replica.lastMod = page.last_mod;
    if (!page.more) return;
  }
}

const settledPush: Options = { duplicate: false, dropResponse: false, skipVerify: false };

async function run(actions: Action[]): Promise<void> {
  const member = await createSyncMember(t);
  serverModel = new Map();
  const replicas = [new Replica('devA', member.device1), new Replica('devB', member.device2)] as const;
  const sent: PushRecord[][] = [];
  /** Every revision ever made, per id: the model's winner. */
  const winners = new Map<string, Version>();
  const made = (id: string, version: Version) => {
    const held = winners.get(id);
    if (held === undefined || compareRev(version.rev, held.rev) > 0) winners.set(id, version);
  };

  for (const action of actions) {
    switch (action.kind) {
      case 'edit':
        made(
          action.id,
          replicas[action.replica].save(action.id, { deleted: false, data: { value: action.value } }),
        );
        break;
      case 'delete':
        made(action.id, replicas[action.replica].save(action.id, { deleted: true, data: {} }));
        break;
      case 'push':
        await push(replicas[action.replica], sent, action);
        break;
      case 'replay': {
        // An old batch delivered again, possibly after newer ones (out of order): never a change back.
        const batch = sent[action.pick % Math.max(sent.length, 1)];
        if (batch) await put(replicas[0], batch);
        break;
      }
      case 'pull':
        await pull(replicas[action.replica], action.limit);
        break;
      case 'both': {
        const [first, second] = action.pushFirst ? replicas : [replicas[1], replicas[0]];
        await Promise.all([push(first, sent, settledPush), pull(second, 2)]);
        break;
      }
      case 'tick':
        t.clock.advance(action.seconds);
        break;
    }
  }

  // Quiescence: both push, then both pull.
  for (const replica of replicas) await push(replica, sent, settledPush);
  for (const replica of replicas) await pull(replica, 1000);

  const expected = Object.fromEntries([...winners.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
  const stateOf = (entries: Iterable<[string, Version]>) =>
    Object.fromEntries(
      [...entries]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([id, { rev, deleted, data }]) => [id, { rev, deleted, data }]),
    );

  const fresh = new Replica('devC', member.device1);
  await pull(fresh, 1000);
  expect(stateOf(fresh.records), 'server').toEqual(expected);
  for (const replica of replicas) {
    expect(stateOf(replica.records), replica.suffix).toEqual(expected);
    expect(replica.dirty(), `${replica.suffix} dirty`).toEqual([]);
  }
}

it('converges: two devices and the server hold the same winning revision of every record, none lost', async () => {
  const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
  await fc.assert(fc.asyncProperty(fc.array(actionArb, { minLength: 1, maxLength: 30 }), run), {
    numRuns: Number(process.env.FC_RUNS ?? 100),
    ...(seed === undefined ? {} : { seed }),
    ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
  });
}, 300_000);
