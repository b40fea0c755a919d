import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { DigitalAssetLinks } from '@bubblewrap/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { product } from '@config/product';
import { messages } from '@contract/messages';
import { api, buildTestApp, type TestApp } from './helpers';

const UPLOAD = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0').toUpperCase()).join(':');
const PLAY = Array.from({ length: 32 }, (_, i) => (255 - i).toString(16).padStart(2, '0').toUpperCase()).join(
  ':',
);

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

afterEach(() => {
  vi.unstubAllEnvs();
});

/** No machine-local store.signing.json may leak into these tests. */
function withoutSigningFile() {
  vi.stubEnv('FIELDMARK_SIGNING_FILE', join(tmpdir(), 'fieldmark-no-signing-file.json'));
}

describe('/.well-known/assetlinks.json', () => {
  it('lists the TWA package and the signing fingerprints from the environment, as JSON at the root', async () => {
    withoutSigningFile();
    vi.stubEnv('FIELDMARK_ANDROID_FINGERPRINTS', `play-app-signing=${PLAY},upload=${UPLOAD}`);
    const response = await t.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    // What Bubblewrap itself would publish for this package and these keys.
    expect(response.json()).toEqual(
      JSON.parse(DigitalAssetLinks.generateAssetLinks(product.appId, PLAY, UPLOAD)),
    );
    const underApi = await t.app.inject({ method: 'GET', url: api('/.well-known/assetlinks.json') });
    expect(underApi.statusCode).toBe(404);
  });

  it('is 404 with the envelope when this deployment has no fingerprints', async () => {
    withoutSigningFile();
    const response = await t.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'failed', reason: messages.notFound });
  });
});

describe('/.well-known/apple-app-site-association', () => {
  it('names the iOS app for universal links and web credentials, excluding the API', async () => {
    withoutSigningFile();
    vi.stubEnv('FIELDMARK_APPLE_TEAM_ID', 'ABCDE12345');
    const response = await t.app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const appId = `ABCDE12345.${product.ios.bundleId}`;
    expect(response.json()).toEqual({
      applinks: {
        details: [
          {
            appIDs: [appId],
            components: [
              { '/': '/api/*', exclude: true },
              { '/': '/.well-known/*', exclude: true },
              { '/': '/*' },
            ],
          },
        ],
      },
      webcredentials: { apps: [appId] },
    });
  });

  it('is 404 without a team id', async () => {
    withoutSigningFile();
    const response = await t.app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' });
    expect(response.statusCode).toBe(404);
  });

  it('both documents are in the OpenAPI document', () => {
    const doc = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/.well-known/assetlinks.json', '/.well-known/apple-app-site-association']),
    );
  });
});
