/**
 * Member issue reports (SPEC §7 "Logbooks, commerce, issues"; docs/api.md "Issue reports"):
 * - POST report_issue/create: a member reports a thing (or a bug); a replay answers the open report;
 * - POST report_issue/create_note: a note on a report, by a report admin or its reporter;
 * - GET report_issue/list, GET report_issue/{id}: report admins (role admin, or admin-reports:r);
 * - POST report_issue/{action}: resolve, reject, hide, unhide, reopen (admin, or admin-reports:u).
 * `user_id` in a body is the caller (SPEC sends it): any other id is a 400.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { canAccess } from '@contract/permissions';
import {
  REPORTS_READ,
  REPORTS_UPDATE,
  ReportActionBodySchema,
  ReportActionParamsSchema,
  ReportActionResponseSchema,
  ReportCreateResponseSchema,
  ReportCreateSchema,
  ReportDetailResponseSchema,
  ReportIdParamsSchema,
  ReportListQuerySchema,
  ReportListResponseSchema,
  ReportNoteCreateSchema,
  ReportNoteResponseSchema,
  type ReportActionResponse,
  type ReportCreateResponse,
  type ReportDetailResponse,
  type ReportListResponse,
  type ReportNoteResponse,
} from '@contract/reports';
import { badRequest, forbidden, notFound } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';

function sameUser(callerId: string, userId: string): void {
  if (callerId !== userId.toLowerCase()) throw badRequest(messages.reportUserMismatch);
}

const reportIssue: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.post(
    '/report_issue/create',
    {
      schema: {
        tags: ['reports'],
        summary: 'Report a sighting, photo, comment, post, member, place, field guide, species page or bug',
        body: ReportCreateSchema,
        response: { 200: ReportCreateResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request): Promise<ReportCreateResponse> => {
      const member = memberOf(request);
      sameUser(member.userId, request.body.user_id);
      return { status: 'success', ...(await app.reports.create(member.userId, request.body)) };
    },
  );

  app.post(
    '/report_issue/create_note',
    {
      schema: {
        tags: ['reports'],
        summary: 'Add a note to a report (report admins, or the member who reported it)',
        body: ReportNoteCreateSchema,
        response: { 200: ReportNoteResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(),
    },
    async (request): Promise<ReportNoteResponse> => {
      const member = memberOf(request);
      sameUser(member.userId, request.body.user_id);
      const report = await app.reports.get(request.body.id.toLowerCase());
      const admin = canAccess(member, REPORTS_UPDATE);
      if (!report) throw admin ? notFound(messages.reportNotFound) : forbidden();
      if (!admin && report.reporter_id !== member.userId) throw forbidden();
      if (report.section !== request.body.section) throw badRequest('section: is not the report’s');
      return {
        status: 'success',
        note: await app.reports.addNote(report.id, member.userId, request.body.note_content),
      };
    },
  );

  app.get(
    '/report_issue/list',
    {
      schema: {
        tags: ['reports'],
        summary: 'Reports, newest first, by section, state and category (admin, or admin-reports:r)',
        querystring: ReportListQuerySchema,
        response: { 200: ReportListResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(REPORTS_READ),
    },
    async (request): Promise<ReportListResponse> => ({
      status: 'success',
      ...(await app.reports.list(request.query)),
    }),
  );

  app.get(
    '/report_issue/:id',
    {
      schema: {
        tags: ['reports'],
        summary: 'A report with its notes, what was done (who, when) and the reported thing as it is now',
        params: ReportIdParamsSchema,
        response: { 200: ReportDetailResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(REPORTS_READ),
    },
    async (request): Promise<ReportDetailResponse> => {
      const detail = await app.reports.detail(request.params.id.toLowerCase());
      if (!detail) throw notFound(messages.reportNotFound);
      return { status: 'success', ...detail };
    },
  );

  app.post(
    '/report_issue/:action',
    {
      schema: {
        tags: ['reports'],
        summary: 'Resolve, reject, hide (the reported thing, from everyone), unhide or reopen a report',
        params: ReportActionParamsSchema,
        body: ReportActionBodySchema,
        response: { 200: ReportActionResponseSchema, ...failedResponses },
      },
      preHandler: app.authorize(REPORTS_UPDATE),
    },
    async (request): Promise<ReportActionResponse> => {
      const member = memberOf(request);
      sameUser(member.userId, request.body.user_id);
      const report = await app.reports.get(request.body.issue_id.toLowerCase());
      if (!report) throw notFound(messages.reportNotFound);
      if (report.section !== request.body.section || report.subject_id !== request.body.id.trim()) {
        throw badRequest('id: is not what the report is about');
      }
      return {
        status: 'success',
        report: await app.reports.act(report, request.params.action, member.userId),
      };
    },
  );

  done();
};

export default reportIssue;
