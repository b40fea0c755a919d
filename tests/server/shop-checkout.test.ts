/**
 * Carts, discount codes, payment and fulfilment on a real database (issue 19; docs/shop.md): server
 * prices only, discount limits taken atomically (two checkouts racing for a one-use code: exactly
 * one wins), the embedded TEST gateway, and Stripe Checkout with Stripe's HTTP API stubbed at the
 * boundary and webhooks signed by the library's own test helper. A replayed outcome settles once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, OrderResponse, PaymentResponse, ProductResponse } from '@contract/shop';
import {
  api,
  buildTestApp,
  createLocation,
  createMember,
  fetchClientToken,
  signIn,
  type TestApp,
  callApi,
} from './helpers';
import { appWithStripeStub, logbookInput, stripeCheckoutOf, type StripeRequest } from './shop-helpers';
import { present } from '../../src/test/present';

let t: TestApp;
let admin: string;
let member: string;
let memberId: string;
let other: string;
let client: string;
let logbook: string;
let item: string;

function call(app: TestApp, method: 'GET' | 'PUT' | 'POST', path: string, token?: string, payload?: object) {
  return callApi(app, method, path, token, payload);
}

const checkout = (token: string, cart: object[], discount?: string, app = t) =>
  call(app, 'PUT', '/commerce/payment', token, {
    cart,
    contact: { name: 'Test Buyer', email: 'buyer@example.org' },
    billing: { country: 'ZA' },
    payment: {},
    ...(discount ? { discount } : {}),
  });

const form = (path: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

async function product(app: TestApp, token: string, overrides = {}) {
  const response = await call(app, 'POST', '/merchant/products', token, logbookInput(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductResponse>().product.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  await createLocation(t, { id: 'XT', name: 'Testland' });
  admin = (await signIn(t, await createMember(t, { roles: ['member', 'admin'] }))).auth_token;
  const buyer = await createMember(t);
  memberId = buyer.id;
  member = (await signIn(t, buyer)).auth_token;
  other = (await signIn(t, await createMember(t))).auth_token;
  client = await fetchClientToken(t);
  logbook = await product(t, admin);
  item = await product(t, admin, {
    name: 'Test field notebook',
    kind: 'physical',
    grants: {},
    stock: 2,
    price_minor: 700,
  });
}, 300_000);
afterAll(() => t.close());

describe('carts', () => {
  it('prices a guest cart from the product table, ignoring any client price', async () => {
    const put = await call(t, 'PUT', '/commerce/guest-device-cart-0001/cart', client, {
      items: [{ product_id: logbook, quantity: 2, unit_price_minor: 1 }],
    });
    expect(put.statusCode, put.body).toBe(200);
    const cart = put.json<CartResponse>().cart;
    expect(cart.items[0]).toMatchObject({ unit_price_minor: 1500, line_total_minor: 3000, available: true });
    expect(cart.subtotal_minor).toBe(3000);
  });

  it("merges a guest cart into the member's on sign-in; another member gets 403", async () => {
    const merged = await call(t, 'PUT', `/commerce/${memberId}/cart`, member, {
      items: [{ product_id: item, quantity: 1 }],
      merge_from: 'guest-device-cart-0001',
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json<CartResponse>().cart.subtotal_minor).toBe(3700);
    const guest = await call(t, 'GET', '/commerce/guest-device-cart-0001/cart', client);
    expect(guest.json<CartResponse>().cart.items).toEqual([]);
    expect((await call(t, 'GET', `/commerce/${memberId}/cart`, other)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/commerce/${memberId}/cart`, client)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/commerce/x/cart', client)).statusCode).toBe(400);
  });
});

describe('discount codes', () => {
  it('are created by admins only, with a reason naming the field', async () => {
    const code = { code: 'TEST-HALF', type: 'percent', value: 50 };
    expect((await call(t, 'POST', '/commerce/discount_codes', member, code)).statusCode).toBe(403);
    expect((await call(t, 'POST', '/commerce/discount_codes', admin, code)).statusCode).toBe(200);
    expect((await call(t, 'POST', '/commerce/discount_codes', admin, code)).statusCode).toBe(409);
    const bad = await call(t, 'POST', '/commerce/discount_codes', admin, {
      code: 'TEST-PCT',
      type: 'percent',
      value: 150,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ reason: string }>().reason).toContain('value');
    const noCurrency = await call(t, 'POST', '/commerce/discount_codes', admin, {
      code: 'TEST-AMT',
      type: 'amount',
      value: 100,
    });
    expect(noCurrency.json<{ reason: string }>().reason).toContain('currency');
  });

  it('are checked with a clear reason, taking nothing', async () => {
    const ok = await call(t, 'POST', '/commerce/discount_code', client, {
      discount_code: 'test-half',
      items: [{ product_id: logbook, quantity: 1 }],
    });
    expect(ok.json()).toMatchObject({ status: 'success', discount_minor: 750, discount: { uses: 0 } });
    const unknown = await call(t, 'POST', '/commerce/discount_code', client, { discount_code: 'NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ reason: string }>().reason).toContain('discount_code');
    await call(t, 'POST', '/commerce/discount_codes', admin, {
      code: 'TEST-OLD',
      type: 'percent',
      value: 10,
      valid_until: '2020-01-01T00:00:00Z',
    });
    const old = await call(t, 'POST', '/commerce/discount_code', client, { discount_code: 'TEST-OLD' });
    expect(old.json<{ reason: string }>().reason).toContain('expired');
  });

  it('with one use left, two checkouts at once: exactly one wins', async () => {
    await call(t, 'POST', '/commerce/discount_codes', admin, {
      code: 'TEST-ONCE',
      type: 'percent',
      value: 100,
      max_uses: 1,
    });
    const results = await Promise.all([
      checkout(member, [{ product_id: logbook, quantity: 1 }], 'TEST-ONCE'),
      checkout(other, [{ product_id: logbook, quantity: 1 }], 'TEST-ONCE'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = present(
      results.find((r) => r.statusCode === 400),
      'the refused checkout',
    );
    expect(refused.json<{ reason: string }>().reason).toContain('used up');
    const won = present(
      results.find((r) => r.statusCode === 200),
      'the accepted checkout',
    ).json<PaymentResponse>();
    // A 100 % code needs no provider: the order is fulfilled at once.
    expect(won.order).toMatchObject({ status: 'fulfilled', total_minor: 0, discount_minor: 1500 });
    expect(won.redirect_url).toBe(`/fulfilment/${won.order.transaction_id}/success`);
  });
});

describe('payment with the embedded TEST gateway', () => {
  it('ignores a tampered price, pays with the test card and fulfils once', async () => {
    const response = await checkout(member, [{ product_id: logbook, quantity: 1, unit_price_minor: 1 }]);
    expect(response.statusCode, response.body).toBe(200);
    const { order, redirect_url } = response.json<PaymentResponse>();
    expect(order).toMatchObject({ status: 'pending', total_minor: 1500, provider: 'test' });
    expect(redirect_url).toBe(api(`/commerce/test_gateway/${order.transaction_id}`));
    const pageHtml = await t.app.inject({ method: 'GET', url: redirect_url });
    expect(pageHtml.body).toContain('TEST PAYMENT GATEWAY');
    const paid = await form(redirect_url, { action: 'pay', card_number: '4242 4242 4242 4242' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/fulfilment/${order.transaction_id}/success`);
    const again = await form(redirect_url, { action: 'pay', card_number: '4242424242424242' });
    expect(again.headers.location).toBe(`/fulfilment/${order.transaction_id}/success`);
    const events = await t.app.shop.orders.events(order.transaction_id);
    expect(events.map((event) => event.to_status)).toEqual(['pending', 'paid', 'fulfilled']);
    const read = await call(t, 'GET', `/commerce/orders/${order.transaction_id}`, member);
    expect(read.json<OrderResponse>().order.status).toBe('fulfilled');
    expect((await call(t, 'GET', `/commerce/orders/${order.transaction_id}`, other)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/commerce/orders/${order.transaction_id}`, admin)).statusCode).toBe(200);
  });

  it('a declined card fails the order and gives the stock and the discount use back', async () => {
    await call(t, 'POST', '/commerce/discount_codes', admin, {
      code: 'TEST-TEN',
      type: 'amount',
      value: 100,
      currency: 'USD',
      max_uses: 1,
    });
    const response = await checkout(member, [{ product_id: item, quantity: 2 }], 'TEST-TEN');
    const { order, redirect_url } = response.json<PaymentResponse>();
    expect(order).toMatchObject({ subtotal_minor: 1400, discount_minor: 100, total_minor: 1300 });
    expect(present(await t.app.shop.products.byId(item), 'the product').stock).toBe(0);
    const sold = await checkout(other, [{ product_id: item, quantity: 1 }]);
    expect(sold.statusCode).toBe(400);
    expect(sold.json<{ reason: string }>().reason).toContain('cart');
    const declined = await form(redirect_url, { action: 'pay', card_number: '4000000000000002' });
    expect(declined.headers.location).toBe(`/fulfilment/${order.transaction_id}/failed`);
    expect(present(await t.app.shop.products.byId(item), 'the product').stock).toBe(2);
    const code = await call(t, 'POST', '/commerce/discount_code', client, { discount_code: 'TEST-TEN' });
    expect(code.json()).toMatchObject({ discount: { uses: 0 } });
  });

  it('asks for a second step with the 3155 card', async () => {
    const { order, redirect_url } = (
      await checkout(member, [{ product_id: logbook, quantity: 1 }])
    ).json<PaymentResponse>();
    const step = await form(redirect_url, { action: 'pay', card_number: '4000002500003155' });
    expect(step.body).toContain('Complete authentication');
    const done = await form(redirect_url, { action: 'authenticated' });
    expect(done.headers.location).toBe(`/fulfilment/${order.transaction_id}/success`);
  });

  it('answers 400 naming the field, 401 signed out', async () => {
    const bad = await call(t, 'PUT', '/commerce/payment', member, {
      cart: [],
      contact: { name: 'x' },
      billing: {},
      payment: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ reason: string }>().reason).toContain('email');
    expect((await checkout(member, [])).json<{ reason: string }>().reason).toContain('cart');
    expect((await checkout(client, [{ product_id: logbook, quantity: 1 }])).statusCode).toBe(401);
  });
});

describe('payment with Stripe Checkout (the HTTP API stubbed at the boundary)', () => {
  let s: TestApp;
  let sessions: StripeRequest[];
  let close: () => Promise<void>;

  beforeAll(async () => {
    const stub = await appWithStripeStub(({ fields }, n) => ({
      body: {
        id: `cs_test_${n}`,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/pay/cs_test_${n}`,
        client_reference_id: fields.client_reference_id,
      },
    }));
    ({ app: s, requests: sessions, close } = stub);
  }, 300_000);
  afterAll(() => close());

  it('creates a Checkout Session at server prices and fulfils once on the signed webhook', async () => {
    const adminToken = (await signIn(s, await createMember(s, { roles: ['member', 'admin'] }))).auth_token;
    const buyer = (await signIn(s, await createMember(s))).auth_token;
    const id = await product(s, adminToken);
    const response = await checkout(
      buyer,
      [{ product_id: id, quantity: 1, unit_price_minor: 1 }],
      undefined,
      s,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { order, redirect_url } = response.json<PaymentResponse>();
    expect(redirect_url).toBe('https://checkout.stripe.test/pay/cs_test_1');
    expect(sessions[0]).toMatchObject({
      path: '/v1/checkout/sessions',
      auth: 'Bearer sk_test_fieldmark',
      fields: {
        client_reference_id: order.transaction_id,
        'line_items[0][price_data][unit_amount]': '1500',
        'line_items[0][price_data][currency]': 'usd',
      },
    });
    expect(
      (await s.app.inject({ method: 'GET', url: api(`/commerce/test_gateway/${order.transaction_id}`) }))
        .statusCode,
    ).toBe(404);

    const payload = JSON.stringify({
      id: 'evt_test_1',
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
    const webhook = (signature: string) =>
      s.app.inject({
        method: 'POST',
        url: api('/commerce/webhook/stripe'),
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    expect((await webhook('t=1,v1=forged')).statusCode).toBe(400);
    expect((await webhook(provider.signatureFor(payload))).statusCode).toBe(200);
    expect((await webhook(provider.signatureFor(payload))).statusCode).toBe(200);
    const events = await s.app.shop.orders.events(order.transaction_id);
    expect(events.map((event) => event.to_status)).toEqual(['pending', 'paid', 'fulfilled']);
    expect(present(events[1], 'the paid event').source).toBe('stripe:evt_test_1');
  });
});
