/**
 * The shop on a real database (issue 19; docs/shop.md): merchant products and upload slots —
 * success, 400 naming the field, 401 without a token, 403 for members on admin calls, 404.
 * Carts, discount codes and payment are in shop-checkout.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductInput, ProductResponse, ProductsResponse, UploadSlotResponse } from '@contract/shop';
import { messages } from '@contract/messages';
import { logbookInput } from './shop-helpers';
import {
  api,
  bearer,
  buildTestApp,
  createLocation,
  createMember,
  fetchClientToken,
  signIn,
  type TestApp,
  callApi,
} from './helpers';

let t: TestApp;
let admin: string;
let member: string;
let client: string;

function call(method: 'GET' | 'PUT' | 'POST', path: string, token?: string, payload?: object) {
  return callApi(t, method, path, token, payload);
}

beforeAll(async () => {
  t = await buildTestApp();
  await createLocation(t, { id: 'XT', name: 'Testland' });
  admin = (await signIn(t, await createMember(t, { roles: ['member', 'admin'] }))).auth_token;
  member = (await signIn(t, await createMember(t))).auth_token;
  client = await fetchClientToken(t);
}, 300_000);
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('has the merchant calls of SPEC §7 and the upload slot', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ['/api/v1.0/merchant/products', 'get'],
      ['/api/v1.0/merchant/products', 'post'],
      ['/api/v1.0/merchant/products/{id}', 'get'],
      ['/api/v1.0/merchant/products/{id}', 'put'],
      ['/api/v1.0/upload_request', 'post'],
      ['/api/v1.0/upload_request/{token}', 'put'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});

describe('merchant products', () => {
  let visible: string;
  let hidden: string;

  it('lets an admin create products, priced in integer minor units', async () => {
    const created = await call('POST', '/merchant/products', admin, logbookInput());
    expect(created.statusCode).toBe(200);
    const product = created.json<ProductResponse>().product;
    expect(product).toMatchObject({ price_minor: 1500, currency: 'USD', kind: 'logbook', hidden: false });
    visible = product.id;
    const secret = await call(
      'POST',
      '/merchant/products',
      admin,
      logbookInput({ name: 'Test hidden item', kind: 'physical', grants: {}, stock: 3, hidden: true }),
    );
    expect(secret.statusCode).toBe(200);
    hidden = secret.json<ProductResponse>().product.id;
  });

  it('refuses members (403) and the signed out (401) on the admin writes', async () => {
    expect((await call('POST', '/merchant/products', member, logbookInput())).statusCode).toBe(403);
    expect((await call('PUT', `/merchant/products/${visible}`, member, logbookInput())).statusCode).toBe(403);
    expect((await call('POST', '/merchant/products', undefined, logbookInput())).statusCode).toBe(401);
    expect((await call('POST', '/merchant/products', client, logbookInput())).statusCode).toBe(401);
  });

  it('answers 400 naming the field', async () => {
    const cases: [Partial<ProductInput>, string][] = [
      [{ price_minor: 12.5 }, 'price_minor'],
      [{ price_minor: -1 }, 'price_minor'],
      [{ currency: 'usd' }, 'currency'],
      [{ grants: {} }, 'grants.logbook'],
      [{ grants: { logbook: { location_id: 'NOPE', classification: 'birds-ioc' } } }, 'location_id'],
      [{ stock: 4 }, 'stock'],
      [{ images: ['/etc/passwd'] }, 'images'],
    ];
    for (const [overrides, field] of cases) {
      const response = await call('POST', '/merchant/products', admin, logbookInput(overrides));
      expect(response.statusCode, field).toBe(400);
      expect(response.json<{ reason: string }>().reason).toContain(field);
    }
  });

  it('lists products for sale to guests; hidden ones only for admins with show_hidden', async () => {
    const guest = (await call('GET', '/merchant/products', client)).json<ProductsResponse>().products;
    expect(guest.map((product) => product.id)).toEqual([visible]);
    expect((await call('GET', '/merchant/products?show_hidden=true', member)).statusCode).toBe(403);
    // A client token is a guest: asked to sign in, as on every admin call.
    const asClient = await call('GET', '/merchant/products?show_hidden=true', client);
    expect(asClient.statusCode).toBe(401);
    expect(asClient.json<{ reason: string }>().reason).toBe(messages.signInRequired);
    const all = await call('GET', '/merchant/products?show_hidden=true', admin);
    expect(
      all
        .json<ProductsResponse>()
        .products.map((product) => product.id)
        .sort(),
    ).toEqual([visible, hidden].sort());
    expect((await call('GET', '/merchant/products')).statusCode).toBe(401);
  });

  it('reads one product; a hidden one is 404 except for admins', async () => {
    expect((await call('GET', `/merchant/products/${visible}?complete=true`, client)).statusCode).toBe(200);
    expect((await call('GET', `/merchant/products/${hidden}`, member)).statusCode).toBe(404);
    expect((await call('GET', `/merchant/products/${hidden}`, admin)).statusCode).toBe(200);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/merchant/products/${unknown}`, client)).statusCode).toBe(404);
    expect((await call('PUT', `/merchant/products/${unknown}`, admin, logbookInput())).statusCode).toBe(404);
  });

  it('replaces a product with PUT', async () => {
    const response = await call(
      'PUT',
      `/merchant/products/${visible}`,
      admin,
      logbookInput({ price_minor: 900 }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<ProductResponse>().product.price_minor).toBe(900);
  });
});

describe('upload slots', () => {
  it('refuses absolute paths and path traversal, naming filepath', async () => {
    for (const filepath of [
      '/etc/passwd',
      '../secret',
      'images/../../etc/passwd',
      'images/a/./b.jpg',
      'C:\\x',
      'images/x',
    ]) {
      const response = await call('POST', '/upload_request', admin, { filepath });
      expect(response.statusCode, filepath).toBe(400);
      expect(response.json<{ reason: string }>().reason).toContain('filepath');
    }
  });

  it('is admin only', async () => {
    expect((await call('POST', '/upload_request', member, { filepath: 'images/p/a.png' })).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', '/upload_request', undefined, { filepath: 'images/p/a.png' })).statusCode,
    ).toBe(401);
  });

  it('takes the bytes once, then serves the image to anyone', async () => {
    const slot = await call('POST', '/upload_request', admin, { filepath: 'images/test-product/cover.png' });
    expect(slot.statusCode).toBe(200);
    const { upload_url } = slot.json<UploadSlotResponse>();
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const put = () =>
      t.app.inject({
        method: 'PUT',
        url: upload_url,
        headers: { ...bearer(admin), 'content-type': 'application/octet-stream' },
        payload: bytes,
      });
    expect((await put()).statusCode).toBe(200);
    expect((await put()).statusCode).toBe(404);
    const image = await t.app.inject({
      method: 'GET',
      url: api('/merchant/files/images/test-product/cover.png'),
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(bytes)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: api('/merchant/files/images/../../x') })).statusCode,
    ).toBe(404);
  });
});
