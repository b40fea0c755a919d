/**
 * The `species` collection (GET collection/species) over the committed demo extract on a real
 * database: complete paging by the millisecond cursor, the list filter checked against the
 * contract's own rule (speciesOnList) on every species, admin edits and deletes reaching the next
 * pull, client tokens, and bad filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { speciesOnList, type Species, type SpeciesCollectionFilter } from '@contract/species';
import type { PullResponse, SyncRecord } from '@contract/sync';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { api, bearer, buildTestApp, fetchClientToken, type TestApp } from './helpers';
import { createSyncMember } from './sync-helpers';
import { present } from '../../src/test/present';

let t: TestApp;
let memberToken: string;
let adminToken: string;
let clientToken: string;

/** Ids of real species of the demo extract (checked in the first test). */
const BALD_EAGLE = 'avibase-fed3756c'; // Haliaeetus leucocephalus, BBS-listed in the US
const WHITE_TAILED_DEER = 'mdd-1006302'; // Odocoileus virginianus, Mammals|Larger, US
const DEER_MOUSE = 'mdd-1002307'; // Peromyscus maniculatus, Mammals|Small, US
const ELEPHANT = 'mdd-1000522'; // Loxodonta africana, South Africa

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  memberToken = (await createSyncMember(t)).device1;
  const admin = await createSyncMember(t);
  await t.db
    .updateTable('users')
    .set({ roles: ['member', 'admin'] })
    .where('id', '=', admin.id)
    .execute();
  adminToken = admin.device1;
  clientToken = await fetchClientToken(t);
}, 120_000);
afterAll(() => t.close());

function pull(
  token: string | undefined,
  query: { last_mod?: number; filter?: unknown; limit?: number; with_total?: boolean } = {},
) {
  const params: Record<string, string> = {};
  if (query.last_mod !== undefined) params.last_mod = String(query.last_mod);
  if (query.with_total !== undefined) params.with_total = String(query.with_total);
  if (query.limit !== undefined) params.limit = String(query.limit);
  if (query.filter !== undefined)
    params.filter = typeof query.filter === 'string' ? query.filter : JSON.stringify(query.filter);
  return t.app.inject({
    method: 'GET',
    url: api('/collection/species'),
    query: params,
    ...(token ? { headers: bearer(token) } : {}),
  });
}

async function pullOk(token: string, query: Parameters<typeof pull>[1]): Promise<PullResponse> {
  const response = await pull(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PullResponse>();
}

/** Every record after `lastMod` in batches of 1000, following `more`; the batches are checked too. */
async function pullAll(filter?: SpeciesCollectionFilter, lastMod = 0, token = memberToken) {
  const records: SyncRecord[] = [];
  const batches: PullResponse[] = [];
  let cursor = lastMod;
  for (;;) {
    // As the device does: the total is asked for on the first page only.
    const page = await pullOk(token, {
      last_mod: cursor,
      limit: 1000,
      with_total: batches.length === 0,
      ...(filter ? { filter } : {}),
    });
    batches.push(page);
    records.push(...page.records);
    expect(page.records.length).toBeLessThanOrEqual(1000);
    if (page.records.length > 0) expect(page.last_mod).toBeGreaterThan(cursor);
    else expect(page.last_mod).toBe(cursor);
    cursor = page.last_mod;
    if (!page.more) return { records, batches, lastMod: cursor };
    expect(page.records).toHaveLength(1000);
  }
}

const speciesData = (record: SyncRecord) => record.data as unknown as Species;

async function liveSpeciesCount(): Promise<number> {
  const row = await t.db
    .selectFrom('species')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function edit(id: string, body: object) {
  const response = await t.app.inject({
    method: 'PUT',
    url: api(`/species/${id}`),
    headers: bearer(adminToken),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const US_LIST: SpeciesCollectionFilter = {
  classifications: ['Birds|IOC', 'Mammals|Large'],
  location_ids: ['USA'],
};

describe('GET collection/species', () => {
  let everything: SyncRecord[] = [];

  it('answers every species exactly once in batches of 1000, in the contract shape', async () => {
    const { records, batches } = await pullAll();
    everything = records;
    expect(records).toHaveLength(await liveSpeciesCount());
    expect(new Set(records.map((record) => record.id)).size).toBe(records.length);
    expect(batches.at(-1)?.more).toBe(false);
    expect(batches.length).toBe(Math.ceil(records.length / 1000));
    // The first answer says how many the whole pull brings (the sync popup's percentage).
    expect(batches[0]?.total).toBe(records.length);

    const eagle = records.find((record) => record.id === BALD_EAGLE);
    expect(eagle).toMatchObject({ deleted: false, rev: expect.stringMatching(/^1_[0-9a-f]{16}$/) as string });
    const stored = await t.db
      .selectFrom('species')
      .select('mod')
      .where('id', '=', BALD_EAGLE)
      .executeTakeFirstOrThrow();
    expect(eagle?.mod).toBe(Math.floor(Number(stored.mod) / 1000));
    expect(eagle?.data).toMatchObject({
      _id: BALD_EAGLE,
      group_id: 'birds',
      classifications: ['Birds|IOC', 'Birds|Clements'],
      scientific_name: 'Haliaeetus leucocephalus',
      name: 'Bald Eagle',
      order: 'Accipitriformes',
      family: 'Accipitridae',
      taxa: { classification: 'Birds|Clements', group_name: 'Birds' },
      taxa_alt: [{ classification: 'Birds|IOC', enabled: true }],
      photo: { thumbs: [] },
      locations: { USA: { occurrence: 'listed', source: 'bbs' } },
      extinct: false,
    });
    const deer = speciesData(
      present(
        records.find((record) => record.id === WHITE_TAILED_DEER),
        'the white-tailed deer',
      ),
    );
    expect(deer.scientific_name).toBe('Odocoileus virginianus');
    expect(deer.classifications).toEqual(['Mammals|All', 'Mammals|Larger']);
    expect(Object.keys(deer.locations)).toContain('USA');
    expect(
      speciesData(
        present(
          records.find((record) => record.id === DEER_MOUSE),
          'the deer mouse',
        ),
      ).scientific_name,
    ).toBe('Peromyscus maniculatus');
  });

  it('answers, for a US birds (IOC) and larger mammals list, exactly the species speciesOnList keeps', async () => {
    const { records, batches } = await pullAll(US_LIST);
    expect(batches[0]?.total).toBe(records.length);
    const expected = everything
      .filter((record) => speciesOnList(speciesData(record), ['Birds|IOC', 'Mammals|Larger'], ['USA']))
      .map((record) => record.id)
      .sort();
    expect(records.map((record) => record.id).sort()).toEqual(expected);
    // About 670 US birds (after the IOC range rule) and 140 larger mammals.
    expect(expected.length).toBeGreaterThan(700);
    const ids = new Set(expected);
    expect(ids.has(BALD_EAGLE)).toBe(true);
    expect(ids.has(WHITE_TAILED_DEER)).toBe(true);
    expect(ids.has(DEER_MOUSE)).toBe(false); // Mammals|Small
    expect(ids.has(ELEPHANT)).toBe(false); // not in the US
    for (const record of records) {
      expect(speciesData(record).group_id === 'birds' || speciesData(record).group_id === 'mammals').toBe(
        true,
      );
    }
  });

  it('answers the whole reptile list wherever the location (a world-scope classification)', async () => {
    const reptiles = everything.filter((record) => speciesData(record).group_id === 'reptiles').length;
    expect(reptiles).toBe(12_502);
    for (const location of ['ZAF', 'NZL']) {
      const { records } = await pullAll({ classifications: ['Reptiles'], location_ids: [location] });
      expect(records).toHaveLength(reptiles);
    }
  });

  it('keys a US state to its mammals together with the country', async () => {
    const washington = await t.db
      .selectFrom('locations')
      .select('id')
      .where('iso_3166_2', '=', 'US-WA')
      .executeTakeFirstOrThrow();
    const { records } = await pullAll({ classifications: ['Mammals|All'], location_ids: [washington.id] });
    const names = records.map((record) => speciesData(record).scientific_name);
    expect(names).toContain('Didelphis virginiana');
    expect(names).not.toContain('Loxodonta africana');
  });

  it('answers an edit made after a pull in the next pull, and a delete as a tombstone', async () => {
    const { lastMod } = await pullAll(US_LIST);
    expect((await pullOk(memberToken, { last_mod: lastMod, filter: US_LIST })).records).toEqual([]);

    await edit(BALD_EAGLE, { names: { fr: 'Pygargue à tête blanche (édité)' } });
    const afterEdit = await pullOk(memberToken, { last_mod: lastMod, filter: US_LIST });
    expect(afterEdit.records.map((record) => [record.id, record.rev])).toEqual([[BALD_EAGLE, '2_edit']]);
    expect(speciesData(present(afterEdit.records[0], 'the edited eagle')).names.fr).toBe(
      'Pygargue à tête blanche (édité)',
    );
    expect(afterEdit.last_mod).toBeGreaterThan(lastMod);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: api(`/species/${WHITE_TAILED_DEER}`),
      headers: bearer(adminToken),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const afterDelete = await pullOk(memberToken, { last_mod: afterEdit.last_mod, filter: US_LIST });
    expect(afterDelete.records).toEqual([
      { id: WHITE_TAILED_DEER, mod: expect.any(Number) as number, rev: '2_deleted', deleted: true, data: {} },
    ]);
    // A first pull gets the tombstone too, and never the deleted species' data.
    const fresh = await pullAll(US_LIST);
    expect(fresh.records.find((record) => record.id === WHITE_TAILED_DEER)?.deleted).toBe(true);
  });

  it('follows a taxa_alt switch: a bird taken out of Birds|IOC leaves that list and stays on Clements', async () => {
    const bird = present(
      everything.find(
        (record) => record.id !== BALD_EAGLE && speciesOnList(speciesData(record), ['Birds|IOC'], ['USA']),
      ),
      'a US bird on Birds|IOC',
    );
    const { lastMod } = await pullAll();
    await edit(bird.id, { taxa_alt: [{ classification: 'Birds|IOC', enabled: false }] });
    const next = await pullOk(memberToken, { last_mod: lastMod });
    expect(next.records.map((record) => record.id)).toEqual([bird.id]);
    expect(speciesData(present(next.records[0], 'the switched bird')).classifications).toEqual([
      'Birds|Clements',
    ]);
    const ioc = await pullAll({ classifications: ['Birds|IOC'], location_ids: ['USA'] });
    expect(ioc.records.some((record) => record.id === bird.id)).toBe(false);
    const clements = await pullAll({ classifications: ['Birds|Clements'], location_ids: ['USA'] });
    expect(clements.records.some((record) => record.id === bird.id)).toBe(true);
  });

  it('lets a client token pull species, but not a member collection', async () => {
    const page = await pullOk(clientToken, { limit: 5, filter: US_LIST });
    expect(page.records).toHaveLength(5);
    expect(page.more).toBe(true);
    const trips = await t.app.inject({
      method: 'GET',
      url: api('/collection/trips'),
      headers: bearer(clientToken),
    });
    expect([trips.statusCode, trips.json()]).toEqual([
      401,
      { status: 'failed', reason: messages.signInRequired },
    ]);
    expect((await pull(undefined)).statusCode).toBe(401);
    const verify = await t.app.inject({
      method: 'POST',
      url: api('/collection/species/verify'),
      headers: bearer(clientToken),
      payload: { data: [] },
    });
    expect(verify.statusCode).toBe(401);
  });

  it('refuses a species filter that is not {classifications, location_ids}, saying what is wrong', async () => {
    const cases: Array<[unknown, string]> = [
      [{ classifications: ['Birds|IOC'] }, 'location_ids'],
      [{ classifications: [], location_ids: ['USA'] }, 'classifications'],
      [{ classifications: 'Birds|IOC', location_ids: ['USA'] }, 'classifications'],
      [{ ...US_LIST, trip_id: 'x' }, 'unknown field trip_id'],
      [{ classifications: ['Fish'], location_ids: ['USA'] }, "'Fish'"],
      ['not json', 'JSON object'],
    ];
    for (const [filter, mention] of cases) {
      const response = await pull(memberToken, { filter });
      expect(response.statusCode, JSON.stringify(filter)).toBe(400);
      const body = response.json<{ status: string; reason: string }>();
      expect(body.status).toBe('failed');
      expect(body.reason).toContain(mention);
    }
  });
});
