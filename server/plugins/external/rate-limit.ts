/**
 * Rate limiting, off by default (`global: false`): routes opt in with `config.rateLimit` (login,
 * register, password reset; numbers from ServerConfig.rateLimits). The request after the limit
 * gets 429, which the app's error handler turns into the failed envelope with
 * messages.tooManyRequests. The store is in memory, per process; behind several instances it
 * limits per instance (a shared store can be passed later without touching the routes).
 */
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(rateLimit, { global: false });
  },
  { name: 'rate-limit', fastify: '5.x' },
);
