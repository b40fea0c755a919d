/**
 * GET ebooks/{id}/export (format, chapter, category, observations, urid; SPEC §7 "Ebooks";
 * docs/api.md "Ebooks"): the ebook as a PDF (plugins/app/ebooks/pdf.ts), role admin (SPEC §6).
 * `format` is pdf (the default); any other is refused with 400 `ebookExportFormat`. Without
 * `chapter`, the Published chapters (409 `ebookExportEmpty` when there is none); with it, that one
 * chapter whatever its status. SPEC's `category`, `observations` and `urid` are accepted and not
 * used: the export places no pictures and no sightings yet.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  EBOOK_EXPORT_FORMATS,
  EBOOKS_ADMIN,
  EbookExportQuerySchema,
  EbookIdParamsSchema,
} from '@contract/ebooks';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { badRequest, conflict } from '../../errors';
import { ebookFileName, ebookPdf } from '../../plugins/app/ebooks/pdf';

const exportRoute: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/ebooks/:id/export',
    {
      schema: {
        tags: ['ebooks'],
        summary: 'The ebook as a PDF: its Published chapters, or one chapter, with their species (admin)',
        params: EbookIdParamsSchema,
        querystring: EbookExportQuerySchema,
        response: {
          200: {
            description: 'An application/pdf attachment',
            content: {
              'application/pdf': {
                schema: Type.Unsafe<PDFKit.PDFDocument>({ type: 'string', format: 'binary' }),
              },
            },
          },
          ...failedResponses,
        },
      },
      preHandler: app.authorize(EBOOKS_ADMIN),
    },
    async (request, reply) => {
      const format = request.query.format.trim().toLowerCase();
      if (!(EBOOK_EXPORT_FORMATS as readonly string[]).includes(format))
        throw badRequest(messages.ebookExportFormat);
      const book = await app.ebooks.books.printable(request.params.id, request.query.chapter);
      if (book.chapters.length === 0) throw conflict(messages.ebookExportEmpty);
      const doc = ebookPdf(book, { now: Math.floor(app.clock.now() / 1000) });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${ebookFileName(book.ebook.name)}"`)
        .header('cache-control', 'private, no-store')
        .send(doc);
    },
  );
  done();
};

export default exportRoute;
