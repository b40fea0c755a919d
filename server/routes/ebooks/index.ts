/**
 * Ebooks and their chapters (SPEC §7 "Ebooks"; docs/api.md "Ebooks"). Every call needs the role
 * admin (SPEC §6; superadmin passes too):
 * - GET ebooks; GET ebooks/{id}; POST ebooks; PUT ebooks/{id}; PUT ebooks/{id}/toc (toc);
 *   POST ebooks/{id}/clone (ebook_name);
 * - PUT ebooks/{id}/chapter_status (chapter, status); POST ebooks/{id}/chapter (chapter, status);
 *   GET/PUT ebooks/{id}/chapter/{chapter}; GET ebooks/{id}/chapter/{chapter}/species;
 *   PUT ebooks/{id}/chapter_species/{chapter} (chapter, species, content_species).
 * Page templates: templates.ts; the media library: media.ts; the PDF: export.ts.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import {
  ChapterCreateSchema,
  ChapterResponseSchema,
  ChapterSpeciesResponseSchema,
  ChapterSpeciesWriteSchema,
  ChapterStatusWriteSchema,
  ChapterUpdateSchema,
  EBOOKS_ADMIN,
  EbookChapterParamsSchema,
  EbookCloneSchema,
  EbookIdParamsSchema,
  EbookListResponseSchema,
  EbookResponseSchema,
  EbookTocWriteSchema,
  EbookWriteSchema,
  type ChapterResponse,
  type ChapterSpeciesResponse,
  type EbookListResponse,
  type EbookResponse,
} from '@contract/ebooks';
import { failedResponses } from '@contract/envelope';
import { memberOf } from '../../plugins/app/auth/guard';

const ebooks: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const admin = app.authorize(EBOOKS_ADMIN);
  const { books } = app.ebooks;
  const tags = ['ebooks'];

  app.get(
    '/ebooks',
    {
      schema: {
        tags,
        summary: 'Every ebook, by name, with its chapter count (admin)',
        response: { 200: EbookListResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (): Promise<EbookListResponse> => ({ status: 'success', ebooks: await books.list() }),
  );

  app.post(
    '/ebooks',
    {
      schema: {
        tags,
        summary: 'A new ebook (admin); its name must be unused, ignoring case (409)',
        body: EbookWriteSchema,
        response: { 200: EbookResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<EbookResponse> => ({
      status: 'success',
      ebook: await books.create(request.body, memberOf(request).userId),
    }),
  );

  app.get(
    '/ebooks/:id',
    {
      schema: {
        tags,
        summary: 'One ebook with its table of contents and chapters (admin)',
        params: EbookIdParamsSchema,
        response: { 200: EbookResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<EbookResponse> => ({
      status: 'success',
      ebook: await books.get(request.params.id),
    }),
  );

  app.put(
    '/ebooks/:id',
    {
      schema: {
        tags,
        summary:
          "Replace an ebook's description: name, type, photo_category, page size and orientation (admin)",
        params: EbookIdParamsSchema,
        body: EbookWriteSchema,
        response: { 200: EbookResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<EbookResponse> => ({
      status: 'success',
      ebook: await books.update(request.params.id, request.body),
    }),
  );

  app.put(
    '/ebooks/:id/toc',
    {
      schema: {
        tags,
        summary: 'Replace the table of contents; each entry names an existing chapter or none (admin)',
        params: EbookIdParamsSchema,
        body: EbookTocWriteSchema,
        response: { 200: EbookResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<EbookResponse> => ({
      status: 'success',
      ebook: await books.setToc(request.params.id, request.body.toc),
    }),
  );

  app.post(
    '/ebooks/:id/clone',
    {
      schema: {
        tags,
        summary: 'Copy an ebook under a new name: contents, chapters (as Draft) and their species (admin)',
        params: EbookIdParamsSchema,
        body: EbookCloneSchema,
        response: { 200: EbookResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<EbookResponse> => ({
      status: 'success',
      ebook: await books.clone(request.params.id, request.body.ebook_name, memberOf(request).userId),
    }),
  );

  app.put(
    '/ebooks/:id/chapter_status',
    {
      schema: {
        tags,
        summary: "Set a chapter's status: Draft, Review or Published (admin)",
        params: EbookIdParamsSchema,
        body: ChapterStatusWriteSchema,
        response: { 200: ChapterResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<ChapterResponse> => ({
      status: 'success',
      chapter: await books.setChapterStatus(request.params.id, request.body.chapter, request.body.status),
    }),
  );

  app.post(
    '/ebooks/:id/chapter',
    {
      schema: {
        tags,
        summary:
          'Add a chapter (default: the next number, status Draft); 409 when the number is taken (admin)',
        params: EbookIdParamsSchema,
        body: ChapterCreateSchema,
        response: { 200: ChapterResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<ChapterResponse> => ({
      status: 'success',
      chapter: await books.addChapter(request.params.id, request.body),
    }),
  );

  app.get(
    '/ebooks/:id/chapter/:chapter',
    {
      schema: {
        tags,
        summary: 'One chapter with its content (admin)',
        params: EbookChapterParamsSchema,
        response: { 200: ChapterResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<ChapterResponse> => ({
      status: 'success',
      chapter: await books.chapter(request.params.id, request.params.chapter),
    }),
  );

  app.put(
    '/ebooks/:id/chapter/:chapter',
    {
      schema: {
        tags,
        summary: "Change a chapter's title, content or status; fields not sent stay (admin)",
        params: EbookChapterParamsSchema,
        body: ChapterUpdateSchema,
        response: { 200: ChapterResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<ChapterResponse> => ({
      status: 'success',
      chapter: await books.updateChapter(request.params.id, request.params.chapter, request.body),
    }),
  );

  app.get(
    '/ebooks/:id/chapter/:chapter/species',
    {
      schema: {
        tags,
        summary: "A chapter's species in order, with names and content_species (admin)",
        params: EbookChapterParamsSchema,
        response: { 200: ChapterSpeciesResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<ChapterSpeciesResponse> => ({
      status: 'success',
      chapter: request.params.chapter,
      species: await books.chapterSpecies(request.params.id, request.params.chapter),
    }),
  );

  app.put(
    '/ebooks/:id/chapter_species/:chapter',
    {
      schema: {
        tags,
        summary: "Replace a chapter's species (ids of species rows, in order) and their texts (admin)",
        params: EbookChapterParamsSchema,
        body: ChapterSpeciesWriteSchema,
        response: { 200: ChapterSpeciesResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<ChapterSpeciesResponse> => ({
      status: 'success',
      chapter: request.params.chapter,
      species: await books.setChapterSpecies(request.params.id, request.params.chapter, request.body),
    }),
  );

  done();
};

export default ebooks;
