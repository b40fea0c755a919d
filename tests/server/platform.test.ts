import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { api, buildTestApp, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ corsOrigins: ['https://app.fieldmark.test'], bodyLimitBytes: 2048 });
  // Registered before the app is ready, beside the real routes, to see what a crash looks like.
  t.app.get(api('/test-crash'), () => {
    throw new Error('secret internals: password=hunter2');
  });
});
afterAll(() => t.close());

describe('the API envelope', () => {
  it('GET health answers success', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('/health') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('unknown routes answer 404 with the envelope', async () => {
    for (const [method, url] of [
      ['GET', api('/nope')],
      ['POST', api('/users/x/y')],
      ['GET', '/api'],
      ['DELETE', '/elsewhere'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ status: 'failed', reason: messages.notFound });
    }
  });

  it('a crash answers 500 without internals', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('/test-crash') });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'failed', reason: messages.serverError });
    expect(response.body).not.toContain('hunter2');
  });

  it('malformed JSON answers 400, a body over the limit 413, both with the envelope', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: api('/login'),
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ status: 'failed', reason: messages.invalidRequest });
    const huge = await t.app.inject({
      method: 'POST',
      url: api('/login'),
      payload: { username: 'a@b.c', password: 'x'.repeat(4096) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ status: 'failed', reason: messages.payloadTooLarge });
  });
});

describe('security headers and CORS', () => {
  it('sends helmet headers with a CSP a React + MUI PWA can live with', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('/health') });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('lets the configured origin read answers and the X-Auth-Token header', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: api('/login'),
      headers: {
        origin: 'https://app.fieldmark.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.fieldmark.test');
    const simple = await t.app.inject({
      method: 'GET',
      url: api('/health'),
      headers: { origin: 'https://app.fieldmark.test' },
    });
    expect(simple.headers['access-control-allow-origin']).toBe('https://app.fieldmark.test');
    expect(simple.headers['access-control-expose-headers']).toBe('X-Auth-Token');
  });

  it('refuses a foreign origin', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: api('/health'),
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: api('/login'),
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents every account route at /api/docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toBe('3.0.3');
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/v1.0/health',
        'POST /api/v1.0/oauth/token',
        'POST /api/v1.0/login',
        'POST /api/v1.0/logout',
        'POST /api/v1.0/register',
        'GET /api/v1.0/verify_email',
        'POST /api/v1.0/password_reset',
        'PUT /api/v1.0/password_reset',
        'GET /api/v1.0/auth/providers',
        'GET /api/v1.0/users/{id}',
        'PUT /api/v1.0/users/{id}',
        'PUT /api/v1.0/users',
        'DELETE /api/v1.0/users/{id}',
      ]),
    );
    const login = document.paths['/api/v1.0/login']?.post as {
      responses: Record<string, unknown>;
      requestBody: unknown;
    };
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));
    expect(login.requestBody).toBeDefined();
  });

  it('serves the Swagger UI at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('serving the built PWA', () => {
  let web: TestApp;

  beforeAll(async () => {
    const dist = join(t.dataDir, 'dist');
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Fieldmark</title><div id="root"></div>');
    await writeFile(join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
    await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"Fieldmark"}');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
    web = await buildTestApp({ staticDir: dist });
  });
  afterAll(() => web.close());

  it('serves index.html at / and never lets the browser cache it', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves sw.js and the manifest uncached, hashed assets immutable', async () => {
    expect((await web.app.inject({ method: 'GET', url: '/sw.js' })).headers['cache-control']).toBe(
      'no-cache',
    );
    expect(
      (await web.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).headers['cache-control'],
    ).toBe('no-cache');
    const asset = await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers deep links with index.html, but missing assets and API paths with 404', async () => {
    const deep = await web.app.inject({ method: 'GET', url: '/species/123?tab=map' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<div id="root">');
    expect(deep.headers['cache-control']).toBe('no-cache');
    expect((await web.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const apiMiss = await web.app.inject({ method: 'GET', url: api('/nope') });
    expect(apiMiss.statusCode).toBe(404);
    expect(apiMiss.json()).toEqual({ status: 'failed', reason: messages.notFound });
    expect((await web.app.inject({ method: 'POST', url: '/species/123' })).statusCode).toBe(404);
  });
});
