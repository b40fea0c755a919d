/**
 * GET media/{id}/{variant}: the bytes of a stored photo, `original` (JPEG, ≤ 2048 px) or
 * `thumbnail` (WebP, ≤ 320 px), optionally with the extension the stored URLs carry
 * (`…/original.jpg`, `…/thumbnail.webp`: the client's image cache names files by extension).
 *
 * Every kind of photo: species reference photos and members' sighting photos alike. No token: an
 * <img> cannot send one, and the ids are random UUIDs (docs/api.md "Sighting photos, comments and
 * likes" on what that means for a private sighting's photo). A photo's files never change (a new
 * photo gets a new id), so the answer may be cached for a year, `immutable`, and embedded by other
 * origins (the API's default resource policy is same-origin). Unknown or deleted: 404 in the usual
 * envelope.
 */
import type { Readable } from 'node:stream';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { failedResponses } from '@contract/envelope';
import { MediaFileParamsSchema } from '@contract/media';
import { messages } from '@contract/messages';
import { notFound } from '../../errors';

const media: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/media/:id/:variant',
    {
      schema: {
        tags: ['media'],
        summary:
          'The file of a photo (species or sighting): original (JPEG, ≤ 2048 px) or thumbnail (WebP, ≤ 320 px)',
        params: MediaFileParamsSchema,
        response: {
          // Sent as a stream, which Fastify never serialises; the schema is for the API docs.
          200: Type.Unsafe<Readable>({
            type: 'string',
            format: 'binary',
            description: 'image/jpeg or image/webp',
          }),
          ...failedResponses,
        },
      },
    },
    async (request, reply) => {
      const file = await app.media.speciesPhotos.file(request.params.id, request.params.variant);
      if (!file) throw notFound(messages.photoNotFound);
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Content-Length', file.size)
        .type(file.contentType)
        .send(file.stream);
    },
  );
  done();
};

export default media;
