/**
 * Logbooks on a real database (issue 19; docs/shop.md "Logbooks"): owned by buying (granted once on
 * fulfilment) or by a printed code (two members redeeming one code at once: exactly one wins);
 * progress from the member's sightings; 400 naming the field, 401, 403 (admins only for codes,
 * owners only for a logbook's content), 404.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentResponse, ProductResponse } from '@contract/shop';
import {
  buildTestApp,
  createLocation,
  createMember,
  fetchClientToken,
  signIn,
  type TestApp,
  callApi,
} from './helpers';
import { present } from '../../src/test/present';
import { logbookInput } from './shop-helpers';

let t: TestApp;
let admin: string;
let member: string;
let memberId: string;
let other: string;
let client: string;
let logbook: string;

function call(method: 'GET' | 'PUT' | 'POST', path: string, token?: string, payload?: object) {
  return callApi(t, method, path, token, payload);
}

async function species(id: string, classifications: string[]) {
  await sql`INSERT INTO species (id, group_id, classifications, scientific_name, name, taxa, source, source_id, mod, rev)
    VALUES (${id}, 'mammals', ${classifications}, ${`Testus ${id}`}, ${`Test ${id}`}, '{}'::jsonb, 'mdd', ${id}, 1, '1_x')`.execute(
    t.db,
  );
  await sql`INSERT INTO species_locations (species_id, location_id, occurrence, source) VALUES (${id}, 'XT', 'present', 'test')`.execute(
    t.db,
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  await createLocation(t, { id: 'XT', name: 'Testland' });
  await species('test-lion', ['mammals-larger']);
  await species('test-kudu', ['mammals-larger']);
  await species('test-mouse', ['mammals-small']);
  admin = (await signIn(t, await createMember(t, { roles: ['member', 'admin'] }))).auth_token;
  const buyer = await createMember(t);
  memberId = buyer.id;
  member = (await signIn(t, buyer)).auth_token;
  other = (await signIn(t, await createMember(t))).auth_token;
  client = await fetchClientToken(t);
  const created = await call('POST', '/merchant/products', admin, logbookInput());
  logbook = created.json<ProductResponse>().product.id;
}, 300_000);
afterAll(() => t.close());

describe('logbooks', () => {
  it('lists the logbooks on sale with their checklist size, to guests', async () => {
    const response = await call('GET', '/logbooks', client);
    expect(response.json()).toMatchObject({ logbooks: [{ product_id: logbook, species_total: 2 }] });
    const one = await call('GET', `/logbooks/product/${logbook}`, member);
    expect(one.json()).toMatchObject({ owned: false, logbook: { species_total: 2 } });
    expect(
      (await call('GET', '/logbooks/product/00000000-0000-4000-8000-000000000000', client)).statusCode,
    ).toBe(404);
  });

  it('grants a bought logbook once, however often the payment is confirmed', async () => {
    const { redirect_url } = (
      await call('PUT', '/commerce/payment', member, {
        cart: [{ product_id: logbook, quantity: 1 }],
        contact: { name: 'Buyer', email: 'buyer@example.org' },
        billing: {},
        payment: {},
      })
    ).json<PaymentResponse>();
    for (let i = 0; i < 2; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: redirect_url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'action=pay&card_number=4242424242424242',
      });
    }
    const owned = await call('GET', '/logbooks/owned', member);
    expect(owned.json()).toMatchObject({
      logbooks: [{ product_id: logbook, user_id: memberId, seen: 0, species_total: 2 }],
    });
    const rows = await t.db.selectFrom('user_logbooks').selectAll().where('user_id', '=', memberId).execute();
    expect(rows).toHaveLength(1);
  });

  it("ticks the owner's sightings of the checklist's species", async () => {
    await sql`INSERT INTO sighting_groups (owner_id, species_id, public, places, count, first_date, first_id, last_date)
      VALUES (${memberId}::uuid, 'test-lion', true, '{XT}', 3, 1700000000, 'obs-1', 1700001000),
             (${memberId}::uuid, 'test-mouse', true, '{XT}', 1, 1700000000, 'obs-2', 1700000000)`.execute(
      t.db,
    );
    const refresh = await call('GET', `/logbooks/refresh/${logbook}`, member);
    expect(refresh.json()).toMatchObject({
      logbook: { seen: 1 },
      ticks: [{ species_id: 'test-lion', count: 3, first_date: 1700000000 }],
    });
    const download = await call('GET', `/logbooks/download/${logbook}`, member);
    expect(
      download
        .json<{ species: { species_id: string }[] }>()
        .species.map((s) => s.species_id)
        .sort(),
    ).toEqual(['test-kudu', 'test-lion']);
    expect((await call('GET', `/logbooks/download/${logbook}`, other)).statusCode).toBe(403);
    expect((await call('GET', `/logbooks/refresh/${logbook}`, other)).statusCode).toBe(403);
    expect((await call('GET', `/logbooks/owned`, client)).statusCode).toBe(401);
  });

  it('activation codes: admins print them; one code, two members at once, exactly one wins', async () => {
    expect(
      (await call('POST', '/logbooks/codes', member, { product_id: logbook, count: 2 })).statusCode,
    ).toBe(403);
    const batch = await call('POST', '/logbooks/codes', admin, {
      product_id: logbook,
      count: 2,
      batch: 'test',
    });
    expect(batch.statusCode).toBe(200);
    const { codes, csv } = batch.json<{ codes: string[]; csv: string }>();
    expect(codes).toHaveLength(2);
    expect(csv.split('\n')[0]).toBe('code,product_id,batch');
    const third = (await signIn(t, await createMember(t))).auth_token;
    const code = present(codes[0], 'a generated code');
    const results = await Promise.all([
      call('PUT', '/logbooks/activate', other, { activation_code: code.toLowerCase() }),
      call('PUT', '/logbooks/activate', third, { activation_code: code }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = present(
      results.find((r) => r.statusCode === 409),
      'a refused activation',
    );
    expect(loser.json<{ reason: string }>().reason).toContain('already been used');
  });

  it('refuses malformed and unknown codes naming activation_code; an owner keeps the code unused', async () => {
    const malformed = await call('PUT', '/logbooks/activate', member, { activation_code: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ reason: string }>().reason).toContain('activation_code');
    const unknown = await call('PUT', '/logbooks/activate', member, { activation_code: 'AAAA-BBBB-CCCC' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ reason: string }>().reason).toContain('no such code');
    const codes = (await call('POST', '/logbooks/codes', admin, { product_id: logbook, count: 1 })).json<{
      codes: string[];
    }>().codes;
    const code = present(codes[0], 'a generated code');
    expect((await call('PUT', '/logbooks/activate', member, { activation_code: code })).statusCode).toBe(409);
    const row = await t.db
      .selectFrom('activation_codes')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.redeemed_by).toBeNull();
    expect((await call('PUT', '/logbooks/activate', undefined, { activation_code: code })).statusCode).toBe(
      401,
    );
  });
});
