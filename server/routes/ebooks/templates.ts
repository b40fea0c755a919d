/**
 * Ebook page templates (SPEC §3 "Ebook page template: name, template, thumbnail"; §7 "Ebooks";
 * docs/api.md "Ebooks"): GET/POST ebooks/admin/page_templates, GET/PUT
 * ebooks/admin/page_templates/{id}. Role admin (SPEC §6). The thumbnail is a picture of the ebook
 * media library, named by its media id.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import {
  EBOOKS_ADMIN,
  PageTemplateIdParamsSchema,
  PageTemplateListResponseSchema,
  PageTemplateResponseSchema,
  PageTemplateWriteSchema,
  type PageTemplateListResponse,
  type PageTemplateResponse,
} from '@contract/ebooks';
import { failedResponses } from '@contract/envelope';

const templates: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const admin = app.authorize(EBOOKS_ADMIN);
  const { books } = app.ebooks;
  const tags = ['ebooks'];

  app.get(
    '/ebooks/admin/page_templates',
    {
      schema: {
        tags,
        summary: 'Every page template by name, without its source (admin)',
        response: { 200: PageTemplateListResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (): Promise<PageTemplateListResponse> => ({
      status: 'success',
      page_templates: await books.templates(),
    }),
  );

  app.post(
    '/ebooks/admin/page_templates',
    {
      schema: {
        tags,
        summary: 'A new page template: name, template source, thumbnail (admin)',
        body: PageTemplateWriteSchema,
        response: { 200: PageTemplateResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<PageTemplateResponse> => ({
      status: 'success',
      page_template: await books.createTemplate(request.body),
    }),
  );

  app.get(
    '/ebooks/admin/page_templates/:id',
    {
      schema: {
        tags,
        summary: 'One page template with its source (admin)',
        params: PageTemplateIdParamsSchema,
        response: { 200: PageTemplateResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<PageTemplateResponse> => ({
      status: 'success',
      page_template: await books.template(request.params.id),
    }),
  );

  app.put(
    '/ebooks/admin/page_templates/:id',
    {
      schema: {
        tags,
        summary: 'Replace a page template (admin)',
        params: PageTemplateIdParamsSchema,
        body: PageTemplateWriteSchema,
        response: { 200: PageTemplateResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<PageTemplateResponse> => ({
      status: 'success',
      page_template: await books.updateTemplate(request.params.id, request.body),
    }),
  );

  done();
};

export default templates;
