/**
 * The only door to Google's Android Publisher API (docs/stores.md "Play Billing"): reads a purchase
 * (`purchases.products.get`) and acknowledges it (`purchases.products.acknowledge`), signed in as the
 * service account whose JSON key file PLAY_SERVICE_ACCOUNT_FILE names (never committed). Plain
 * fetch and node:crypto: an OAuth 2.0 JWT-bearer grant (RS256) for the androidpublisher scope, kept
 * until a minute before it expires. Tests point `apiUrl` and the key file's `token_uri` at a local
 * stub server, so this module is exercised as it is.
 */
import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const ANDROID_PUBLISHER_API = 'https://androidpublisher.googleapis.com';
const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';

export interface PlayBillingSettings {
  /** Path of the service account's JSON key (client_email, private_key, token_uri). */
  serviceAccountFile: string;
  /** The Android package the purchases belong to (product.appId). */
  packageName: string;
  /** Another API host (tests); unset → Google's. */
  apiUrl?: string | undefined;
}

/** What `purchases.products.get` answers (the fields we read). */
export interface ProductPurchase {
  /** 0 purchased, 1 cancelled, 2 pending. */
  purchaseState?: number;
  /** 0 yet to be acknowledged, 1 acknowledged. */
  acknowledgementState?: number;
  orderId?: string;
  productId?: string;
  quantity?: number;
}

interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri: string;
}

export class PlayApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export class GooglePlayClient {
  private readonly account: ServiceAccount;
  private token: { value: string; until: number } | null = null;

  constructor(
    private readonly settings: PlayBillingSettings,
    private readonly now: () => number = Date.now,
  ) {
    const parsed = JSON.parse(readFileSync(settings.serviceAccountFile, 'utf8')) as Partial<ServiceAccount>;
    if (!parsed.client_email || !parsed.private_key)
      throw new Error(
        `${settings.serviceAccountFile} is not a service account key (client_email, private_key)`,
      );
    this.account = {
      client_email: parsed.client_email,
      private_key: parsed.private_key,
      token_uri: parsed.token_uri ?? 'https://oauth2.googleapis.com/token',
    };
  }

  private async accessToken(): Promise<string> {
    const now = this.now();
    if (this.token && this.token.until > now) return this.token.value;
    const issued = Math.floor(now / 1000);
    const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const claims = base64url(
      JSON.stringify({
        iss: this.account.client_email,
        scope: SCOPE,
        aud: this.account.token_uri,
        iat: issued,
        exp: issued + 3600,
      }),
    );
    const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(this.account.private_key);
    const response = await fetch(this.account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${header}.${claims}.${base64url(signature)}`,
      }).toString(),
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token)
      throw new PlayApiError(response.status, `Google refused the service account (${response.status})`);
    this.token = { value: body.access_token, until: now + ((body.expires_in ?? 3600) - 60) * 1000 };
    return body.access_token;
  }

  private url(productId: string, purchaseToken: string, action = ''): string {
    const base = this.settings.apiUrl ?? ANDROID_PUBLISHER_API;
    return (
      `${base}/androidpublisher/v3/applications/${encodeURIComponent(this.settings.packageName)}` +
      `/purchases/products/${encodeURIComponent(productId)}/tokens/${encodeURIComponent(purchaseToken)}${action}`
    );
  }

  private async call(url: string, method: 'GET' | 'POST'): Promise<Response> {
    return fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { body: '{}' } : {}),
      signal: AbortSignal.timeout(20_000),
    });
  }

  /** The purchase, or null when Google knows no such token for this product (400/404/410). */
  async purchase(productId: string, purchaseToken: string): Promise<ProductPurchase | null> {
    const response = await this.call(this.url(productId, purchaseToken), 'GET');
    if (response.status === 400 || response.status === 404 || response.status === 410) return null;
    if (!response.ok)
      throw new PlayApiError(response.status, `purchases.products.get answered ${response.status}`);
    return (await response.json()) as ProductPurchase;
  }

  /** Acknowledges a purchase (Google refunds one left unacknowledged for three days). */
  async acknowledge(productId: string, purchaseToken: string): Promise<void> {
    const response = await this.call(this.url(productId, purchaseToken, ':acknowledge'), 'POST');
    if (!response.ok)
      throw new PlayApiError(response.status, `purchases.products.acknowledge answered ${response.status}`);
  }
}
