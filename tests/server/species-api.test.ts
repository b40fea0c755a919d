/**
 * The species calls over the committed demo extract on a real database: POST species (list rule,
 * order, paging, folded search, language), GET species/{id} with the member's own sightings,
 * PUT/DELETE species/{id} with their permissions and effects, and GET species_targeted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import type { Permissions } from '@contract/permissions';
import {
  speciesOnList,
  type Species,
  type SpeciesListResponse,
  type SpeciesResponse,
  type SpeciesTargetedResponse,
} from '@contract/species';
import type { Observation } from '@contract/observations';
import type { PullResponse } from '@contract/sync';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { api, bearer, buildTestApp, fetchClientToken, type TestApp } from './helpers';
import { observationRecord } from './observation-helpers';
import { createSyncMember } from './sync-helpers';
import { present } from '../../src/test/present';

let t: TestApp;
let clientToken: string;

/** Real species of the demo extract. */
const BALD_EAGLE = 'avibase-fed3756c'; // Haliaeetus leucocephalus
const WHITE_TAILED_DEER = 'mdd-1006302'; // Odocoileus virginianus
const OPOSSUM = 'mdd-1000023'; // Didelphis virginiana, keyed to US states
const ELEPHANT = 'mdd-1000522'; // Loxodonta africana
/** Near Ellensburg, Washington. */
const WASHINGTON = { lat: 47.0, lng: -120.5 };

/** A member signed in (no password round trip), with roles and permissions set in the database. */
async function signedIn(roles: string[] = ['member'], permissions: Permissions = {}) {
  const member = await createSyncMember(t);
  await t.db
    .updateTable('users')
    .set({ roles, permissions: JSON.stringify(permissions) })
    .where('id', '=', member.id)
    .execute();
  return { id: member.id, token: member.device1 };
}

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  clientToken = await fetchClientToken(t);
}, 120_000);
afterAll(() => t.close());

function list(body: Record<string, unknown>, token: string | null = clientToken) {
  return t.app.inject({
    method: 'POST',
    url: api('/species'),
    payload: body,
    ...(token ? { headers: bearer(token) } : {}),
  });
}
async function listOk(body: Record<string, unknown>): Promise<SpeciesListResponse> {
  const response = await list(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SpeciesListResponse>();
}
const searchIds = async (search: string, extra: Record<string, unknown> = {}) =>
  (await listOk({ search, limit: 200, ...extra })).species.map((species) => species._id);

function getSpecies(id: string, token: string | undefined, query = '') {
  return t.app.inject({
    method: 'GET',
    url: api(`/species/${id}${query}`),
    ...(token ? { headers: bearer(token) } : {}),
  });
}
function put(id: string, token: string, body: object) {
  return t.app.inject({ method: 'PUT', url: api(`/species/${id}`), headers: bearer(token), payload: body });
}
function remove(id: string, token: string) {
  return t.app.inject({ method: 'DELETE', url: api(`/species/${id}`), headers: bearer(token) });
}
async function pushSightings(
  member: { id: string; token: string },
  records: Array<{ id: string; data: Partial<Observation> }>,
) {
  const data = records.map((record) => observationRecord(member.id, record.id, record.data));
  const response = await t.app.inject({
    method: 'PUT',
    url: api('/collection/species_observations'),
    headers: bearer(member.token),
    payload: { data },
  });
  expect(response.statusCode, response.body).toBe(200);
}
function targeted(token: string | undefined, query: Record<string, string | number> = {}) {
  return t.app.inject({
    method: 'GET',
    url: api('/species_targeted'),
    query: Object.fromEntries(
      Object.entries({ ...WASHINGTON, ...query }).map(([key, value]) => [key, String(value)]),
    ),
    ...(token ? { headers: bearer(token) } : {}),
  });
}

const US_LIST = { classifications: ['Birds|IOC', 'Mammals|Large'], location_id: 'USA' };

describe('POST species', () => {
  it('answers the list of a location in taxonomic order, with the same species as the collection filter', async () => {
    const first = await listOk({ ...US_LIST, limit: 200 });
    const pulled = await t.app.inject({
      method: 'GET',
      url: api('/collection/species'),
      query: {
        filter: JSON.stringify({ classifications: US_LIST.classifications, location_ids: ['USA'] }),
        with_total: 'true',
      },
      headers: bearer(clientToken),
    });
    const sync = pulled.json<PullResponse>();
    // The collection filter counts the same list (the US birds after the IOC range rule, and the larger mammals).
    expect(sync.total).toBe(first.total);
    expect(first.total).toBeGreaterThan(700);
    expect(first.species).toHaveLength(200);
    for (const species of first.species) {
      expect(speciesOnList(species, ['Birds|IOC', 'Mammals|Larger'], ['USA'])).toBe(true);
    }
    // Birds before mammals, each in the list's taxonomic order.
    const last = await listOk({ ...US_LIST, skip: first.total - 5, limit: 200 });
    expect(last.species).toHaveLength(5);
    expect(first.species[0]?.group_id).toBe('birds');
    expect(last.species.at(-1)?.group_id).toBe('mammals');
    const birds = first.species.filter((species) => species.group_id === 'birds');
    expect(birds.map((species) => species.sort)).toEqual(
      [...birds.map((species) => species.sort)].sort((a, b) => a - b),
    );

    // Pages continue without overlap.
    const second = await listOk({ ...US_LIST, skip: 200, limit: 200 });
    const firstIds = new Set(first.species.map((species) => species._id));
    expect(second.species.some((species) => firstIds.has(species._id))).toBe(false);
    expect(second.total).toBe(first.total);
  });

  it('counts a region as itself and its country: state-keyed mammals and the country’s birds', async () => {
    const washington = await t.db
      .selectFrom('locations')
      .select('id')
      .where('iso_3166_2', '=', 'US-WA')
      .executeTakeFirstOrThrow();
    const mammals = await searchIds('didelphis', {
      classifications: ['Mammals|All'],
      location_id: washington.id,
    });
    expect(mammals).toEqual([OPOSSUM]);
    expect(await searchIds('bald eagle', { ...US_LIST, location_id: washington.id })).toContain(BALD_EAGLE);
    expect(await searchIds('loxodonta', { location_id: washington.id })).toEqual([]);
  });

  it('searches every name and the scientific name at word starts, ignoring accents and case', async () => {
    for (const term of ['éagle', 'BALD EAGLE', 'bald eag', 'Haliaeetus leuco', 'pygargue a tete']) {
      expect(await searchIds(term, US_LIST), term).toContain(BALD_EAGLE);
    }
    expect(await searchIds('agle', US_LIST)).not.toContain(BALD_EAGLE); // not a word start
    expect(await searchIds('elephant')).toContain(ELEPHANT); // no location: anywhere
    expect(await listOk({ search: '%' })).toEqual({ status: 'success', species: [], total: 0 });
  });

  it('answers names in English and the chosen language only', async () => {
    const { species } = await listOk({ ...US_LIST, search: 'bald eagle', language: 'fr' });
    const eagle = species.find((one) => one._id === BALD_EAGLE);
    expect(eagle?.names).toEqual({ en: 'Bald Eagle', fr: 'Pygargue à tête blanche' });
  });

  it('refuses unknown classifications and locations, big pages and strangers', async () => {
    const fish = await list({ classifications: ['Fish'] });
    expect(fish.statusCode).toBe(400);
    expect(fish.json<{ reason: string }>().reason).toContain("'Fish'");
    const nowhere = await list({ location_id: 'XXX' });
    expect([nowhere.statusCode, nowhere.json()]).toEqual([
      404,
      { status: 'failed', reason: messages.locationNotFound },
    ]);
    expect((await list({ limit: 201 })).statusCode).toBe(400);
    expect((await list({ groups: ['birds'] })).statusCode).toBe(400);
    expect((await list({}, null)).statusCode).toBe(401);
  });
});

describe('GET species/{id}', () => {
  it('answers one species, and with observations=true the member’s own sightings of it only', async () => {
    const ann = await signedIn();
    const bob = await signedIn();
    await pushSightings(ann, [
      { id: 'ann-1', data: { species_id: BALD_EAGLE, note: 'over the river' } },
      { id: 'ann-2', data: { species_id: WHITE_TAILED_DEER } },
    ]);
    await pushSightings(bob, [{ id: 'bob-1', data: { species_id: BALD_EAGLE } }]);

    const guest = await getSpecies(BALD_EAGLE, clientToken, '?observations=true');
    expect(guest.statusCode, guest.body).toBe(200);
    const answer = guest.json<SpeciesResponse>();
    expect(answer.species).toMatchObject({ _id: BALD_EAGLE, scientific_name: 'Haliaeetus leucocephalus' });
    expect(answer.observations).toEqual([]);

    const own = (await getSpecies(BALD_EAGLE, ann.token, '?observations=true')).json<SpeciesResponse>();
    expect(own.observations.map((record) => [record.id, record.data])).toEqual([
      ['ann-1', expect.objectContaining({ species_id: BALD_EAGLE, note: 'over the river' }) as object],
    ]);
    expect((await getSpecies(BALD_EAGLE, ann.token)).json<SpeciesResponse>().observations).toEqual([]);
  });

  it('answers 404 with a clear reason for an unknown species', async () => {
    const response = await getSpecies('mdd-0', clientToken);
    expect([response.statusCode, response.json()]).toEqual([
      404,
      { status: 'failed', reason: messages.speciesNotFound },
    ]);
    expect((await getSpecies('Not An Id', clientToken)).statusCode).toBe(400);
  });
});

describe('PUT and DELETE species/{id}', () => {
  it('lets an admin or a species-admin:r member edit, and refuses a member', async () => {
    const member = await signedIn();
    const speciesAdmin = await signedIn(['member'], { 'species-admin': ['r'] });
    const admin = await signedIn(['member', 'admin']);
    // Águila calva → another Spanish name of the Bald Eagle.
    const body = { names: { es: 'Pigargo cabeciblanco' } };

    const refused = await put(BALD_EAGLE, member.token, body);
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { status: 'failed', reason: messages.notAuthorised },
    ]);
    expect((await put(BALD_EAGLE, clientToken, body)).statusCode).toBe(401);

    const edited = await put(BALD_EAGLE, speciesAdmin.token, body);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ species: Species }>().species.names.es).toBe('Pigargo cabeciblanco');
    const row = await t.db
      .selectFrom('species')
      .select(['rev', 'mod'])
      .where('id', '=', BALD_EAGLE)
      .executeTakeFirstOrThrow();
    expect(row.rev).toBe('2_edit');
    // The newest change of the table, so every device's cursor is behind it.
    const newest = await t.db
      .selectFrom('species')
      .select((eb) => eb.fn.max('mod').as('mod'))
      .executeTakeFirstOrThrow();
    expect(row.mod).toBe(newest.mod);
    expect(Number(row.mod)).toBeGreaterThanOrEqual(t.clock.now() - 60_000);
    expect(await searchIds('pigargo cabeci')).toEqual([BALD_EAGLE]);
    expect(await searchIds('aguila calva')).not.toContain(BALD_EAGLE);

    // The same edit again changes nothing: no new revision for every device to pull.
    expect((await put(BALD_EAGLE, admin.token, body)).statusCode).toBe(200);
    expect(
      (await t.db.selectFrom('species').select('rev').where('id', '=', BALD_EAGLE).executeTakeFirstOrThrow())
        .rev,
    ).toBe('2_edit');

    // Removing the name removes it from search; the English name renames the species.
    const renamed = await put(BALD_EAGLE, admin.token, { names: { es: null, en: 'American Bald Eagle' } });
    expect(renamed.json<{ species: Species }>().species).toMatchObject({ name: 'American Bald Eagle' });
    expect(await searchIds('pigargo')).not.toContain(BALD_EAGLE);
    expect(await searchIds('american bald')).toEqual([BALD_EAGLE]);
    expect(await searchIds('bald eagle', US_LIST)).toContain(BALD_EAGLE); // still its list names
  });

  it('edits family, extinct and taxa_alt switches, and refuses what it cannot apply', async () => {
    const admin = await signedIn(['admin']);
    const off = await put(WHITE_TAILED_DEER, admin.token, {
      taxa_alt: [{ classification: 'Mammals|All', enabled: false }],
      extinct: true,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ species: Species }>().species).toMatchObject({
      classifications: ['Mammals|Larger'],
      extinct: true,
      taxa_alt: [{ classification: 'Mammals|All', enabled: false }],
    });
    expect(await searchIds('odocoileus virginianus', { classifications: ['Mammals|All'] })).toEqual([]);
    await put(WHITE_TAILED_DEER, admin.token, {
      taxa_alt: [{ classification: 'Mammals|All', enabled: true }],
      extinct: false,
    });
    expect(await searchIds('odocoileus virginianus', { classifications: ['Mammals|All'] })).toEqual([
      WHITE_TAILED_DEER,
    ]);

    const noEntry = await put(WHITE_TAILED_DEER, admin.token, {
      taxa_alt: [{ classification: 'Birds|IOC', enabled: true }],
    });
    expect(noEntry.statusCode).toBe(400);
    expect(noEntry.json<{ reason: string }>().reason).toContain('Birds|IOC');
    expect((await put(WHITE_TAILED_DEER, admin.token, {})).statusCode).toBe(400);
    expect((await put(WHITE_TAILED_DEER, admin.token, { scientific_name: 'x' })).statusCode).toBe(400);
    expect((await put('mdd-0', admin.token, { extinct: true })).statusCode).toBe(404);
  });

  it('lets only an admin delete, keeping a tombstone that the calls no longer answer', async () => {
    const speciesAdmin = await signedIn(['member'], { 'species-admin': ['r'] });
    const admin = await signedIn(['admin']);
    expect((await remove(ELEPHANT, speciesAdmin.token)).statusCode).toBe(403);
    const deleted = await remove(ELEPHANT, admin.token);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { status: 'success' }]);
    const row = await t.db
      .selectFrom('species')
      .select(['deleted', 'rev'])
      .where('id', '=', ELEPHANT)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ deleted: true, rev: '2_deleted' });
    expect((await getSpecies(ELEPHANT, clientToken)).statusCode).toBe(404);
    expect(await searchIds('loxodonta africana')).toEqual([]);
    expect((await remove(ELEPHANT, admin.token)).statusCode).toBe(404);
    expect((await put(ELEPHANT, admin.token, { extinct: true })).statusCode).toBe(404);
  });
});

describe('GET species_targeted', () => {
  it('answers the region’s list, without the species the member has recorded, most seen by others first', async () => {
    const ann = await signedIn();
    const response = await targeted(ann.token, { limit: 200 });
    expect(response.statusCode, response.body).toBe(200);
    const before = response.json<SpeciesTargetedResponse>();
    expect(before.location.name).toBe('Washington');
    const state = await t.db
      .selectFrom('locations')
      .select(['id', 'parent_id'])
      .where('id', '=', before.location.location_id)
      .executeTakeFirstOrThrow();
    expect(state.parent_id).toBe('USA');
    expect(before.species).toHaveLength(200);
    for (const species of before.species) {
      expect(speciesOnList(species, ['Birds|IOC', 'Mammals|Larger'], [state.id, 'USA'])).toBe(true);
    }

    const first = present(before.species[0], 'the first target')._id;
    const second = present(before.species[1], 'the second target')._id;
    const third = present(before.species[2], 'the third target')._id;
    await pushSightings(ann, [{ id: 'seen-first', data: { species_id: first } }]);
    const bob = await signedIn();
    // Bob saw the third one here twice and the second one elsewhere once.
    await pushSightings(bob, [
      {
        id: 'b1',
        data: { species_id: third, location: { last_mod: 0, names: { [state.id]: 'Washington' } } },
      },
      {
        id: 'b2',
        data: { species_id: third, location: { last_mod: 0, names: { USA: 'United States' } } },
      },
      { id: 'b3', data: { species_id: second, location: { last_mod: 0, names: { CAN: 'Canada' } } } },
    ]);
    const after = (await targeted(ann.token, { limit: 200 })).json<SpeciesTargetedResponse>();
    const ids = after.species.map((species) => species._id);
    expect(ids).not.toContain(first);
    expect(ids.slice(0, 2)).toEqual([third, second]);
  });

  // Issue 25: three private, hidden-coordinate sightings by one member moved a species from rank
  // 200 to rank 1 in another member's targets.
  it('ranks by public sightings only: a private sighting changes no answer', async () => {
    const ann = await signedIn();
    const ranks = async () =>
      (await targeted(ann.token, { limit: 200 })).json<SpeciesTargetedResponse>().species.map((s) => s._id);
    const before = await ranks();
    const last = present(before.at(-1), 'the last target');
    const carol = await signedIn();
    const here = { last_mod: 0, names: { USA: 'United States' } };
    await pushSightings(
      carol,
      ['p1', 'p2', 'p3'].map((id) => ({
        id,
        data: { species_id: last, public: false, coordinate: null, coordinate_hidden: true, location: here },
      })),
    );
    expect(await ranks()).toEqual(before);
    // The same three made public count (and lead: no other species has three here).
    await pushSightings(
      carol,
      ['p4', 'p5', 'p6'].map((id) => ({ id, data: { species_id: last, location: here } })),
    );
    expect((await ranks())[0]).toBe(last);
  });

  it('takes the member’s classifications, a limit, and needs a member', async () => {
    const ann = await signedIn();
    const reptiles = (
      await targeted(ann.token, { classifications: 'Reptiles', limit: 10 })
    ).json<SpeciesTargetedResponse>();
    expect(reptiles.species).toHaveLength(10);
    expect(reptiles.species.every((species) => species.group_id === 'reptiles')).toBe(true);
    expect((await targeted(ann.token, { classifications: 'Birds|IOC,Fish' })).statusCode).toBe(400);
    expect((await targeted(ann.token, { limit: 201 })).statusCode).toBe(400);
    expect((await targeted(ann.token, { lat: 91 })).statusCode).toBe(400);
    expect((await targeted(clientToken)).statusCode).toBe(401);
  });
});
