/**
 * Shared by the shop and logbook tests: test-created products (never demo data), and an app whose
 * payment provider is Stripe with Stripe's HTTP API stubbed at the boundary.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProductInput } from '@contract/shop';
import { StripeCheckout } from '../../server/plugins/app/shop/payments';
import { buildTestApp, createLocation, type TestApp } from './helpers';

export const logbookInput = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  name: 'Test logbook: mammals of Testland',
  description: 'Created by the shop tests.',
  images: [],
  price_minor: 1500,
  currency: 'USD',
  kind: 'logbook',
  grants: { logbook: { location_id: 'XT', classification: 'mammals-larger' } },
  hidden: false,
  stock: null,
  file: null,
  ...overrides,
});

/** A request Stripe's stub received: method, path, form fields and idempotency key. */
export interface StripeRequest {
  method: string;
  path: string;
  fields: Record<string, string>;
  auth: string;
  key: string;
}

/**
 * The app with PAYMENT_PROVIDER=stripe talking to a local stub of Stripe's HTTP API, which records
 * every request and answers with `answer` (status and JSON body). Location XT exists.
 */
export async function appWithStripeStub(
  /** `count`: requests received so far, this one included. */
  answer: (request: StripeRequest, count: number) => { status?: number; body: object },
): Promise<{ app: TestApp; requests: StripeRequest[]; close: () => Promise<void> }> {
  const requests: StripeRequest[] = [];
  const stub = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const received: StripeRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        fields: Object.fromEntries(new URLSearchParams(body)),
        auth: request.headers.authorization ?? '',
        key: String(request.headers['idempotency-key'] ?? ''),
      };
      requests.push(received);
      const { status = 200, body: json } = answer(received, requests.length);
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const port = (stub.address() as AddressInfo).port;
  const app = await buildTestApp({
    shop: {
      paymentProvider: 'stripe',
      stripe: {
        secretKey: 'sk_test_fieldmark',
        webhookSecret: 'whsec_fieldmark',
        apiUrl: `http://127.0.0.1:${port}`,
      },
      playBilling: undefined,
      activationRateLimit: { max: 1000, timeWindowMs: 60_000 },
    },
  });
  await createLocation(app, { id: 'XT', name: 'Testland' });
  return {
    app,
    requests,
    close: async () => {
      await app.close();
      await new Promise((resolve) => stub.close(resolve));
    },
  };
}

/** The app's payment provider as Stripe's checkout (an app of appWithStripeStub), to sign webhooks. */
export function stripeCheckoutOf(app: TestApp): StripeCheckout {
  const provider = app.app.shop.provider;
  if (!(provider instanceof StripeCheckout))
    throw new Error(`Expected the Stripe checkout, found ${provider.name}`);
  return provider;
}
