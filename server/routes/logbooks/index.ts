/**
 * Logbooks (SPEC §7 "Logbooks, commerce, issues"; docs/shop.md "Logbooks"):
 * - GET logbooks: the logbooks on sale, with the size of each checklist (guests too);
 * - GET logbooks/owned: the member's logbooks with progress ("43 of 120");
 * - PUT logbooks/activate: redeem a printed activation code (rate-limited; 400 malformed or unknown,
 *   409 used or already owned);
 * - GET logbooks/product/{id}: a logbook product and whether the member owns it;
 * - GET logbooks/refresh/{id}: the owner's ticks (first date and count per species);
 * - GET logbooks/download/{id}: the whole checklist with ticks, for the device (owner only, 403);
 *   with `format=pdf` the member's filled checklist as a printable PDF (pdf.ts);
 * - POST logbooks/codes: a batch of activation codes for printing, with a CSV (admin);
 * - GET logbooks/codes: the printed batches with how many codes were redeemed (admin);
 * - GET logbooks/codes/csv: one batch's codes again as CSV, with when each was redeemed (admin).
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import {
  ActivateResponseSchema,
  ActivateSchema,
  CodeBatchCsvResponseSchema,
  CodeBatchesResponseSchema,
  CodeBatchQuerySchema,
  CodesRequestSchema,
  CodesResponseSchema,
  LogbookDownloadQuerySchema,
  LogbookDownloadResponseSchema,
  LogbookParamsSchema,
  LogbookProductResponseSchema,
  LogbookRefreshResponseSchema,
  LogbooksResponseSchema,
  OwnedLogbooksResponseSchema,
} from '@contract/logbooks';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { canAccess } from '@contract/permissions';
import { Type } from 'typebox';
import { badRequest, forbidden, notFound } from '../../errors';
import { memberOf, viewerOf } from '../../plugins/app/auth/guard';
import { dayFormatter, logbookPdf, pdfFileName } from '../../plugins/app/logbooks/pdf';
import { toProduct } from '../../plugins/app/shop/products';
import { rateLimitConfig } from '../../route-hooks';

const logbooks: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const member = app.authorize();
  const tags = ['logbooks'];

  /** The member's logbook of product {id}: 404 unknown, 403 not theirs. */
  async function ownedOr403(userId: string, productId: string) {
    const product = await app.logbooks.logbookProduct(productId, true);
    if (!product) throw notFound(messages.logbookNotFound);
    const owned = await app.logbooks.ownedOne(userId, product);
    if (!owned) throw forbidden(messages.logbookNotOwned);
    return { product, owned };
  }

  app.get(
    '/logbooks',
    {
      schema: {
        tags,
        summary: 'The logbooks on sale',
        response: { 200: LogbooksResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async () => ({ status: 'success' as const, logbooks: await app.logbooks.forSale() }),
  );

  app.get(
    '/logbooks/owned',
    {
      schema: {
        tags,
        summary: "The member's logbooks with their progress",
        response: { 200: OwnedLogbooksResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => ({
      status: 'success' as const,
      logbooks: await app.logbooks.owned(memberOf(request).userId),
    }),
  );

  app.put(
    '/logbooks/activate',
    {
      schema: {
        tags,
        summary: 'Redeem a printed activation code (once, race-safe)',
        body: ActivateSchema,
        response: { 200: ActivateResponseSchema, ...failedResponses },
      },
      config: rateLimitConfig(app.config.shop.activationRateLimit),
      preHandler: member,
    },
    async (request) => ({
      status: 'success' as const,
      logbook: await app.logbooks.activate(memberOf(request).userId, request.body.activation_code),
    }),
  );

  app.get(
    '/logbooks/product/:id',
    {
      schema: {
        tags,
        summary: 'A logbook product, its checklist size and whether the member owns it',
        params: LogbookParamsSchema,
        response: { 200: LogbookProductResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ allowClient: true }),
    },
    async (request) => {
      const principal = request.principal;
      const admin = principal?.kind === 'member' && canAccess(principal, { role: 'admin' });
      const product = await app.logbooks.logbookProduct(request.params.id, admin);
      if (!product) throw notFound(messages.logbookNotFound);
      const viewer = viewerOf(request);
      const owned = viewer !== null && (await app.logbooks.ownedOne(viewer, product)) !== undefined;
      return {
        status: 'success' as const,
        product: toProduct(product),
        logbook: await app.logbooks.describeProduct(product),
        owned,
      };
    },
  );

  app.get(
    '/logbooks/refresh/:id',
    {
      schema: {
        tags,
        summary: "The owner's ticks on a logbook (first date and count per species)",
        params: LogbookParamsSchema,
        response: { 200: LogbookRefreshResponseSchema, ...failedResponses },
      },
      preHandler: member,
    },
    async (request) => {
      const userId = memberOf(request).userId;
      const { product, owned } = await ownedOr403(userId, request.params.id);
      return { status: 'success' as const, logbook: owned, ticks: await app.logbooks.ticks(userId, product) };
    },
  );

  app.get(
    '/logbooks/download/:id',
    {
      schema: {
        tags,
        summary: "A logbook whole, for the device (JSON), or the member's filled checklist as a PDF",
        description:
          'Without `format` (or `format=json`) the checklist and the ticks, for the device. With ' +
          '`format=pdf` an `application/pdf` attachment (`Content-Disposition: attachment; ' +
          'filename=…`): the title, the member, the date printed, the checklist grouped by family ' +
          'with each species ticked or not, the date and place of the first sighting, and totals; ' +
          'dates in the time zone `tz` (UTC when absent).',
        params: LogbookParamsSchema,
        querystring: LogbookDownloadQuerySchema,
        response: {
          200: {
            description: 'The logbook as JSON, or the PDF with format=pdf',
            content: {
              'application/json': { schema: LogbookDownloadResponseSchema },
              // Typed as the stream the handler sends; documented as binary.
              'application/pdf': {
                schema: Type.Unsafe<PDFKit.PDFDocument>({ type: 'string', format: 'binary' }),
              },
            },
          },
          ...failedResponses,
        },
      },
      preHandler: member,
    },
    async (request, reply) => {
      const userId = memberOf(request).userId;
      const { product, owned } = await ownedOr403(userId, request.params.id);
      if (request.query.format === 'pdf') {
        const timeZone = request.query.tz ?? 'UTC';
        try {
          dayFormatter(timeZone);
        } catch {
          throw badRequest(messages.logbookTimeZoneUnknown);
        }
        const now = Math.floor(app.clock.now() / 1000);
        const file = pdfFileName(product.name, now, timeZone);
        const doc = logbookPdf(await app.logbooks.printable(userId, product), { now, timeZone });
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${file}"`)
          .header('cache-control', 'private, no-store')
          .send(doc);
      }
      const [species, ticks] = await Promise.all([
        app.logbooks.species(product),
        app.logbooks.ticks(userId, product),
      ]);
      return reply.send({ status: 'success' as const, logbook: owned, species, ticks });
    },
  );

  app.post(
    '/logbooks/codes',
    {
      schema: {
        tags,
        summary: 'A batch of activation codes for a logbook product, with a CSV (admin)',
        body: CodesRequestSchema,
        response: { 200: CodesResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ role: 'admin' }),
    },
    async (request) => {
      const batch = request.body.batch ?? new Date(app.clock.now()).toISOString().slice(0, 10);
      const codes = await app.logbooks.generate(request.body.product_id, request.body.count, batch);
      const csv = [
        'code,product_id,batch',
        ...codes.map((code) => `${code},${request.body.product_id},${batch}`),
      ].join('\n');
      return { status: 'success' as const, batch, codes, csv: `${csv}\n` };
    },
  );

  app.get(
    '/logbooks/codes',
    {
      schema: {
        tags,
        summary: 'The printed batches of activation codes, newest first, with redemptions (admin)',
        response: { 200: CodeBatchesResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ role: 'admin' }),
    },
    async () => ({ status: 'success' as const, batches: await app.logbooks.batches() }),
  );

  app.get(
    '/logbooks/codes/csv',
    {
      schema: {
        tags,
        summary: "One batch's activation codes as CSV, with when each was redeemed (admin)",
        querystring: CodeBatchQuerySchema,
        response: { 200: CodeBatchCsvResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize({ role: 'admin' }),
    },
    async (request) => ({
      status: 'success' as const,
      csv: await app.logbooks.batchCsv(request.query.product_id, request.query.batch),
    }),
  );

  done();
};

export default logbooks;
