/**
 * Security headers (helmet) and CORS.
 * helmet computes the headers once at start-up and a hook copies them onto every reply:
 * @fastify/helmet would rebuild the whole helmet middleware (config parsing, CSP string) on every
 * request, which cost about 40 % of the throughput of a small JSON route (bench/api.ts).
 * The CSP lets a React + MUI app run (MUI/emotion inject <style> tags, hence style-src
 * 'unsafe-inline'; images may come from anywhere over https, data: or blob:; the service worker
 * and map workers may be blob:) and forbids everything a PWA never needs (plugins, framing, <base>).
 * CORS answers only the configured origins; the PWA itself is same-origin and needs none. The
 * rotated auth token travels in X-Auth-Token, which a cross-origin client can only read if exposed.
 * An OPTIONS that is not a preflight answers 400 in the envelope (issue 25), not CORS's own text.
 */
import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { messages } from '@contract/messages';
import type { ServerConfig } from '../../config';
import { AUTH_TOKEN_HEADER } from '../app/auth/guard';

/** The headers helmet would set, computed once (no directive here depends on the request). */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers = new Map<string, string>();
  const capture = {
    setHeader(name: string, value: string | number) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  // helmet 8 throws configuration errors itself; the callback only marks the end of the chain.
  // The request is an empty one: no directive here reads it.
  helmet(options)(new IncomingMessage(new Socket()), capture as unknown as ServerResponse, () => {});
  return Object.fromEntries(headers);
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const isHttps = config.publicUrl.startsWith('https:');
    const headers = securityHeaders({
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
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    // @fastify/cors answers an OPTIONS that is not a CORS preflight (no Origin, or no
    // Access-Control-Request-Method) with a text/plain 400 of its own: answer it in the envelope first.
    app.addHook('onRequest', (request, reply, done) => {
      const headers = request.headers;
      if (request.method === 'OPTIONS' && (!headers.origin || !headers['access-control-request-method'])) {
        void reply.code(400).send({ status: 'failed', reason: messages.invalidRequest });
        return;
      }
      done();
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
