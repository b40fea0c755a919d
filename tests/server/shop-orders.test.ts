/**
 * Order history, the admin's order list, refunds, the admin's discount codes and code batches on a
 * real database (issue 19; docs/shop.md "Orders and refunds"): a member reads only their own orders;
 * admins list every order with its history and refund a paid one, which takes back the logbook it
 * granted and is recorded; an order that was not paid cannot be refunded; Stripe refunds go to the
 * session's PaymentIntent (Stripe's HTTP API stubbed at the boundary). Members get 403 on every
 * admin call.
 */
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
import type { StripeCheckout } from '../../server/plugins/app/shop/payments';
import { api, buildTestApp, callApi, createLocation, createMember, signIn, type TestApp } from './helpers';
import { appWithStripeStub, logbookInput, type StripeRequest } from './shop-helpers';

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
    expect((await call(t, 'POST', `/merchant/orders/${id}/refund`, member)).statusCode).toBe(403);
    expect((await call(t, 'POST', `/merchant/orders/${id}/refund`, other)).statusCode).toBe(403);
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
    const order = orders.find((o) => o.transaction_id === id)!;
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
    const refunded = await call(t, 'POST', `/merchant/orders/${id}/refund`, admin);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const { order } = refunded.json<MerchantOrderResponse>();
    expect(order.status).toBe('refunded');
    expect(order.events.at(-1)).toMatchObject({
      from_status: 'fulfilled',
      to_status: 'refunded',
      source: `refund:${adminId} test-refund:${id}`,
    });
    expect(await ownsLogbook(buyer)).toBe(false);
    expect((await call(t, 'GET', `/logbooks/download/${logbook}`, buyer)).statusCode).toBe(403);
    // Twice: the order is no longer paid.
    const again = await call(t, 'POST', `/merchant/orders/${id}/refund`, admin);
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
    expect((await call(t, 'POST', `/merchant/orders/${first}/refund`, admin)).statusCode).toBe(200);
    expect(await ownsLogbook(buyer)).toBe(true);
  });

  it('refuses an order that was never paid (409) and an unknown one (404)', async () => {
    const pending = (await checkout(t, member, logbook)).json<PaymentResponse>().order.transaction_id;
    const refused = await call(t, 'POST', `/merchant/orders/${pending}/refund`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ reason: string }>().reason).toContain('pending');
    const unknown = await call(
      t,
      'POST',
      '/merchant/orders/00000000-0000-4000-8000-000000000000/refund',
      admin,
    );
    expect(unknown.statusCode).toBe(404);
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
    const [code] = printed.json<{ codes: string[] }>().codes;
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
    expect(lines.find((line) => line.startsWith(code!))).toMatch(/,spring,\d{4}-/);
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

  it("refunds the session's PaymentIntent once; a provider refusal changes nothing (502)", async () => {
    const adminToken = (await signIn(s, await createMember(s, { roles: ['member', 'admin'] }))).auth_token;
    const buyer = (await signIn(s, await createMember(s))).auth_token;
    const product = (
      await call(s, 'POST', '/merchant/products', adminToken, logbookInput())
    ).json<ProductResponse>().product.id;
    const { order } = (await checkout(s, buyer, product)).json<PaymentResponse>();
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
    const provider = s.app.shop.provider as StripeCheckout;
    const webhook = await s.app.inject({
      method: 'POST',
      url: api('/commerce/webhook/stripe'),
      headers: { 'content-type': 'application/json', 'stripe-signature': provider.signatureFor(payload) },
      payload,
    });
    expect(webhook.statusCode).toBe(200);

    refundAnswers = 400;
    const refused = await call(s, 'POST', `/merchant/orders/${order.transaction_id}/refund`, adminToken);
    expect(refused.statusCode).toBe(502);
    expect(
      (
        await call(s, 'GET', `/merchant/orders/${order.transaction_id}`, adminToken)
      ).json<MerchantOrderResponse>().order.status,
    ).toBe('fulfilled');

    refundAnswers = 200;
    const refunded = await call(s, 'POST', `/merchant/orders/${order.transaction_id}/refund`, adminToken);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<MerchantOrderResponse>().order.events.at(-1)!.source).toContain('re_test_1');
    const refundCalls = requests.filter((r) => r.path.startsWith('/v1/refunds'));
    expect(refundCalls.at(-1)).toMatchObject({
      method: 'POST',
      fields: { payment_intent: 'pi_test_1', 'metadata[order_id]': order.transaction_id },
      key: `fieldmark-refund-${order.transaction_id}`,
    });
    expect(
      requests.some((r) => r.method === 'GET' && r.path.startsWith('/v1/checkout/sessions/cs_test_1')),
    ).toBe(true);
  });
});
