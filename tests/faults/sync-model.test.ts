/**
 * R1–R3, R6, R9 of notes/performance-and-reliability.md as a model-based test: random schedules of
 * what a member does in the field (record, edit, delete sightings, with photos) and of what the
 * field does to them (notes with U+0000 or lone surrogates, no signal, a server answering 500 or 429, answers slower than the device
 * waits, answers lost after the server committed, requests delivered twice, a sync cut off
 * mid-batch, an app update bumping the database version). After the schedule the device gets a
 * clean connection until its queue is empty; then the server must hold exactly what the model
 * says: every live sighting once with its last text and photos, nothing deleted, lifer flags by
 * the rule — 0 lost, 0 duplicated.
 *
 * Real parts throughout: the server in-process over loopback with a fault-injecting plugin, the
 * app's HTTP client, sync engine, repositories and Dexie (fake-indexeddb). FAULT_RUNS sets the
 * number of schedules (default 200); a failure prints fast-check's seed and path to replay it
 * (FAULT_SEED, FAULT_PATH).
 */
import 'fake-indexeddb/auto';
import sharp from 'sharp';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OBSERVATIONS_COLLECTION } from '@contract/observations';
import { cleanText } from '@contract/safeText';
import { liferChanges } from '@contract/stats';
import type { PullResponse, SyncRecord } from '@contract/sync';
import { unsyncedCount } from '../../src/db/sync';
import { present } from '../../src/test/present';
import {
  deleteObservation,
  editObservation,
  recordObservation,
} from '../../src/features/observations/observationsRepo';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { api, bearer, buildTestApp, createMember, signIn, type TestApp } from '../server/helpers';
import { createDevice, type Device } from './device';
import { createFaultInjector, type Fault } from './faultInjector';

const RUNS = Number(process.env.FAULT_RUNS ?? 200);
const CLIENT_TIMEOUT_MS = 120;
const faults = createFaultInjector({ slowMs: 250 });

/** Real species of the demo extract (Bald Eagle, White-tailed Deer, Mule Deer). */
const SPECIES = [
  {
    id: 'avibase-fed3756c',
    taxa: { classification: 'Birds|IOC', group_name: 'Birds', name: 'Haliaeetus leucocephalus' },
  },
  {
    id: 'mdd-1006302',
    taxa: { classification: 'Mammals|Larger', group_name: 'Mammals', name: 'Odocoileus virginianus' },
  },
  {
    id: 'mdd-1006300',
    taxa: { classification: 'Mammals|Larger', group_name: 'Mammals', name: 'Odocoileus hemionus' },
  },
];

let t: TestApp;
let baseUrl: string;
let jpeg: ArrayBuffer;
beforeAll(async () => {
  t = await buildTestApp({}, { plugins: [faults.plugin] });
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  baseUrl = await t.listen();
  const bytes = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#4a7f3c' } })
    .jpeg()
    .toBuffer();
  jpeg = new Uint8Array(bytes).buffer;
}, 120_000);
afterAll(() => t.close());

interface ModelSighting {
  note: string;
  deleted: boolean;
  photos: string[];
}
interface Model {
  sightings: Map<string, ModelSighting>;
}
const liveIds = (model: Model) => [...model.sightings].filter(([, s]) => !s.deleted).map(([id]) => id);

type Command = fc.AsyncCommand<Model, Device>;

const cmd = (
  name: string,
  check: (m: Model) => boolean,
  run: (m: Model, d: Device) => Promise<void> | void,
): Command => ({
  check,
  run: async (m, d) => {
    await run(m, d);
  },
  toString: () => name,
});

let sequence = 0;
const nextId = () => `fault-${Date.now().toString(36)}-${(sequence += 1)}`;

/**
 * What a member types, hostile text included: any code point, U+0000 and lone surrogates among them
 * (issue 25: one NUL in a note stopped a device's sync for good). The device stores it cleaned.
 */
const noteText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('a\u0000b', '\uD800', 'x\uDC00y', '\u0000'),
);

const commands = [
  fc
    .record({
      species: fc.integer({ min: 0, max: SPECIES.length - 1 }),
      day: fc.integer({ min: 0, max: 30 }),
      photo: fc.boolean(),
      note: noteText,
    })
    .map(({ species, day, photo, note }) =>
      cmd(
        `record(${species}, day ${day}${photo ? ', photo' : ''})`,
        () => true,
        async (model, device) => {
          const id = nextId();
          const chosen = present(SPECIES[species], 'a species');
          const photos = photo
            ? [
                {
                  media_id: crypto.randomUUID(),
                  bytes: jpeg,
                  content_type: 'image/jpeg',
                  width: 16,
                  height: 12,
                },
              ]
            : [];
          await recordObservation(
            device.db,
            device.userId,
            {
              species_id: chosen.id,
              taxa: chosen.taxa,
              coordinate: { type: 'Point', coordinates: [-120.5481235, 46.9965144], accuracy: 5 },
              coordinate_hidden: false,
              date: 1_700_000_000 + day * 86_400,
              public: true,
              note,
            },
            { id, photos },
          );
          model.sightings.set(id, {
            note: cleanText(note),
            deleted: false,
            photos: photos.map((p) => p.media_id),
          });
        },
      ),
    ),
  fc.record({ pick: fc.nat(), note: noteText }).map(({ pick, note }) =>
    cmd(
      `edit(${pick})`,
      (m) => liveIds(m).length > 0,
      async (model, device) => {
        const ids = liveIds(model);
        const id = present(ids[pick % ids.length], 'a live sighting');
        await editObservation(device.db, device.userId, id, { note });
        present(model.sightings.get(id), 'the edited sighting').note = cleanText(note);
      },
    ),
  ),
  fc.nat().map((pick) =>
    cmd(
      `delete(${pick})`,
      (m) => liveIds(m).length > 0,
      async (model, device) => {
        const ids = liveIds(model);
        const id = present(ids[pick % ids.length], 'a live sighting');
        await deleteObservation(device.db, device.userId, id);
        present(model.sightings.get(id), 'the deleted sighting').deleted = true;
      },
    ),
  ),
  fc.boolean().map((offline) =>
    cmd(
      offline ? 'offline' : 'online',
      () => true,
      (_model, device) => {
        device.offline = offline;
        device.cutAfter = null;
      },
    ),
  ),
  fc.constant(
    cmd(
      'sync',
      () => true,
      async (_model, device) => {
        await device.sync();
      },
    ),
  ),
  fc
    .record({
      fault: fc.constantFrom<Fault>('error500', 'error429', 'slow', 'dropAfterCommit'),
      count: fc.integer({ min: 1, max: 3 }),
    })
    .map(({ fault, count }) =>
      cmd(
        `fault(${fault} ×${count})`,
        () => true,
        () => {
          faults.plan(fault, count);
        },
      ),
    ),
  fc.integer({ min: 1, max: 3 }).map((count) =>
    cmd(
      `duplicate(×${count})`,
      () => true,
      (_model, device) => {
        device.duplicateNext += count;
      },
    ),
  ),
  fc.integer({ min: 0, max: 4 }).map((after) =>
    cmd(
      `sync cut after ${after} requests`,
      () => true,
      async (_model, device) => {
        device.cutAfter = after;
        await device.sync();
      },
    ),
  ),
  fc.constant(
    cmd(
      'app update (database version bump)',
      () => true,
      async (_model, device) => {
        await device.bumpSchema();
      },
    ),
  ),
];

async function serverRecords(token: string): Promise<SyncRecord[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: api(`/collection/${OBSERVATIONS_COLLECTION}`),
    query: { last_mod: '0', limit: '1000' },
    headers: bearer(token),
  });
  const body = response.json<PullResponse>();
  if (body.more) throw new Error('more than one page of sightings in a fault schedule');
  return body.records;
}

/** A clean connection until the queue is empty (or a bounded number of passes fails to empty it). */
async function quiesce(device: Device): Promise<void> {
  faults.clear();
  device.offline = false;
  device.cutAfter = null;
  device.duplicateNext = 0;
  for (let pass = 0; pass < 4; pass += 1) {
    const summary = await device.sync();
    if (summary.error === null && (await unsyncedCount(device.db, device.userId)) === 0) return;
  }
  throw new Error(`the queue did not drain: ${await unsyncedCount(device.db, device.userId)} left`);
}

async function expectServerEqualsModel(model: Model, device: Device, token: string): Promise<void> {
  const records = await serverRecords(token);
  const live = records.filter((record) => !record.deleted);
  const expected = liveIds(model).sort();
  // 0 lost and 0 duplicated: exactly the model's live sightings, each once, with its last text.
  expect(live.map((record) => record.id).sort()).toEqual(expected);
  for (const record of live)
    expect(record.data.note).toBe(present(model.sightings.get(record.id), 'a modelled sighting').note);
  // Lifer flags as the rule says over what the server holds.
  expect(liferChanges(live.map((record) => record.data as never))).toEqual([]);
  // Every photo of a live sighting is on the server exactly once, as this member's.
  const photoIds = liveIds(model).flatMap((id) => present(model.sightings.get(id), 'a live sighting').photos);
  if (photoIds.length > 0) {
    const { rows } = await sql<{ id: string; owner_id: string }>`
      SELECT id::text, owner_id::text FROM media WHERE id::text = ANY(${sql.val(photoIds)}::text[]) AND deleted_at IS NULL`.execute(
      t.db,
    );
    expect(rows.map((row) => row.id).sort()).toEqual([...photoIds].sort());
    expect(new Set(rows.map((row) => row.owner_id))).toEqual(new Set([device.userId]));
  }
  // The device agrees: the same live rows, no tombstone or mark left behind.
  const local = await device.db.species_observations.where('user_id').equals(device.userId).toArray();
  expect(
    local
      .filter((row) => !row.deleted)
      .map((row) => row.id)
      .sort(),
  ).toEqual(expected);
  expect(local.filter((row) => row.deleted)).toEqual([]);
  expect(await device.db.dirty.count()).toBe(0);
}

describe('sightings under faults (model-based)', () => {
  it(`reach the server exactly once over ${RUNS} seeded schedules`, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 14 }), async (schedule) => {
        run += 1;
        const member = await createMember(t);
        const login = await signIn(t, member);
        const device = createDevice({
          baseUrl,
          dbName: `faults-${run}-${Date.now()}`,
          userId: member.id,
          authToken: login.auth_token,
          timeoutMs: CLIENT_TIMEOUT_MS,
        });
        const model: Model = { sightings: new Map() };
        try {
          await fc.asyncModelRun(() => ({ model, real: device }), schedule);
          await quiesce(device);
          await expectServerEqualsModel(model, device, login.auth_token);
        } finally {
          faults.clear();
          device.close();
        }
      }),
      {
        numRuns: RUNS,
        ...(process.env.FAULT_SEED ? { seed: Number(process.env.FAULT_SEED) } : {}),
        ...(process.env.FAULT_PATH ? { path: process.env.FAULT_PATH } : {}),
        verbose: fc.VerbosityLevel.Verbose,
        endOnFailure: false,
      },
    );
  });
});
