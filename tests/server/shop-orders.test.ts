/**
 * Order history, the admin's order list, refunds, the admin's discount codes and code batches on a
 * real database (issue 19; docs/shop.md "Orders and refunds"): a member reads only their own orders;
 * admins list every order with its history and refund a paid one, which takes back the logbook it
 * granted and is recorded; an order that was not paid cannot be refunded; Stripe refunds go to the
 * session's PaymentIntent (Stripe's HTTP API stubbed at the boundary). Members get 403 on every
 * admin call.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeBatchesResponse } from '@contract/logbooks';
import type {
  DiscountsResponse,
  MerchantOrderResponse,
  MerchantOrdersResponse,
  OrdersResponse,
  PaymentResponse,
  ProductResponse,
} from '@contract/shop';
import { api, buildTestApp, callApi, createLocation, createMember, signIn, type TestApp } from './helpers';
import { appWithStripeStub, logbookInput, stripeCheckoutOf, type StripeRequest } from './shop-helpers';
import { present } from '../../src/test/present';

let t: TestApp;
let admin: string;
let adminId: string;
let member: string;
let other: string;
let logbook: string;

const call = (app: TestApp, method: 'GET' | 'PUT' | 'POST', path: string, token?: string, payload?: object) =>
  callApi(app, method, path, token, payload);

const checkout = (app: TestApp, token: string, productId: string) =>
  call(app, 'PUT', '/commerce/payment', token, {
    cart: [{ product_id: productId, quantity: 1 }],
    contact: { name: 'Test Buyer', email: 'buyer@example.org' },
    billing: {},
    payment: {},
  });

/** An order paid with the TEST gateway's card. */
async function paidOrder(token: string): Promise<string> {
  const { order, redirect_url } = (await checkout(t, token, logbook)).json<PaymentResponse>();
  const paid = await t.app.inject({
    method: 'POST',
    url: redirect_url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ action: 'pay', card_number: '4242424242424242' }).toString(),
  });
  expect(paid.headers.location).toBe(`/fulfilment/${order.transaction_id}/success`);
  return order.transaction_id;
}

const ownsLogbook = async (token: string) =>
  (await call(t, 'GET', '/logbooks/owned', token))
    .json<{ logbooks: { product_id: string }[] }>()
    .logbooks.some((owned) => owned.product_id === logbook);

beforeAll(async () => {
  t = await buildTestApp();
  await createLocation(t, { id: 'XT', name: 'Testland' });
  const adminUser = await createMember(t, { roles: ['member', 'admin'] });
  adminId = adminUser.id;
  admin = (await signIn(t, adminUser)).auth_token;
  member = (await signIn(t, await createMember(t))).auth_token;
  other = (await signIn(t, await createMember(t))).auth_token;
  logbook = (await call(t, 'POST', '/merchant/products', admin, logbookInput())).json<ProductResponse>()
    .product.id;
}, 300_000);
afterAll(() => t.close());

describe('order history', () => {
  it("answers the member's own orders, newest first, and nobody else's", async () => {
    const first = await paidOrder(member);
    const second = (await checkout(t, member, logbook)).json<PaymentResponse>().order.transaction_id;
    await paidOrder(other);
    const mine = await call(t, 'GET', '/commerce/orders', member);
    expect(mine.statusCode, mine.body).toBe(200);
    const ids = mine.json<OrdersResponse>().orders.map((order) => order.transaction_id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(ids).toHaveLength(2);
    expect((await call(t, 'GET', '/commerce/orders')).statusCode).toBe(401);
  });
});

describe('admin orders and refunds', () => {
  it('are for admins only: 403 for a member on every call', async () => {
    const id = await paidOrder(other);
    expect((await call(t, 'GET', '/merchant/orders', member)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/merchant/orders/${id}`, member)).statusCode).toBe(403);
    const whole = { refund_id: randomUUID() };
    const oneLine = { refund_id: randomUUID(), lines: [{ product_id: logbook, quantity: 1 }] };
    for (const body of [whole, oneLine]) {
      expect((await call(t, 'POST', `/merchant/orders/${id}/refund`, member, body)).statusCode).toBe(403);
      expect((await call(t, 'POST', `/merchant/orders/${id}/refund`, other, body)).statusCode).toBe(403);
    }
    expect(
      (await call(t, 'GET', `/merchant/orders/${id}`, admin)).json<MerchantOrderResponse>().order.status,
    ).toBe('fulfilled');
  });

  it('lists every order with the buyer and its history, filtered by status', async () => {
    const id = await paidOrder(member);
    const list = await call(t, 'GET', '/merchant/orders?status=fulfilled&limit=100', admin);
    expect(list.statusCode, list.body).toBe(200);
    const { orders, total } = list.json<MerchantOrdersResponse>();
    expect(orders.every((order) => order.status === 'fulfilled')).toBe(true);
    expect(total).toBe(orders.length);
    const order = present(
      orders.find((o) => o.transaction_id === id),
      'the order',
    );
    expect(order.contact).toEqual({ name: 'Test Buyer', email: 'buyer@example.org' });
    expect(order.events.map((event) => event.to_status)).toEqual(['pending', 'paid', 'fulfilled']);
    const page = (
      await call(t, 'GET', '/merchant/orders?limit=1&offset=1', admin)
    ).json<MerchantOrdersResponse>();
    expect(page.orders).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    expect((await call(t, 'GET', '/merchant/orders?status=shipped', admin)).statusCode).toBe(400);
  });

  it('refunds a paid order once, takes back its logbook, and records who did it', async () => {
    const buyer = (await signIn(t, await createMember(t))).auth_token;
    const id = await paidOrder(buyer);
    expect(await ownsLogbook(buyer)).toBe(true);
    const refundId = randomUUID();
    const refunded = await call(t, 'POST', `/merchant/orders/${id}/refund`, admin, { refund_id: refundId });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const { order } = refunded.json<MerchantOrderResponse>();
    expect(order.status).toBe('refunded');
    expect(order.events.at(-1)).toMatchObject({
      from_status: 'fulfilled',
      to_status: 'refunded',
      source: `refund:${adminId} test-refund:${refundId}`,
    });
    expect(order.refunds).toEqual([
      expect.objectContaining({
        refund_id: refundId,
        amount_minor: 1500,
        admin_id: adminId,
        state: 'succeeded',
      }),
    ]);
    expect(await ownsLogbook(buyer)).toBe(false);
    expect((await call(t, 'GET', `/logbooks/download/${logbook}`, buyer)).statusCode).toBe(403);
    // Another refund: the order is no longer paid.
    const again = await call(t, 'POST', `/merchant/orders/${id}/refund`, admin, { refund_id: randomUUID() });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ reason: string }>().reason).toContain('refunded');
    // The member sees it refunded in their history.
    const history = (await call(t, 'GET', '/commerce/orders', buyer)).json<OrdersResponse>().orders;
    expect(history.map((o) => o.status)).toEqual(['refunded']);
  });

  it('keeps the logbook when another paid order of the member holds it too', async () => {
    const buyer = (await signIn(t, await createMember(t))).auth_token;
    const first = await paidOrder(buyer);
    await paidOrder(buyer);
    expect(
      (await call(t, 'POST', `/merchant/orders/${first}/refund`, admin, { refund_id: randomUUID() }))
        .statusCode,
    ).toBe(200);
    expect(await ownsLogbook(buyer)).toBe(true);
  });

  it('refuses an order that was never paid (409) and an unknown one (404)', async () => {
    const pending = (await checkout(t, member, logbook)).json<PaymentResponse>().order.transaction_id;
    const refused = await call(t, 'POST', `/merchant/orders/${pending}/refund`, admin, {
      refund_id: randomUUID(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ reason: string }>().reason).toContain('pending');
    const unknown = await call(
      t,
      'POST',
      '/merchant/orders/00000000-0000-4000-8000-000000000000/refund',
      admin,
      { refund_id: randomUUID() },
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('partial refunds', () => {
  let second: string;
  const owns = async (token: string, productId: string) =>
    (await call(t, 'GET', '/logbooks/owned', token))
      .json<{ logbooks: { product_id: string }[] }>()
      .logbooks.some((owned) => owned.product_id === productId);
  const refund = (id: string, body: object) => call(t, 'POST', `/merchant/orders/${id}/refund`, admin, body);

  beforeAll(async () => {
    second = (
      await call(
        t,
        'POST',
        '/merchant/products',
        admin,
        logbookInput({ name: 'Test logbook: birds of Testland', price_minor: 1000 }),
      )
    ).json<ProductResponse>().product.id;
    expect(
      (
        await call(t, 'POST', '/commerce/discount_codes', admin, {
          code: 'REFUND-TEN',
          type: 'percent',
          value: 10,
        })
      ).statusCode,
    ).toBe(200);
  });

  /** 1 × the first logbook (15.00) and 2 × the second (10.00 each), 10 % off: 35.00 − 3.50 = 31.50, paid. */
  async function twoLineOrder(token: string): Promise<string> {
    const started = await call(t, 'PUT', '/commerce/payment', token, {
      cart: [
        { product_id: logbook, quantity: 1 },
        { product_id: second, quantity: 2 },
      ],
      contact: { name: 'Test Buyer', email: 'buyer@example.org' },
      billing: {},
      payment: {},
      discount: 'REFUND-TEN',
    });
    expect(started.statusCode, started.body).toBe(200);
    const { order, redirect_url } = started.json<PaymentResponse>();
    expect(order.total_minor).toBe(3150);
    await t.app.inject({
      method: 'POST',
      url: redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ action: 'pay', card_number: '4242424242424242' }).toString(),
    });
    return order.transaction_id;
  }

  it("refunds chosen lines at the server's amounts, takes a logbook back only with its own line, then the rest", async () => {
    const buyer = (await signIn(t, await createMember(t))).auth_token;
    const id = await twoLineOrder(buyer);
    const first = randomUUID();
    const one = await refund(id, { refund_id: first, lines: [{ product_id: second, quantity: 1 }] });
    expect(one.statusCode, one.body).toBe(200);
    let order = one.json<MerchantOrderResponse>().order;
    expect(order.status).toBe('partially_refunded');
    // 10.00 of 35.00 at prices is 9.00 of the 31.50 paid (the discount shared).
    expect(order.refunds).toEqual([
      expect.objectContaining({
        refund_id: first,
        amount_minor: 900,
        lines: [
          { product_id: second, name: 'Test logbook: birds of Testland', quantity: 1, amount_minor: 900 },
        ],
        admin_id: adminId,
        reference: `test-refund:${first}`,
        state: 'succeeded',
      }),
    ]);
    expect(order.events.at(-1)).toMatchObject({ from_status: 'fulfilled', to_status: 'partially_refunded' });
    // One of two units back: the logbook of that line stays, as does the other.
    expect(await owns(buyer, second)).toBe(true);
    expect(await owns(buyer, logbook)).toBe(true);

    // More than is left: refused, with what is left.
    const tooMany = await refund(id, {
      refund_id: randomUUID(),
      lines: [{ product_id: second, quantity: 2 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json<{ reason: string }>().reason).toBe(
      'lines: only 1 of 2 × Test logbook: birds of Testland can still be refunded (1 already refunded).',
    );
    // Not a line of the order; a line twice; an amount from the client is not part of the call.
    const other = (await call(t, 'POST', '/merchant/products', admin, logbookInput())).json<ProductResponse>()
      .product.id;
    expect(
      (await refund(id, { refund_id: randomUUID(), lines: [{ product_id: other, quantity: 1 }] })).statusCode,
    ).toBe(400);
    expect(
      (
        await refund(id, {
          refund_id: randomUUID(),
          lines: [
            { product_id: second, quantity: 1 },
            { product_id: second, quantity: 1 },
          ],
        })
      ).statusCode,
    ).toBe(400);
    expect((await refund(id, { refund_id: randomUUID(), amount_minor: 1 })).statusCode).toBe(400);

    // The same request again is the same refund; the same id for other lines is refused.
    const repeated = await refund(id, { refund_id: first, lines: [{ product_id: second, quantity: 1 }] });
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(repeated.json<MerchantOrderResponse>().order.refunds).toHaveLength(1);
    expect(
      (await refund(id, { refund_id: first, lines: [{ product_id: logbook, quantity: 1 }] })).statusCode,
    ).toBe(409);

    // The second unit: its line is all refunded, so its logbook goes; the other stays.
    order = (
      await refund(id, { refund_id: randomUUID(), lines: [{ product_id: second, quantity: 1 }] })
    ).json<MerchantOrderResponse>().order;
    expect(order.status).toBe('partially_refunded');
    expect(order.refunds.map((r) => r.amount_minor)).toEqual([900, 900]);
    expect(await owns(buyer, second)).toBe(false);
    expect(await owns(buyer, logbook)).toBe(true);

    // No lines: all that is left; the refunds add up to exactly what was paid.
    const rest = await refund(id, { refund_id: randomUUID() });
    expect(rest.statusCode, rest.body).toBe(200);
    order = rest.json<MerchantOrderResponse>().order;
    expect(order.status).toBe('refunded');
    expect(order.refunds.map((r) => r.amount_minor)).toEqual([900, 900, 1350]);
    expect(order.refunded_minor).toBe(order.total_minor);
    expect(present(order.refunds.at(-1), 'the last refund').lines).toEqual([
      { product_id: logbook, name: 'Test logbook: mammals of Testland', quantity: 1, amount_minor: 1350 },
    ]);
    expect(await owns(buyer, logbook)).toBe(false);
    expect(order.events.map((event) => event.to_status)).toEqual([
      'pending',
      'paid',
      'fulfilled',
      'partially_refunded',
      'partially_refunded',
      'refunded',
    ]);

    // The member sees what was refunded, without who did it.
    const mine = await call(t, 'GET', `/commerce/orders/${id}`, buyer);
    const seen = mine.json<{ order: Record<string, unknown> & { refunds: object[] } }>().order;
    expect(seen.refunded_minor).toBe(3150);
    expect(seen.refunds).toHaveLength(3);
    expect(seen.refunds[0]).not.toHaveProperty('admin_id');
  });

  it('moves a refunded logbook to another order of the member that was refunded only on other lines', async () => {
    const buyer = (await signIn(t, await createMember(t))).auth_token;
    const older = await paidOrder(buyer); // holds the mammals logbook
    const newer = await twoLineOrder(buyer); // mammals again, and birds
    const birds = await refund(newer, {
      refund_id: randomUUID(),
      lines: [{ product_id: second, quantity: 2 }],
    });
    expect(birds.json<MerchantOrderResponse>().order.status).toBe('partially_refunded');
    expect(await owns(buyer, second)).toBe(false);
    expect((await refund(older, { refund_id: randomUUID() })).statusCode).toBe(200);
    expect(await owns(buyer, logbook)).toBe(true);
    // Its mammals line refunded too: nothing holds the logbook any more.
    expect((await refund(newer, { refund_id: randomUUID() })).statusCode).toBe(200);
    expect(await owns(buyer, logbook)).toBe(false);
  });
});

describe('discount codes for admins', () => {
  it('are listed with their uses and ended now; 403 for members', async () => {
    expect(
      (
        await call(t, 'POST', '/commerce/discount_codes', admin, {
          code: 'LIST-TEN',
          type: 'percent',
          value: 10,
        })
      ).statusCode,
    ).toBe(200);
    const list = await call(t, 'GET', '/commerce/discount_codes', admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<DiscountsResponse>().discounts.find((d) => d.code === 'LIST-TEN')).toMatchObject({
      uses: 0,
      valid_until: null,
    });
    expect((await call(t, 'GET', '/commerce/discount_codes', member)).statusCode).toBe(403);
    expect((await call(t, 'POST', '/commerce/discount_codes/LIST-TEN/end', member)).statusCode).toBe(403);
    const ended = await call(t, 'POST', '/commerce/discount_codes/LIST-TEN/end', admin);
    expect(ended.statusCode, ended.body).toBe(200);
    const check = await call(t, 'POST', '/commerce/discount_code', member, { discount_code: 'LIST-TEN' });
    expect(check.statusCode).toBe(400);
    expect(check.json<{ reason: string }>().reason).toContain('expired');
    expect((await call(t, 'POST', '/commerce/discount_codes/NO-SUCH/end', admin)).statusCode).toBe(404);
  });
});

describe('activation code batches for admins', () => {
  it('are listed with redemptions and exported again as CSV; 403 for members', async () => {
    const printed = await call(t, 'POST', '/logbooks/codes', admin, {
      product_id: logbook,
      count: 3,
      batch: 'spring',
    });
    expect(printed.statusCode, printed.body).toBe(200);
    const code = present(printed.json<{ codes: string[] }>().codes[0], 'the printed code');
    const redeemer = (await signIn(t, await createMember(t))).auth_token;
    expect((await call(t, 'PUT', '/logbooks/activate', redeemer, { activation_code: code })).statusCode).toBe(
      200,
    );
    const list = await call(t, 'GET', '/logbooks/codes', admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<CodeBatchesResponse>().batches.find((b) => b.batch === 'spring')).toMatchObject({
      product_id: logbook,
      product_name: logbookInput().name,
      codes: 3,
      redeemed: 1,
    });
    const csv = await call(t, 'GET', `/logbooks/codes/csv?product_id=${logbook}&batch=spring`, admin);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.json<{ csv: string }>().csv.trim().split('\n');
    expect(lines[0]).toBe('code,product_id,batch,redeemed_at');
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.startsWith(code))).toMatch(/,spring,\d{4}-/);
    expect(
      (await call(t, 'GET', `/logbooks/codes/csv?product_id=${logbook}&batch=autumn`, admin)).statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', '/logbooks/codes', member)).statusCode).toBe(403);
    expect(
      (await call(t, 'GET', `/logbooks/codes/csv?product_id=${logbook}&batch=spring`, member)).statusCode,
    ).toBe(403);
  });
});

describe('refunds with Stripe (the HTTP API stubbed at the boundary)', () => {
  let s: TestApp;
  let requests: StripeRequest[];
  let close: () => Promise<void>;
  let refundAnswers = 200;

  beforeAll(async () => {
    const stub = await appWithStripeStub(({ path }) => {
      if (path.startsWith('/v1/refunds'))
        return refundAnswers === 200
          ? { body: { id: 're_test_1', object: 'refund', status: 'succeeded' } }
          : {
              status: refundAnswers,
              body: { error: { type: 'invalid_request_error', message: 'charge already refunded' } },
            };
      const session = /^\/v1\/checkout\/sessions\/(cs_[a-z_0-9]+)/.exec(path)?.[1] ?? 'cs_test_1';
      return {
        body: {
          id: session,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/pay/${session}`,
          payment_intent: 'pi_test_1',
        },
      };
    });
    ({ app: s, requests, close } = stub);
  }, 300_000);
  afterAll(() => close());

  it("refunds a part of the session's PaymentIntent once per refund id; a provider refusal changes nothing (502)", async () => {
    const adminToken = (await signIn(s, await createMember(s, { roles: ['member', 'admin'] }))).auth_token;
    const buyer = (await signIn(s, await createMember(s))).auth_token;
    const product = (
      await call(s, 'POST', '/merchant/products', adminToken, logbookInput())
    ).json<ProductResponse>().product.id;
    const other = (
      await call(
        s,
        'POST',
        '/merchant/products',
        adminToken,
        logbookInput({ name: 'Birds', price_minor: 1000 }),
      )
    ).json<ProductResponse>().product.id;
    const { order } = (
      await call(s, 'PUT', '/commerce/payment', buyer, {
        cart: [
          { product_id: product, quantity: 1 },
          { product_id: other, quantity: 1 },
        ],
        contact: { name: 'Test Buyer', email: 'buyer@example.org' },
        billing: {},
        payment: {},
      })
    ).json<PaymentResponse>();
    const payload = JSON.stringify({
      id: 'evt_refund_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          client_reference_id: order.transaction_id,
          payment_status: 'paid',
        },
      },
    });
    const provider = stripeCheckoutOf(s);
    const webhook = await s.app.inject({
      method: 'POST',
      url: api('/commerce/webhook/stripe'),
      headers: { 'content-type': 'application/json', 'stripe-signature': provider.signatureFor(payload) },
      payload,
    });
    expect(webhook.statusCode).toBe(200);
    const path = `/merchant/orders/${order.transaction_id}/refund`;
    const birds = { refund_id: randomUUID(), lines: [{ product_id: other, quantity: 1 }] };
    const refundCalls = () => requests.filter((r) => r.path.startsWith('/v1/refunds'));

    refundAnswers = 400;
    const refused = await call(s, 'POST', path, adminToken, birds);
    expect(refused.statusCode).toBe(502);
    const unchanged = (
      await call(s, 'GET', `/merchant/orders/${order.transaction_id}`, adminToken)
    ).json<MerchantOrderResponse>().order;
    expect(unchanged.status).toBe('fulfilled');
    expect(unchanged.refunds).toEqual([]);

    refundAnswers = 200;
    const refunded = await call(s, 'POST', path, adminToken, birds);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<MerchantOrderResponse>().order.status).toBe('partially_refunded');
    expect(
      present(refunded.json<MerchantOrderResponse>().order.events.at(-1), 'the refund event').source,
    ).toContain('re_test_1');
    expect(refundCalls().at(-1)).toMatchObject({
      method: 'POST',
      fields: {
        payment_intent: 'pi_test_1',
        amount: '1000',
        'metadata[order_id]': order.transaction_id,
        'metadata[refund_id]': birds.refund_id,
      },
      key: `fieldmark-refund-${birds.refund_id}`,
    });
    // The same request again: no second call to Stripe.
    const calls = refundCalls().length;
    expect((await call(s, 'POST', path, adminToken, birds)).statusCode).toBe(200);
    expect(refundCalls()).toHaveLength(calls);
    // The rest: what is left, under its own key.
    const rest = { refund_id: randomUUID() };
    const done = await call(s, 'POST', path, adminToken, rest);
    expect(done.json<MerchantOrderResponse>().order.status).toBe('refunded');
    expect(refundCalls().at(-1)).toMatchObject({
      fields: { amount: '1500' },
      key: `fieldmark-refund-${rest.refund_id}`,
    });
    expect(
      requests.some((r) => r.method === 'GET' && r.path.startsWith('/v1/checkout/sessions/cs_test_1')),
    ).toBe(true);
  });
});
