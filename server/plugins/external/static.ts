/**
 * Serves the built PWA from dist/ (when it has an index.html) so one process is the whole product.
 * sw.js, index.html and the web manifest must never be cached by the browser (a stale service
 * worker would pin an old app forever); Vite's hashed /assets/* can be cached for good. Any other
 * GET that is neither /api/* nor a file falls back to index.html (see the app's not-found handler),
 * so deep links work.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';

const NO_CACHE = new Set(['sw.js', 'index.html', 'manifest.webmanifest', 'registerSW.js']);

export function hasBuiltApp(config: Pick<ServerConfig, 'staticDir'>): boolean {
  return existsSync(join(config.staticDir, 'index.html'));
}

export function cacheControlFor(relativePath: string): string {
  const clean = relativePath.split(sep).join('/').replace(/^\/+/, '');
  if (NO_CACHE.has(clean)) return 'no-cache';
  if (clean.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    if (!hasBuiltApp(config)) {
      app.log.warn(`no built app in ${config.staticDir}: only the API is served (run npm run build)`);
      return;
    }
    await app.register(fastifyStatic, {
      root: config.staticDir,
      prefix: '/',
      cacheControl: false,
      // The build's Brotli/gzip copies (vite.config.ts) when the browser accepts them, with
      // `Vary: Accept-Encoding`; files without a copy are compressed on the fly (compress.ts).
      preCompressed: true,
      // Files are exposed from the OpenAPI document neither by name nor by the wildcard route.
      schemaHide: true,
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', cacheControlFor(relative(config.staticDir, filePath)));
      },
    });
  },
  { name: 'static', fastify: '5.x' },
);
