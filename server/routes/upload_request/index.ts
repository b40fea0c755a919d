/**
 * Upload slots for product images and files (SPEC §7 "POST upload_request (filepath)"; docs/shop.md):
 * - POST upload_request: an admin asks for a slot for `filepath` (relative, under images/ or files/;
 *   absolute paths and `..` are refused with 400 naming filepath);
 * - PUT upload_request/{token}: the bytes (application/octet-stream), once, within 15 minutes;
 * - GET merchant/files/images/…: an uploaded product image, for anyone (the shop shows them to guests).
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import {
  UploadedResponseSchema,
  UploadRequestSchema,
  UploadSlotResponseSchema,
  UploadTokenParamsSchema,
  type UploadSlotResponse,
} from '@contract/shop';
import { API_PREFIX } from '@contract/prefix';
import { badRequest, notFound } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';

const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

const uploads: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const admin = app.authorize({ role: 'admin' });
  // Only this plugin's routes take raw bytes; everywhere else octet-stream stays a 415.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES },
    (_request, body, parsed) => {
      parsed(null, body);
    },
  );

  app.post(
    '/upload_request',
    {
      schema: {
        tags: ['shop'],
        summary: "An upload slot for a product's image or file (admin)",
        body: UploadRequestSchema,
        response: { 200: UploadSlotResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<UploadSlotResponse> => {
      const { filepath } = request.body;
      const slot = await app.shop.uploads.requestSlot(filepath, memberOf(request).userId);
      return {
        status: 'success',
        filepath,
        upload_url: `${API_PREFIX}/upload_request/${slot.token}`,
        expires_at: slot.expiresAt.toISOString(),
      };
    },
  );

  app.put(
    '/upload_request/:token',
    {
      schema: {
        tags: ['shop'],
        summary: 'The bytes for an upload slot (admin; application/octet-stream, once)',
        params: UploadTokenParamsSchema,
        response: { 200: UploadedResponseSchema, ...failedResponses },
      },
      bodyLimit: UPLOAD_MAX_BYTES,
      preHandler: admin,
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw badRequest(messages.uploadEmpty);
      const filepath = await app.shop.uploads.upload(request.params.token, request.body);
      return { status: 'success' as const, filepath, bytes: request.body.length };
    },
  );

  app.get(
    '/merchant/files/images/*',
    {
      schema: {
        tags: ['shop'],
        summary: 'An uploaded product image',
        params: Type.Object({ '*': Type.String({ maxLength: 300 }) }),
        response: { 200: Type.Unknown({ description: 'The image bytes' }), ...failedResponses },
      },
    },
    // No guard: <img> elements send no bearer token, and images are public like the shop itself.
    async (request, reply) => {
      const path = `images/${request.params['*']}`;
      const file = await app.shop.uploads.openImage(path);
      if (!file) throw notFound();
      const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
      return reply
        .type(IMAGE_TYPES[extension] ?? 'application/octet-stream')
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=3600')
        .send(file.stream);
    },
  );

  done();
};

export default uploads;
