/**
 * The start-up species seed in the background (server/db/species/background.ts, issue 21): while it
 * runs the species calls answer what is stored so far with `loading`, a device's pulls across it get
 * every species once, and a seed stopped half-way resumes without writing again what it stored.
 * Run over the demo extract (the same code path as the world lists, in a fraction of the time), in
 * small transactions so the seed has many chunks; the seed waits in `onProgress` while the test
 * calls the API, so what each call sees is known.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeciesListResponse } from '@contract/species';
import type { PullResponse } from '@contract/sync';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { loadSpeciesInWorker, seedWorldSpecies } from '../../server/db/species/background';
import { loadSpecies } from '../../server/db/species/seed';
import { SPECIES_EXTRACT_DIR } from '../../server/db/species/sources';
import { api, bearer, buildTestApp, fetchClientToken, type TestApp } from './helpers';
import { present } from '../../src/test/present';

const CHUNK = 1000;
let t: TestApp;
let token: string;
let demo: Awaited<ReturnType<typeof loadSpecies>>;

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  token = await fetchClientToken(t);
  demo = await loadSpecies(SPECIES_EXTRACT_DIR);
}, 120_000);
afterAll(() => t.close());

const load = () => Promise.resolve(demo);
const dir = SPECIES_EXTRACT_DIR;

async function list(body: Record<string, unknown>): Promise<SpeciesListResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: api('/species'),
    payload: body,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SpeciesListResponse>();
}

async function pull(lastMod: number): Promise<PullResponse> {
  const response = await t.app.inject({
    method: 'GET',
    url: api(`/collection/species?last_mod=${lastMod}&limit=1000`),
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PullResponse>();
}

/** Every species a device gets by pulling from `lastMod` until `more` is false. */
async function pullAll(lastMod: number): Promise<{ ids: string[]; lastMod: number; loading: boolean }> {
  const ids: string[] = [];
  let cursor = lastMod;
  for (;;) {
    const answer = await pull(cursor);
    ids.push(...answer.records.filter((r) => !r.deleted).map((r) => r.id));
    cursor = answer.last_mod;
    if (!answer.more) return { ids, lastMod: cursor, loading: answer.loading !== undefined };
  }
}

const importRecord = () =>
  t.db.selectFrom('reference_imports').select('checksum').where('dataset', '=', 'species').executeTakeFirst();

describe('the background species seed', () => {
  it('stops half-way: the calls said loading meanwhile, and the species stored stay', async () => {
    const total = demo.species.length;
    const seen: Array<{ list: SpeciesListResponse; pulled: Awaited<ReturnType<typeof pullAll>> }> = [];
    const stopped = seedWorldSpecies(t.db, t.app.speciesSeed, {
      dir,
      load,
      transactionRows: CHUNK,
      onProgress: async (done) => {
        if (done === 2 * CHUNK) seen.push({ list: await list({ limit: 5 }), pulled: await pullAll(0) });
        if (done === 3 * CHUNK) throw new Error('the process ended');
      },
    });
    await expect(stopped).rejects.toThrow('the process ended');

    const [during] = seen;
    expect(during?.list.loading).toEqual({ done: 2 * CHUNK, total });
    expect(during?.list.total).toBe(2 * CHUNK);
    expect(during?.pulled.loading).toBe(true);
    expect(during?.pulled.ids).toHaveLength(2 * CHUNK);
    // Stopped: nothing says loading any more, nothing is recorded, and what was committed stays.
    expect(t.app.speciesSeed.loading).toBeNull();
    expect((await list({ limit: 1 })).loading).toBeUndefined();
    expect(await importRecord()).toBeUndefined();
    expect(
      Number(
        (
          await t.db
            .selectFrom('species')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      ),
    ).toBe(3 * CHUNK);
  });

  it('resumes: writes only the rest, searches find stored species, and pulls get each species once', async () => {
    const total = demo.species.length;
    const before = await pullAll(0);
    expect(before.ids).toHaveLength(3 * CHUNK);
    let searched: SpeciesListResponse | undefined;
    // A species the seed has not written yet: search finds it only once it is stored.
    const late = present(demo.species.at(-1), 'the last species');
    const counts = await seedWorldSpecies(t.db, t.app.speciesSeed, {
      dir,
      load,
      transactionRows: CHUNK,
      onProgress: async (done) => {
        if (done === 4 * CHUNK) searched = await list({ search: late.scientificName });
      },
    });
    expect(counts?.written).toBe(total - 3 * CHUNK);
    expect(searched?.loading).toEqual({ done: 4 * CHUNK, total });
    expect(searched?.species.map((s) => s._id)).not.toContain(late.id);

    const after = await list({ search: late.scientificName });
    expect(after.loading).toBeUndefined();
    expect(after.species.map((s) => s._id)).toContain(late.id);
    const rest = await pullAll(before.lastMod);
    expect(rest.loading).toBe(false);
    const all = [...before.ids, ...rest.ids];
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(demo.species.map((s) => s.id).sort());
    expect((await importRecord())?.checksum).toBe(`world:${demo.checksum}`);
    // Done once: the next start has nothing to do.
    expect(await seedWorldSpecies(t.db, t.app.speciesSeed, { dir, load })).toBeNull();
  }, 120_000);

  it('builds the lists in a worker thread, as at start-up', async () => {
    const built = await loadSpeciesInWorker(SPECIES_EXTRACT_DIR);
    expect(built.checksum).toBe(demo.checksum);
    expect(built.species).toHaveLength(demo.species.length);
  }, 120_000);
});
