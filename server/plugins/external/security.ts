/**
 * Security headers (helmet) and CORS.
 * The CSP lets a React + MUI app run (MUI/emotion inject <style> tags, hence style-src
 * 'unsafe-inline'; images may come from anywhere over https, data: or blob:; the service worker
 * and map workers may be blob:) and forbids everything a PWA never needs (plugins, framing, <base>).
 * CORS answers only the configured origins; the PWA itself is same-origin and needs none. The
 * rotated auth token travels in X-Auth-Token, which a cross-origin client can only read if exposed.
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import { AUTH_TOKEN_HEADER } from '../app/auth/guard';

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const isHttps = config.publicUrl.startsWith('https:');
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'", ...config.corsOrigins],
          'worker-src': ["'self'", 'blob:'],
          'manifest-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'none'"],
          'frame-ancestors': ["'none'"],
          'form-action': ["'self'"],
          // Upgrading requests would break a plain-http local install (http://127.0.0.1:8080).
          ...(isHttps ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      xFrameOptions: { action: 'deny' },
      // HSTS on a plain-http origin would only confuse browsers that later reach it over https.
      strictTransportSecurity: isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    });
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: [AUTH_TOKEN_HEADER],
      maxAge: 600,
    });
  },
  { name: 'security', fastify: '5.x' },
);
