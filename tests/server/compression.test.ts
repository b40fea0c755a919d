/**
 * Compressed answers (issue 24): the build's Brotli/gzip copies served by the static plugin, the
 * rest compressed on the fly above 1 KB, photos never, and every answer identical once decoded.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from './helpers';

// Text that compresses well and is well over the 1 KB threshold.
const script = `console.log(${JSON.stringify('Troglodytes troglodytes '.repeat(200))});\n`;
const page = `<!doctype html><title>Fieldmark</title><div id="root"></div><!-- ${'x'.repeat(2000)} -->`;
// A JPEG's first bytes and filler: its type is not compressible, whatever its bytes.
const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)]);

let web: TestApp;

beforeAll(async () => {
  const dist = await mkdtemp(join(tmpdir(), 'fieldmark-compress-'));
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), page);
  await writeFile(join(dist, 'sw.js'), script);
  await writeFile(join(dist, 'assets', 'app-abc123.js'), script);
  // What the build writes beside each hashed asset (vite.config.ts): marked, so the test can tell
  // the copy was served rather than the file compressed again.
  await writeFile(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(`${script}// br copy\n`));
  await writeFile(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(`${script}// gz copy\n`));
  await writeFile(join(dist, 'assets', 'photo-abc123.jpg'), photo);
  web = await buildTestApp({ staticDir: dist });
});
afterAll(() => web.close());

const get = (url: string, acceptEncoding?: string) =>
  web.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('compressed answers', () => {
  it('serves the build-time Brotli or gzip copy of a hashed asset, varying on Accept-Encoding', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${script}// br copy\n`);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${script}// gz copy\n`);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses files without a copy on the fly (the service worker, deep links), still uncached', async () => {
    const sw = await get('/sw.js', 'br');
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(sw.rawPayload).toString()).toBe(script);

    const deep = await get('/species/123', 'gzip');
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(deep.rawPayload).toString()).toBe(page);
  });

  it('compresses API answers over 1 KB and leaves small ones as they are', async () => {
    const large = await get('/api/docs/json', 'br');
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const decoded = JSON.parse(brotliDecompressSync(large.rawPayload).toString()) as { openapi: string };
    expect(decoded.openapi).toMatch(/^3\./);
    expect(large.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(decoded)) / 3);

    const small = await get(api('/health'), 'br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses photos', async () => {
    const jpeg = await get('/assets/photo-abc123.jpg', 'gzip, br');
    expect(jpeg.headers['content-encoding']).toBeUndefined();
    expect(jpeg.rawPayload.equals(photo)).toBe(true);
  });

  it('never decompresses a request body', async () => {
    const send = (payload: string | Buffer, headers: Record<string, string> = {}) =>
      web.app.inject({
        method: 'POST',
        url: api('/password_reset'),
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    const json = JSON.stringify({ username: 'nobody@example.org' });
    expect((await send(json)).statusCode).toBe(200);
    // The same body gzipped is not inflated into a request: it is refused as the bytes it is.
    const gzipped = await send(gzipSync(json), { 'content-encoding': 'gzip' });
    expect(gzipped.statusCode).toBe(400);
    expect(gzipped.json()).toMatchObject({ status: 'failed' });
  });
});
