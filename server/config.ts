/**
 * Server configuration: one typed object, read from the environment by `loadConfig()` and passed
 * to `buildApp()`. Tests build it with `loadConfig({})` and override fields, so nothing below may
 * read `process.env` anywhere else in the server.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientCredentials } from '@config/client';
import { product } from '@config/product';
import type { SocialProvider } from '@contract/auth';
import { API_PREFIX } from '@contract/prefix';

/** An OpenID Connect issuer whose ID tokens we accept for social sign-in. */
export interface SocialProviderConfig {
  /** Our client id at the provider: the `aud` an ID token must carry. */
  clientId: string;
  /** Accepted `iss` values (Google uses two spellings). */
  issuer: string | string[];
  /** Where the provider publishes its signing keys. */
  jwksUri: string;
}

export interface RateLimitRule {
  /** Requests allowed per window and client address; the next one gets 429. */
  max: number;
  timeWindowMs: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** Embedded database (`pglite/`) and mail files (`mail/`) live here. */
  dataDir: string;
  /** Real PostgreSQL instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** Origin used in mailed links; also the default CORS origin. No trailing slash. */
  publicUrl: string;
  /** Origins allowed by CORS (the PWA's own origin needs no CORS, this is for other front ends). */
  corsOrigins: string[];
  /** Send mail through SMTP; unset → .eml files under DATA_DIR/mail. */
  smtpUrl: string | undefined;
  mailFrom: string;
  clientId: string;
  clientSecret: string;
  requireEmailVerification: boolean;
  tokens: {
    authTtlSeconds: number;
    refreshTtlSeconds: number;
    clientTtlSeconds: number;
    /** How long a rotated-away auth token (or refresh credential) still works, for parallel requests. */
    rotationGraceSeconds: number;
    emailVerificationTtlSeconds: number;
    passwordResetTtlSeconds: number;
    passwordResetMaxAttempts: number;
  };
  rateLimits: {
    login: RateLimitRule;
    register: RateLimitRule;
    passwordReset: RateLimitRule;
  };
  socialProviders: Partial<Record<SocialProvider, SocialProviderConfig>>;
  /** Built PWA served at `/`; skipped when the folder has no index.html. */
  staticDir: string;
  /** Where uploaded photos are stored (the embedded media store); unset → DATA_DIR/media. */
  mediaDir: string | undefined;
  /**
   * The URL prefix of stored photos, written into species `photo.thumbs` at upload: by default the
   * API's own file route (root-relative, so it survives a PUBLIC_URL change); a CDN in front of the
   * media files otherwise. No trailing slash.
   */
  mediaPublicBase: string;
  bodyLimitBytes: number;
  /** Honour X-Forwarded-For (behind a reverse proxy) so rate limits see the real client. */
  trustProxy: boolean;
  logLevel: string;
  /** Where the log goes (appended): a file, or stdout when unset. Written asynchronously (server/logging.ts). */
  logFile: string | undefined;
  /**
   * The species a start seeds: 'world', the committed world lists, in the background after listening
   * (the default); 'demo', the small US/South Africa/New Zealand extract, before listening (the
   * end-to-end suite, so every spec finds the same species at once). docs/sync.md "Seeding at start-up".
   */
  speciesData: 'world' | 'demo';
  /** The shop (docs/shop.md "Payment providers"). */
  shop: {
    /** 'test': the embedded TEST gateway, no real money (the default); 'stripe': Stripe Checkout. */
    paymentProvider: 'test' | 'stripe';
    /** Set when paymentProvider is 'stripe'; apiUrl points the library at another host (tests). */
    stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
    /**
     * Google Play Billing for digital goods in the Android app (docs/stores.md "Play Billing"), beside
     * the provider above: set when PLAY_SERVICE_ACCOUNT_FILE names the service account's JSON key;
     * unset → off (POST commerce/play_billing and payment.method play_billing answer 409).
     */
    playBilling: { serviceAccountFile: string; packageName: string; apiUrl: string | undefined } | undefined;
    /** PUT logbooks/activate, per client address. */
    activationRateLimit: RateLimitRule;
  };
}

type Env = Record<string, string | undefined>;

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const GOOGLE_JWKS = 'https://www.googleapis.com/oauth2/v3/certs';
const APPLE_ISSUER = 'https://appleid.apple.com';
const APPLE_JWKS = 'https://appleid.apple.com/auth/keys';

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got '${raw}'`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got '${raw}'`);
}

function nonEmpty(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function rateLimit(env: Env, prefix: string, max: number, timeWindowMs: number): RateLimitRule {
  return { max: int(env, `${prefix}_MAX`, max), timeWindowMs: int(env, `${prefix}_WINDOW_MS`, timeWindowMs) };
}

function socialProviders(env: Env): ServerConfig['socialProviders'] {
  const providers: ServerConfig['socialProviders'] = {};
  const google = nonEmpty(env, 'GOOGLE_CLIENT_ID');
  if (google) {
    providers.google = {
      clientId: google,
      issuer: nonEmpty(env, 'GOOGLE_ISSUER') ?? GOOGLE_ISSUERS,
      jwksUri: nonEmpty(env, 'GOOGLE_JWKS_URI') ?? GOOGLE_JWKS,
    };
  }
  const apple = nonEmpty(env, 'APPLE_CLIENT_ID');
  if (apple) {
    providers.apple = {
      clientId: apple,
      issuer: nonEmpty(env, 'APPLE_ISSUER') ?? APPLE_ISSUER,
      jwksUri: nonEmpty(env, 'APPLE_JWKS_URI') ?? APPLE_JWKS,
    };
  }
  return providers;
}

function speciesData(env: Env): ServerConfig['speciesData'] {
  const value = nonEmpty(env, 'SPECIES_DATA') ?? 'world';
  if (value !== 'world' && value !== 'demo')
    throw new Error(`SPECIES_DATA must be world or demo, got '${value}'`);
  return value;
}

function shop(env: Env): ServerConfig['shop'] {
  const provider = nonEmpty(env, 'PAYMENT_PROVIDER') ?? 'test';
  if (provider !== 'test' && provider !== 'stripe')
    throw new Error(`PAYMENT_PROVIDER must be test or stripe, got '${provider}'`);
  const secretKey = nonEmpty(env, 'STRIPE_SECRET_KEY');
  const webhookSecret = nonEmpty(env, 'STRIPE_WEBHOOK_SECRET');
  if (provider === 'stripe' && (!secretKey || !webhookSecret))
    throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  return {
    paymentProvider: provider,
    stripe:
      provider === 'stripe' && secretKey && webhookSecret
        ? { secretKey, webhookSecret, apiUrl: nonEmpty(env, 'STRIPE_API_URL') }
        : undefined,
    playBilling: playBilling(env),
    activationRateLimit: rateLimit(env, 'RATE_LIMIT_ACTIVATION', 10, 60_000),
  };
}

function playBilling(env: Env): ServerConfig['shop']['playBilling'] {
  const serviceAccountFile = nonEmpty(env, 'PLAY_SERVICE_ACCOUNT_FILE');
  if (!serviceAccountFile) return undefined;
  return {
    serviceAccountFile,
    packageName: nonEmpty(env, 'PLAY_PACKAGE_NAME') ?? product.appId,
    apiUrl: nonEmpty(env, 'PLAY_API_URL'),
  };
}

/** The repository's `dist/` (the Vite build), wherever the process was started from. */
export const defaultStaticDir = fileURLToPath(new URL('../dist', import.meta.url));

export function loadConfig(env: Env = process.env): ServerConfig {
  const port = int(env, 'PORT', 8080);
  const host = nonEmpty(env, 'HOST') ?? '127.0.0.1';
  const publicUrl = (nonEmpty(env, 'PUBLIC_URL') ?? `http://${host}:${port}`).replace(/\/+$/, '');
  const corsOrigins = (nonEmpty(env, 'CORS_ORIGIN') ?? publicUrl)
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const mediaDir = nonEmpty(env, 'MEDIA_DIR');
  const logFile = nonEmpty(env, 'LOG_FILE');
  return {
    port,
    host,
    dataDir: resolve(nonEmpty(env, 'DATA_DIR') ?? './data'),
    databaseUrl: nonEmpty(env, 'DATABASE_URL'),
    publicUrl,
    corsOrigins,
    smtpUrl: nonEmpty(env, 'SMTP_URL'),
    mailFrom: nonEmpty(env, 'MAIL_FROM') ?? `Fieldmark <no-reply@${new URL(publicUrl).hostname}>`,
    clientId: nonEmpty(env, 'CLIENT_ID') ?? defaultClientCredentials.clientId,
    clientSecret: nonEmpty(env, 'CLIENT_SECRET') ?? defaultClientCredentials.clientSecret,
    requireEmailVerification: bool(env, 'REQUIRE_EMAIL_VERIFICATION', false),
    tokens: {
      authTtlSeconds: int(env, 'AUTH_TOKEN_TTL_SECONDS', 3600),
      refreshTtlSeconds: int(env, 'REFRESH_TOKEN_TTL_SECONDS', 90 * 24 * 3600),
      clientTtlSeconds: int(env, 'CLIENT_TOKEN_TTL_SECONDS', 24 * 3600),
      rotationGraceSeconds: int(env, 'TOKEN_ROTATION_GRACE_SECONDS', 60),
      emailVerificationTtlSeconds: int(env, 'EMAIL_VERIFICATION_TTL_SECONDS', 7 * 24 * 3600),
      passwordResetTtlSeconds: int(env, 'PASSWORD_RESET_TTL_SECONDS', 3600),
      passwordResetMaxAttempts: int(env, 'PASSWORD_RESET_MAX_ATTEMPTS', 5),
    },
    rateLimits: {
      login: rateLimit(env, 'RATE_LIMIT_LOGIN', 10, 60_000),
      register: rateLimit(env, 'RATE_LIMIT_REGISTER', 5, 60_000),
      passwordReset: rateLimit(env, 'RATE_LIMIT_PASSWORD_RESET', 5, 60_000),
    },
    socialProviders: socialProviders(env),
    staticDir: resolve(nonEmpty(env, 'STATIC_DIR') ?? defaultStaticDir),
    mediaDir: mediaDir === undefined ? undefined : resolve(mediaDir),
    mediaPublicBase: (nonEmpty(env, 'MEDIA_PUBLIC_BASE') ?? `${API_PREFIX}/media`).replace(/\/+$/, ''),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    logLevel: nonEmpty(env, 'LOG_LEVEL') ?? 'info',
    logFile: logFile === undefined ? undefined : resolve(logFile),
    speciesData: speciesData(env),
    shop: shop(env),
  };
}
