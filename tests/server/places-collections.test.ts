/**
 * The read-only `hotspots` and `field_guides` collections (docs/sync.md "The places collections"):
 * a region's places and guides pulled with the collection protocol over the demo places — paging by
 * the `seq` cursor, the region filter, a change and a delete after a cursor, guide links moving a
 * guide, bad filters, and the read-only refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldGuideResponse } from '@contract/places';
import type { PullResponse, SyncRecord } from '@contract/sync';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensurePlacesData } from '../../server/plugins/app/places/seed';
import {
  api,
  bearer,
  buildTestApp,
  callApi,
  createMember,
  fetchClientToken,
  signIn,
  type TestApp,
} from './helpers';
import { present } from '../../src/test/present';

let t: TestApp;
let admin: string;
let member: string;
let client: string;

const SOUTH_AFRICA = { location_id: 'ZAF' };
const SOUTH_AFRICAN_PARKS = [
  'addo-elephant-national-park',
  'isimangaliso-wetland-park',
  'kruger-national-park',
  'table-mountain-national-park',
];

function pull(
  name: string,
  token: string | undefined,
  query: { last_mod?: number; filter?: unknown; limit?: number },
) {
  const params: Record<string, string> = {};
  if (query.last_mod !== undefined) params.last_mod = String(query.last_mod);
  if (query.limit !== undefined) params.limit = String(query.limit);
  if (query.filter !== undefined)
    params.filter = typeof query.filter === 'string' ? query.filter : JSON.stringify(query.filter);
  return t.app.inject({
    method: 'GET',
    url: api(`/collection/${name}`),
    query: params,
    ...(token ? { headers: bearer(token) } : {}),
  });
}

/** Every record after `lastMod`, `limit` a page, following `more`; the pages are checked too. */
async function pullAll(name: string, filter: unknown, lastMod = 0, limit = 1000) {
  const records: SyncRecord[] = [];
  let cursor = lastMod;
  for (;;) {
    const response = await pull(name, client, { last_mod: cursor, limit, ...(filter ? { filter } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<PullResponse>();
    expect(page.records.length).toBeLessThanOrEqual(limit);
    if (page.records.length === 0) expect(page.last_mod).toBe(cursor);
    else expect(page.last_mod).toBeGreaterThan(cursor);
    records.push(...page.records);
    cursor = page.last_mod;
    if (!page.more) return { records, lastMod: cursor };
  }
}

const ids = (records: readonly SyncRecord[]) => records.map((record) => record.id).sort();

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  expect(await ensurePlacesData(t.db)).toBe(8);
  const adminMember = await createMember(t, { roles: ['member', 'admin'] });
  admin = (await signIn(t, adminMember)).auth_token;
  member = (await signIn(t, await createMember(t))).auth_token;
  client = await fetchClientToken(t);
}, 300_000);
afterAll(() => t.close());

describe('GET collection/hotspots', () => {
  it("answers a region's places with their boundary field, page by page, each once", async () => {
    const { records } = await pullAll('hotspots', SOUTH_AFRICA, 0, 3);
    expect(ids(records)).toEqual(SOUTH_AFRICAN_PARKS);
    const kruger = present(
      records.find((record) => record.id === 'kruger-national-park'),
      'Kruger National Park',
    );
    expect(kruger).toMatchObject({ deleted: false, rev: expect.stringMatching(/^\d+_server$/) as unknown });
    expect(kruger.data).toMatchObject({
      hotspot_id: 'kruger-national-park',
      location_id: 'ZAF-1209',
      boundary: null,
      has_boundary: false,
    });
  });

  it('answers every place without a filter, and a member token may pull too', async () => {
    expect((await pullAll('hotspots', undefined)).records).toHaveLength(8);
    const response = await pull('hotspots', member, {});
    expect(response.statusCode).toBe(200);
    expect(response.json<PullResponse>().records).toHaveLength(8);
  });

  it('after a cursor answers only what changed: an edit, a delete as a tombstone, not another region', async () => {
    const { lastMod } = await pullAll('hotspots', SOUTH_AFRICA);
    const everywhere = (await pullAll('hotspots', undefined)).lastMod;
    const kruger = (
      await callApi(t, 'GET', '/hotspots/kruger-national-park?include_coordinates=true', client)
    ).json<{
      hotspot: Record<string, unknown>;
    }>().hotspot;
    const edited = await callApi(t, 'PUT', '/hotspots/kruger-national-park', admin, {
      name: kruger.name,
      description: 'Edited for the sync test.',
      latitude: kruger.latitude,
      longitude: kruger.longitude,
      radius_km: kruger.radius_km,
      location_id: kruger.location_id,
      habitat: kruger.habitat,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await callApi(t, 'DELETE', '/hotspots/addo-elephant-national-park', admin)).statusCode).toBe(200);
    const elsewhere = await callApi(t, 'PUT', '/hotspots/sync-test-elsewhere', admin, {
      name: 'Elsewhere',
      latitude: 47.6,
      longitude: -122.3,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);

    const after = await pullAll('hotspots', SOUTH_AFRICA, lastMod);
    expect(after.records.map((record) => [record.id, record.deleted])).toEqual([
      ['kruger-national-park', false],
      ['addo-elephant-national-park', true],
    ]);
    expect(present(after.records[0], 'the edited park').data).toMatchObject({
      description: 'Edited for the sync test.',
    });
    expect(present(after.records[1], 'the deleted park').data).toEqual({});
    expect(ids((await pullAll('hotspots', undefined, everywhere)).records)).toEqual([
      'addo-elephant-national-park',
      'kruger-national-park',
      'sync-test-elsewhere',
    ]);
    // Nothing changed since: the same cursor back, nothing answered.
    expect((await pullAll('hotspots', SOUTH_AFRICA, after.lastMod)).records).toEqual([]);
  });
});

describe('GET collection/field_guides', () => {
  it('answers a guide of the region once they guide at one of its places, and their delete', async () => {
    const created = await callApi(t, 'POST', '/field_guides', admin, {
      name: 'Sync Test Guiding',
      latitude: 51.5,
      longitude: -0.1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const guideId = created.json<FieldGuideResponse>().field_guide.field_guide_id;
    const before = await pullAll('field_guides', SOUTH_AFRICA);
    expect(before.records.map((record) => record.id)).not.toContain(guideId);

    const linked = await callApi(t, 'PUT', '/hotspots/kruger-national-park/guides', admin, {
      field_guide_id: guideId,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const after = await pullAll('field_guides', SOUTH_AFRICA, before.lastMod);
    expect(after.records).toHaveLength(1);
    expect(after.records[0]).toMatchObject({
      id: guideId,
      deleted: false,
      data: { name: 'Sync Test Guiding', hotspots: 1 },
    });

    expect((await callApi(t, 'DELETE', `/field_guides/${guideId}`, admin)).statusCode).toBe(200);
    const gone = await pullAll('field_guides', SOUTH_AFRICA, after.lastMod);
    expect(gone.records.map((record) => [record.id, record.deleted])).toEqual([[guideId, true]]);
  });
});

describe('the places collections refuse', () => {
  it.each([
    ['a field of the wrong type', { location_id: 5 }, 'location_id'],
    ['an unknown field', { region: 'ZAF' }, 'unknown field region'],
    ['an empty location', { location_id: '' }, 'location_id'],
  ])('%s with a 400 naming it', async (_case, filter, named) => {
    const response = await pull('hotspots', client, { filter });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ reason: string }>().reason).toContain(named);
  });

  it('a pull without a token, and every write (read-only)', async () => {
    expect((await pull('field_guides', undefined, {})).statusCode).toBe(401);
    const verify = await callApi(t, 'POST', '/collection/hotspots/verify', member, {
      data: [{ id: 'x', rev: '1_a' }],
    });
    expect(verify.statusCode).toBe(403);
    const push = await callApi(t, 'PUT', '/collection/field_guides', member, {
      data: [{ id: 'x', rev: '1_a', deleted: false, data: {} }],
    });
    expect(push.statusCode).toBe(403);
  });
});
