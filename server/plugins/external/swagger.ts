/**
 * OpenAPI 3 document generated from the route schemas (which come from src/contract), with the
 * Swagger UI at /api/docs and the JSON at /api/docs/json. The UI's own CSP (staticCSP) replaces
 * helmet's on its pages only.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { product } from '@config/product';
import type { ServerConfig } from '../../config';

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: `${product.name} API`,
          description: `${product.description} Every JSON answer has \`status\` ('success' or 'failed') and, when failed, a human-readable \`reason\`. See docs/api.md.`,
          version: '1.0',
        },
        servers: [{ url: config.publicUrl }],
        components: {
          securitySchemes: {
            bearer: {
              type: 'http',
              scheme: 'bearer',
              description: 'Auth token, or a client token from oauth/token',
            },
          },
        },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'swagger', fastify: '5.x' },
);
