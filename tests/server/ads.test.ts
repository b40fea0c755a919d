import { randomUUID } from 'node:crypto';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdImpressionResponseSchema,
  AdListResponseSchema,
  AdMapResponseSchema,
  AdStatsResponseSchema,
  AdWriteResponseSchema,
  type AdImpressionResponse,
  type AdListResponse,
  type AdMapResponse,
  type AdStatsResponse,
  type AdWrite,
  type AdWriteResponse,
} from '@contract/ads';
import type { Failed } from '@contract/envelope';
import { messages } from '@contract/messages';
import {
  buildTestApp,
  createLocation,
  createSignedInMember,
  fetchClientToken,
  type TestApp,
  callApi,
} from './helpers';

let t: TestApp;
let client: string;
let member: string;
let adsAdmin: string;
let adsReader: string;
let adsRole: string;

async function tokenFor(roles: string[], permissions?: Record<string, string[]>) {
  return (await createSignedInMember(t, { roles, ...(permissions ? { permissions } : {}) })).token;
}

beforeAll(async () => {
  t = await buildTestApp();
  await createLocation(t, { id: 'ads-nz', name: 'New Zealand' });
  await createLocation(t, { id: 'ads-fr', name: 'France' });
  client = await fetchClientToken(t);
  member = await tokenFor(['member']);
  adsAdmin = await tokenFor(['member'], { 'admin-ads': ['r', 'c', 'u', 'd'] });
  adsReader = await tokenFor(['member'], { 'admin-ads': ['r'] });
  adsRole = await tokenFor(['member', 'admin-ads']);
});
afterAll(() => t.close());

function call(method: 'GET' | 'PUT' | 'DELETE', path: string, token: string | null, payload?: object) {
  return callApi(t, method, path, token, payload);
}

const now = () => Math.floor(t.clock.now() / 1000);

function ad(overrides: Partial<AdWrite> = {}): AdWrite {
  return {
    title: 'Binoculars 20% off',
    text: 'At your local shop',
    image: 'https://example.org/bino.jpg',
    link: 'https://example.org/shop',
    placements: ['newsfeed'],
    regions: [],
    starts_at: null,
    ends_at: null,
    active: true,
    latitude: null,
    longitude: null,
    ...overrides,
  };
}

async function createAd(overrides: Partial<AdWrite> = {}): Promise<string> {
  const id = randomUUID();
  const response = await call('PUT', `/ads/${id}`, adsAdmin, ad(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return id;
}

async function withOnly<T>(ids: string[], run: () => Promise<T>): Promise<T> {
  // Other tests' ads stay running; switch them off so a pick is deterministic.
  await t.db.updateTable('ads').set({ active: false }).where('id', 'not in', ids).execute();
  return run();
}

describe('ad administration', () => {
  it('creates, replaces, lists and deletes ads (admin-ads flags, or the role admin-ads)', async () => {
    const id = randomUUID();
    const created = await call('PUT', `/ads/${id}`, adsAdmin, ad());
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json<AdWriteResponse>();
    expect(Value.Check(AdWriteResponseSchema, body)).toBe(true);
    expect(body).toMatchObject({ created: true, ad: { id, title: 'Binoculars 20% off', active: true } });

    const replaced = await call('PUT', `/ads/${id}`, adsRole, ad({ active: false }));
    expect(replaced.json<AdWriteResponse>()).toMatchObject({ created: false, ad: { active: false } });

    const running = (await call('GET', '/ads', adsReader)).json<AdListResponse>();
    expect(Value.Check(AdListResponseSchema, running)).toBe(true);
    expect(running.ads.map((a) => a.id)).not.toContain(id);
    const all = (await call('GET', '/ads?include_all=true', adsReader)).json<AdListResponse>();
    expect(all.ads.map((a) => a.id)).toContain(id);
    expect((await call('GET', `/ads/${id}`, adsReader)).statusCode).toBe(200);

    expect((await call('DELETE', `/ads/${id}`, adsAdmin)).statusCode).toBe(200);
    expect((await call('GET', `/ads/${id}`, adsReader)).statusCode).toBe(404);
    expect((await call('PUT', `/ads/${id}`, adsAdmin, ad())).statusCode).toBe(404);
  });

  it('refuses an end before the start, a javascript: link and unknown fields (400)', async () => {
    const order = await call('PUT', `/ads/${randomUUID()}`, adsAdmin, ad({ starts_at: 2000, ends_at: 1000 }));
    expect(order.statusCode).toBe(400);
    expect(order.json<Failed>().reason).toBe(messages.adDatesOrder);
    const script = await call('PUT', `/ads/${randomUUID()}`, adsAdmin, ad({ link: 'javascript:alert(1)' }));
    expect(script.statusCode).toBe(400);
    expect(script.json<Failed>().reason).toMatch(/link/);
    const image = await call(
      'PUT',
      `/ads/${randomUUID()}`,
      adsAdmin,
      ad({ image: 'data:image/svg+xml,<svg onload=x>' }),
    );
    expect(image.statusCode).toBe(400);
    const extra = await call('PUT', `/ads/${randomUUID()}`, adsAdmin, { ...ad(), html: '<b>' });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses members (403, the spec message), readers writing (403) and guests (401)', async () => {
    const id = await createAd();
    const attempts = [
      () => call('GET', '/ads', member),
      () => call('GET', `/ads/${id}`, member),
      () => call('GET', `/ads/${id}/stats`, member),
      () => call('PUT', `/ads/${id}`, member, ad()),
      () => call('DELETE', `/ads/${id}`, member),
      () => call('PUT', `/ads/${randomUUID()}`, adsReader, ad()),
      () => call('PUT', `/ads/${id}`, adsReader, ad()),
      () => call('DELETE', `/ads/${id}`, adsReader),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json<Failed>().reason).toBe(messages.notAuthorised);
    }
    for (const token of [client, null]) {
      expect((await call('GET', '/ads', token)).statusCode).toBe(401);
      expect((await call('PUT', `/ads/${id}`, token, ad())).statusCode).toBe(401);
      expect((await call('GET', `/ads/${id}/stats`, token)).statusCode).toBe(401);
    }
  });
});

describe('the ad a member sees', () => {
  it('serves a running newsfeed ad in its regions and window only, labelled sponsored', async () => {
    const nz = await createAd({ regions: ['ads-nz'], title: 'Kiwi tours' });
    const later = await createAd({ starts_at: now() + 3600, title: 'Later' });
    const ended = await createAd({ ends_at: now() - 1, title: 'Ended' });
    const mapOnly = await createAd({ placements: ['map'], latitude: 1, longitude: 1, title: 'Map only' });
    await withOnly([nz, later, ended, mapOnly], async () => {
      const inNz = await call('GET', '/ads/impression?placement=newsfeed&location_id=ads-nz', client);
      expect(inNz.statusCode, inNz.body).toBe(200);
      const body = inNz.json<AdImpressionResponse>();
      expect(Value.Check(AdImpressionResponseSchema, body)).toBe(true);
      expect(body.ad).toMatchObject({ id: nz, title: 'Kiwi tours', sponsored: true });
      expect(body.ad).not.toHaveProperty('regions');
      const inFrance = await call('GET', '/ads/impression?location_id=ads-fr', member);
      expect(inFrance.json<AdImpressionResponse>().ad).toBeNull();

      // Its start comes (moved in the table: advancing the clock would expire the tokens).
      await t.db
        .updateTable('ads')
        .set({ starts_at: new Date(t.clock.now() - 1000) })
        .where('id', '=', later)
        .execute();
      const afterStart = (
        await call('GET', '/ads/impression?location_id=ads-fr', member)
      ).json<AdImpressionResponse>();
      expect(afterStart.ad?.id).toBe(later);
      // One by id, for the ad's own page.
      expect((await call('GET', `/ads/impression/${nz}`, member)).json<AdImpressionResponse>().ad?.id).toBe(
        nz,
      );
      expect(
        (await call('GET', `/ads/impression/${ended}`, member)).json<AdImpressionResponse>().ad,
      ).toBeNull();
    });
  });

  it('serves map ads inside the box, none when zoomed far out', async () => {
    const here = await createAd({ placements: ['map'], latitude: -41.3, longitude: 174.8, title: 'Here' });
    const there = await createAd({ placements: ['map'], latitude: 48.8, longitude: 2.3, title: 'There' });
    // In the box but a newsfeed ad only: never on the map.
    const feedOnly = await createAd({ placements: ['newsfeed'], latitude: -41.2, longitude: 174.7 });
    await withOnly([here, there, feedOnly], async () => {
      const response = await call('GET', '/ads/map?bounds=170,-45,178,-35&zoom=8', client);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<AdMapResponse>();
      expect(Value.Check(AdMapResponseSchema, body)).toBe(true);
      expect(body.ads.map((a) => a.id)).toEqual([here]);
      const far = await call('GET', '/ads/map?bounds=-180,-90,180,90&zoom=1', client);
      expect(far.json<AdMapResponse>().ads).toEqual([]);
      expect((await call('GET', '/ads/map?bounds=10,10,0', client)).statusCode).toBe(400);
      // One ad by id, only while it is inside the box.
      const one = await call('GET', `/ads/map/${here}?bounds=170,-45,178,-35&zoom=8`, client);
      expect(one.json<AdMapResponse>().ads.map((a) => a.id)).toEqual([here]);
      const outside = await call('GET', `/ads/map/${there}?bounds=170,-45,178,-35&zoom=8`, client);
      expect(outside.json<AdMapResponse>().ads).toEqual([]);
      expect((await call('GET', '/ads/map?bounds=170,-45,178,-35&zoom=8', null)).statusCode).toBe(401);
    });
  });

  it('counts impressions, views (idempotent per view id), clicks and scroll-bys per day', async () => {
    const id = await createAd({ title: 'Counted' });
    await withOnly([id], async () => {
      await call('GET', '/ads/impression', member);
      await call('GET', '/ads/impression', client);
      const at = now();
      const view = { views: 1, view_time: 1500, first_view: at, last_view: at + 2 };
      expect((await call('PUT', `/ads/${id}/view/v1`, member, view)).statusCode).toBe(200);
      // The same view resent after being offline, then its later totals, then the old batch again.
      await call('PUT', `/ads/${id}/view/v1`, member, view);
      await call('PUT', `/ads/${id}/view/v1`, member, {
        ...view,
        views: 2,
        view_time: 4000,
        last_view: at + 9,
        clicked: true,
      });
      await call('PUT', `/ads/${id}/view/v1`, member, view);
      await call('PUT', `/ads/${id}/view/v2`, client, {
        views: 1,
        view_time: 500,
        first_view: at,
        last_view: at,
      });
      await call('PUT', `/ads/${id}/scrollby/v3`, client, { last_view: at });

      const stats = await call('GET', `/ads/${id}/stats`, adsReader);
      expect(stats.statusCode, stats.body).toBe(200);
      const body = stats.json<AdStatsResponse>();
      expect(Value.Check(AdStatsResponseSchema, body)).toBe(true);
      expect(body.totals).toEqual({
        impressions: 2,
        views: 3,
        view_time: 4500,
        viewers: 2,
        clicks: 1,
        scrollbys: 1,
      });
      expect(body.days).toHaveLength(1);
      expect(body.days[0]?.day).toBe(new Date(at * 1000).toISOString().slice(0, 10));

      const unknown = await call('PUT', `/ads/${randomUUID()}/view/v1`, member, view);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<Failed>().reason).toBe(messages.adNotFound);
      expect((await call('PUT', `/ads/${id}/view/bad%20id`, member, view)).statusCode).toBe(400);
      expect((await call('PUT', `/ads/${id}/view/v9`, null, view)).statusCode).toBe(401);
    });
  });
});

describe('OpenAPI', () => {
  it('documents every call of issue 18 (pages, help, reports, user administration, ads)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace('/api/v1.0', '')}`),
    );
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /cms/pages',
        'PUT /cms/pages/{id}',
        'DELETE /cms/pages/{id}',
        'PUT /help/{id}',
        'DELETE /help/{id}',
        'POST /report_issue/create',
        'POST /report_issue/create_note',
        'GET /report_issue/list',
        'GET /report_issue/{id}',
        'POST /report_issue/{action}',
        'GET /admin/users',
        'GET /admin/users/{id}',
        'PUT /admin/users/{id}',
        'GET /ads/impression',
        'GET /ads/impression/{id}',
        'GET /ads/map',
        'GET /ads/map/{id}',
        'PUT /ads/{id}/view/{x}',
        'PUT /ads/{id}/scrollby/{x}',
        'GET /ads/{id}/stats',
        'GET /ads',
        'GET /ads/{id}',
        'PUT /ads/{id}',
        'DELETE /ads/{id}',
      ]),
    );
  });
});
