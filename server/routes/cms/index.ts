/**
 * Content pages (SPEC §7 "Reference data"; docs/api.md "Content pages and help"):
 * - GET cms/pages/slug/{slug}: a page by its address (`terms-conditions`, `privacy-policy`, …);
 * - GET cms/pages/{id}: a page by its id.
 * Both answer the page with its Markdown; an unknown or deleted page is 404. Anyone may read them,
 * a client token is enough: the Register dialog links to the terms before anyone has an account.
 * The list (GET cms/pages) and the admin writes (PUT/DELETE cms/pages/{id}) come with the
 * administration issue.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import {
  ContentPageIdParamsSchema,
  ContentPageResponseSchema,
  ContentPageSlugParamsSchema,
  type ContentPageResponse,
} from '@contract/content';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { notFound } from '../../errors';

const cms: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const anyone = app.authorize({ allowClient: true });

  app.get(
    '/cms/pages/slug/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'A content page by its slug (terms-conditions, privacy-policy, …), as Markdown',
        params: ContentPageSlugParamsSchema,
        response: { 200: ContentPageResponseSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request): Promise<ContentPageResponse> => {
      const page = await app.content.pageBySlug(request.params.slug);
      if (!page) throw notFound(messages.contentPageNotFound);
      return { status: 'success', page };
    },
  );

  app.get(
    '/cms/pages/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'A content page by its id, as Markdown',
        params: ContentPageIdParamsSchema,
        response: { 200: ContentPageResponseSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request): Promise<ContentPageResponse> => {
      const page = await app.content.pageById(request.params.id);
      if (!page) throw notFound(messages.contentPageNotFound);
      return { status: 'success', page };
    },
  );

  done();
};

export default cms;
