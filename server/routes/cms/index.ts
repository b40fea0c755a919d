/**
 * Content pages (SPEC §7 "Reference data"; docs/api.md "Content pages and help"):
 * - GET cms/pages/slug/{slug}: a page by its address (`terms-conditions`, `privacy-policy`, …);
 * - GET cms/pages/{id}: a page by its id.
 * Both answer the page with its Markdown; an unknown or deleted page is 404. Anyone may read them,
 * a client token is enough: the Register dialog links to the terms before anyone has an account.
 * Administration (SPEC §6: role admin or the admin-cms permission with the flag):
 * - GET cms/pages (admin-cms:r): every live page, without bodies;
 * - PUT cms/pages/{id}: creates (admin-cms:c) or replaces (admin-cms:u) a page;
 * - DELETE cms/pages/{id} (admin-cms:d): removes it; the terms and privacy policy cannot go.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import {
  ContentPageIdParamsSchema,
  ContentPageResponseSchema,
  ContentPageSlugParamsSchema,
  type ContentPageResponse,
} from '@contract/content';
import {
  CMS_CREATE,
  CMS_DELETE,
  CMS_READ,
  CMS_UPDATE,
  ContentPageListResponseSchema,
  ContentPageWriteResponseSchema,
  ContentPageWriteSchema,
  type ContentPageListResponse,
  type ContentPageWriteResponse,
} from '@contract/contentAdmin';
import { OkSchema, failedResponses, type Ok } from '@contract/envelope';
import { messages } from '@contract/messages';
import { canAccess } from '@contract/permissions';
import { forbidden, notFound } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';

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

  app.get(
    '/cms/pages',
    {
      schema: {
        tags: ['content'],
        summary: 'Every content page, without its body (admin, or admin-cms:r)',
        response: { 200: ContentPageListResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(CMS_READ),
    },
    async (): Promise<ContentPageListResponse> => ({
      status: 'success',
      pages: await app.contentWrites.listPages(),
    }),
  );

  app.put(
    '/cms/pages/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'Create (admin-cms:c) or replace (admin-cms:u) a content page; the body is Markdown',
        params: ContentPageIdParamsSchema,
        body: ContentPageWriteSchema,
        response: { 200: ContentPageWriteResponseSchema, ...failedResponses },
      },
      // Signed in here; which flag is needed depends on whether the id is new (below).
      preHandler: app.authorize(),
    },
    async (request): Promise<ContentPageWriteResponse> => {
      const id = request.params.id.toLowerCase();
      const rule = (await app.contentWrites.pageExists(id)) ? CMS_UPDATE : CMS_CREATE;
      if (!canAccess(memberOf(request), rule)) throw forbidden();
      return { status: 'success', ...(await app.contentWrites.putPage(id, request.body)) };
    },
  );

  app.delete(
    '/cms/pages/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'Remove a content page (admin, or admin-cms:d); the terms and privacy policy stay',
        params: ContentPageIdParamsSchema,
        response: { 200: OkSchema, ...failedResponses },
      },
      preHandler: app.authorize(CMS_DELETE),
    },
    async (request): Promise<Ok> => {
      await app.contentWrites.deletePage(request.params.id.toLowerCase());
      return { status: 'success' };
    },
  );

  done();
};

export default cms;
