/**
 * Google's side of Play Billing for the end-to-end run (issue 20; docs/stores.md "Play Billing"),
 * stubbed at its HTTP boundary as the server suite does (tests/server/play-billing.test.ts): a
 * service account key made for the run (never a real one), and a local server answering Google's
 * OAuth token endpoint and the Android Publisher calls the shop makes. The server under test is
 * pointed at it through PLAY_SERVICE_ACCOUNT_FILE and PLAY_API_URL (playwright.config.ts).
 */
import { createPrivateKey, createPublicKey, createVerify, generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';

const ACCESS_TOKEN = 'ya29.e2e';

/** The key file's path in `dataDir`, written once per run (the config is read by every worker). */
export function e2eServiceAccountFile(dataDir: string, stubPort: number): string {
  const file = join(dataDir, 'play-service-account.json');
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = {
      type: 'service_account',
      client_email: 'fieldmark-e2e@example.org',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: `http://127.0.0.1:${stubPort}/token`,
    };
    writeFileSync(file, JSON.stringify(key));
  }
  return file;
}

export interface GooglePlayStub {
  /** Makes Google know a purchase of `productId` (a Play product id) under `token`. */
  sell(productId: string, token: string): void;
  /** Whether the shop acknowledged that purchase. */
  acknowledged(productId: string, token: string): boolean;
  close(): Promise<void>;
}

/** Listens on `port` as Google would answer for `packageName`, checking the key file's signatures. */
export async function startGooglePlayStub(
  keyFile: string,
  port: number,
  packageName: string,
): Promise<GooglePlayStub> {
  const account = JSON.parse(readFileSync(keyFile, 'utf8')) as { private_key: string };
  const publicKey = createPublicKey(createPrivateKey(account.private_key));
  const purchases = new Map<string, { acknowledgementState: number; orderId: string; productId: string }>();
  const prefix = `/androidpublisher/v3/applications/${packageName}/purchases/products/`;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const send = (status: number, json: object) => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      };
      const path = decodeURIComponent(request.url ?? '');
      if (path === '/token') {
        const [header = '', claims = '', signature = ''] = (
          new URLSearchParams(body).get('assertion') ?? ''
        ).split('.');
        const valid = createVerify('RSA-SHA256')
          .update(`${header}.${claims}`)
          .verify(publicKey, Buffer.from(signature, 'base64url'));
        if (valid) send(200, { access_token: ACCESS_TOKEN, expires_in: 3600 });
        else send(401, { error: 'invalid_grant' });
        return;
      }
      if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
        send(401, {});
        return;
      }
      const match = path.startsWith(prefix)
        ? /^([^/]+)\/tokens\/([^:]+)(:acknowledge)?$/.exec(path.slice(prefix.length))
        : null;
      const purchase = match ? purchases.get(`${match[1]}/${match[2]}`) : undefined;
      if (!match || !purchase) {
        send(404, { error: { code: 404 } });
        return;
      }
      if (match[3]) {
        purchase.acknowledgementState = 1;
        send(200, {});
        return;
      }
      send(200, { kind: 'androidpublisher#productPurchase', purchaseState: 0, ...purchase });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    sell(productId, token) {
      purchases.set(`${productId}/${token}`, { acknowledgementState: 0, orderId: `GPA.${token}`, productId });
    },
    acknowledged: (productId, token) => purchases.get(`${productId}/${token}`)?.acknowledgementState === 1,
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}
