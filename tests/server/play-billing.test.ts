/**
 * Google Play Billing for digital goods (issue 20; docs/stores.md "Play Billing") on a real database,
 * with Google's OAuth and Android Publisher endpoints stubbed at the HTTP boundary by a local server
 * (the key file's token_uri and PLAY_API_URL point there). The stub checks the service account's
 * RS256 assertion with the public key, so the client's signing is exercised too.
 */
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import {
  playProductId,
  type OrderResponse,
  type PaymentResponse,
  type ProductResponse,
} from '@contract/shop';
import { buildTestApp, callApi, createLocation, createMember, signIn, type TestApp } from './helpers';
import { logbookInput } from './shop-helpers';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

interface Purchase {
  purchaseState: number;
  acknowledgementState: number;
  orderId: string;
  productId: string;
}
/** Google's purchases, by `${productId}/${token}`. */
const purchases = new Map<string, Purchase>();
const seen: { method: string; path: string; auth: string }[] = [];

const stub = createServer((request: IncomingMessage, response: ServerResponse) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const path = decodeURIComponent(request.url ?? '');
    seen.push({ method: request.method ?? '', path, auth: request.headers.authorization ?? '' });
    const send = (status: number, json: object) => {
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(json));
    };
    if (path === '/token') {
      const assertion = new URLSearchParams(body).get('assertion') ?? '';
      const [header = '', claims = '', signature = ''] = assertion.split('.');
      const valid = createVerify('RSA-SHA256')
        .update(`${header}.${claims}`)
        .verify(publicKey, Buffer.from(signature, 'base64url'));
      const scope = (JSON.parse(Buffer.from(claims, 'base64url').toString()) as { scope: string }).scope;
      if (valid && scope.endsWith('/androidpublisher'))
        send(200, { access_token: 'ya29.test', expires_in: 3600 });
      else send(401, { error: 'invalid_grant' });
      return;
    }
    if (request.headers.authorization !== 'Bearer ya29.test') {
      send(401, {});
      return;
    }
    const match =
      /^\/androidpublisher\/v3\/applications\/app\.fieldmark\.twa\/purchases\/products\/([^/]+)\/tokens\/([^:]+)(:acknowledge)?$/.exec(
        path,
      );
    const purchase = match ? purchases.get(`${match[1]}/${match[2]}`) : undefined;
    if (!match || !purchase) {
      send(404, { error: { code: 404 } });
      return;
    }
    if (match[3]) {
      purchase.acknowledgementState = 1;
      send(204, {});
      return;
    }
    send(200, { kind: 'androidpublisher#productPurchase', ...purchase });
  });
});

let t: TestApp;
let off: TestApp;
let admin: string;
let member: string;
let memberId: string;
let other: string;
let logbook: string;
let notebook: string;

const call = (app: TestApp, method: 'GET' | 'PUT' | 'POST', path: string, token?: string, payload?: object) =>
  callApi(app, method, path, token, payload);

const order = (token: string, cart: object[], extra: object = {}, app = t) =>
  call(app, 'PUT', '/commerce/payment', token, {
    cart,
    contact: { name: 'Test Buyer', email: 'buyer@example.org' },
    billing: {},
    payment: { method: 'play_billing' },
    ...extra,
  });

const confirm = (token: string, transactionId: string, productId: string, purchaseToken: string, app = t) =>
  call(app, 'POST', '/commerce/play_billing', token, {
    transaction_id: transactionId,
    product_id: productId,
    purchase_token: purchaseToken,
  });

async function pendingOrder(): Promise<string> {
  const response = await order(member, [{ product_id: logbook, quantity: 1 }]);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<PaymentResponse>();
  expect(answer.order).toMatchObject({ status: 'pending', provider: 'play' });
  expect(answer.redirect_url).toBe(`/fulfilment/${answer.order.transaction_id}/pending`);
  return answer.order.transaction_id;
}

function bought(token: string, state = 0, productId = playProductId(logbook)) {
  purchases.set(`${productId}/${token}`, {
    purchaseState: state,
    acknowledgementState: 0,
    orderId: `GPA.${token}`,
    productId,
  });
}

const owned = async () =>
  (await t.db.selectFrom('user_logbooks').select('product_id').where('user_id', '=', memberId).execute())
    .length;

beforeAll(async () => {
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  off = await buildTestApp();
  const keyFile = join(off.dataDir, 'play-service-account.json');
  await writeFile(
    keyFile,
    JSON.stringify({
      type: 'service_account',
      client_email: 'fieldmark@test.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      token_uri: `${base}/token`,
    }),
  );
  t = await buildTestApp({
    shop: {
      ...off.config.shop,
      playBilling: { serviceAccountFile: keyFile, packageName: 'app.fieldmark.twa', apiUrl: base },
    },
  });
  await createLocation(t, { id: 'XT', name: 'Testland' });
  admin = (await signIn(t, await createMember(t, { roles: ['member', 'admin'] }))).auth_token;
  const buyer = await createMember(t);
  memberId = buyer.id;
  member = (await signIn(t, buyer)).auth_token;
  other = (await signIn(t, await createMember(t))).auth_token;
  const made = async (overrides = {}) => {
    const response = await call(t, 'POST', '/merchant/products', admin, logbookInput(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProductResponse>().product.id;
  };
  logbook = await made();
  notebook = await made({ name: 'Field notebook', kind: 'physical', grants: {}, stock: 5 });
}, 300_000);
afterAll(async () => {
  await t.close();
  await off.close();
  await new Promise((resolve) => stub.close(resolve));
});

describe('Play Billing', () => {
  it('a verified purchase pays and fulfils the order once, and is acknowledged', async () => {
    const id = await pendingOrder();
    bought('tok-paid');
    const first = await confirm(member, id, playProductId(logbook), 'tok-paid');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<OrderResponse>().order.status).toBe('fulfilled');
    expect(await owned()).toBe(1);
    expect(purchases.get(`${playProductId(logbook)}/tok-paid`)?.acknowledgementState).toBe(1);
    expect(seen.some((r) => r.path === '/token')).toBe(true);

    // The same token again (the app retried): the order as it is, nothing more granted.
    const replay = await confirm(member, id, playProductId(logbook), 'tok-paid');
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json<OrderResponse>().order.status).toBe('fulfilled');
    expect(await owned()).toBe(1);
    const events = await t.db
      .selectFrom('order_events')
      .select('source')
      .where('order_id', '=', id)
      .execute();
    expect(events.filter((e) => e.source.startsWith('play:'))).toHaveLength(1);

    // The token that paid this order cannot pay another one.
    const second = await pendingOrder();
    const reused = await confirm(member, second, playProductId(logbook), 'tok-paid');
    expect(reused.statusCode).toBe(409);
    expect(reused.json<{ reason: string }>().reason).toBe(messages.playBillingTokenUsed);
  });

  it('refuses a token of another product, a cancelled or pending purchase, and an unknown token', async () => {
    const id = await pendingOrder();
    bought('tok-other', 0, 'fm_some_other_product');
    const wrong = await confirm(member, id, 'fm_some_other_product', 'tok-other');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ reason: string }>().reason).toBe(messages.playBillingWrongProduct);
    // The token is real, but for another product: Google knows no such purchase of this one.
    const swapped = await confirm(member, id, playProductId(logbook), 'tok-other');
    expect(swapped.json<{ reason: string }>().reason).toBe(messages.playBillingUnknown);

    bought('tok-cancelled', 1);
    const cancelled = await confirm(member, id, playProductId(logbook), 'tok-cancelled');
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json<{ reason: string }>().reason).toBe(messages.playBillingCancelled);

    bought('tok-pending', 2);
    const pending = await confirm(member, id, playProductId(logbook), 'tok-pending');
    expect(pending.statusCode).toBe(409);
    expect(pending.json<{ reason: string }>().reason).toBe(messages.playBillingPending);

    const read = await call(t, 'GET', `/commerce/orders/${id}`, member);
    expect(read.json<OrderResponse>().order.status).toBe('pending');
    expect(purchases.get(`${playProductId(logbook)}/tok-cancelled`)?.acknowledgementState).toBe(0);

    // Another member cannot pay (or see) this order with their purchase.
    bought('tok-theirs');
    expect((await confirm(other, id, playProductId(logbook), 'tok-theirs')).statusCode).toBe(403);
  });

  it('refuses physical goods, more than one item and discount codes before any order is made', async () => {
    const before = await t.db.selectFrom('orders').select('id').execute();
    const physical = await order(member, [{ product_id: notebook, quantity: 1 }]);
    expect(physical.statusCode).toBe(400);
    expect(physical.json<{ reason: string }>().reason).toBe(messages.playBillingDigitalOnly);
    const mixed = await order(member, [
      { product_id: logbook, quantity: 1 },
      { product_id: notebook, quantity: 1 },
    ]);
    expect(mixed.statusCode).toBe(400);
    const coded = await order(member, [{ product_id: logbook, quantity: 1 }], { discount: 'ANY' });
    expect(coded.json<{ reason: string }>().reason).toBe(messages.playBillingDiscount);
    expect(await t.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
    const stock = await t.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', notebook)
      .executeTakeFirst();
    expect(stock?.stock).toBe(5);

    // An order made for the web provider cannot be paid with a Play purchase.
    const web = await call(t, 'PUT', '/commerce/payment', member, {
      cart: [{ product_id: logbook, quantity: 1 }],
      contact: { name: 'Test Buyer', email: 'buyer@example.org' },
      billing: {},
      payment: {},
    });
    bought('tok-web');
    const refused = await confirm(
      member,
      web.json<PaymentResponse>().order.transaction_id,
      playProductId(logbook),
      'tok-web',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ reason: string }>().reason).toBe(messages.playBillingNotThisOrder);
  });

  it('is off without a service account key, and says so', async () => {
    const offMember = (await signIn(off, await createMember(off))).auth_token;
    const started = await order(offMember, [{ product_id: logbook, quantity: 1 }], {}, off);
    expect(started.statusCode).toBe(409);
    expect(started.json<{ reason: string }>().reason).toBe(messages.playBillingOff);
    const posted = await confirm(offMember, '00000000-0000-4000-8000-000000000000', 'fm_x', 'tok', off);
    expect(posted.statusCode).toBe(409);
    expect(posted.json<{ reason: string }>().reason).toBe(messages.playBillingOff);
  });
});
