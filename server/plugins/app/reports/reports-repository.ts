/**
 * Issue reports (202611280021_issue_reports.sql; docs/api.md "Issue reports"): create (a replay of
 * an open report answers it again), list with filters, detail with notes and events, notes, and
 * actions. Every action is an event row (who, when) written in the same transaction as its change.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { formatMessage, messages } from '@contract/messages';
import {
  HIDEABLE_SECTIONS,
  nextReportState,
  type Report,
  type ReportAction,
  type ReportCreate,
  type ReportEvent,
  type ReportListQuery,
  type ReportNote,
  type ReportSubject,
} from '@contract/reports';
import type { DB } from '../../../db/schema';
import type { Clock } from '../../../clock';
import { badRequest, conflict, notFound } from '../../../errors';
import type { ReportSubjects } from './subjects';
import type { IssueReportsTable } from './tables';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

type ReportRow = Selectable<IssueReportsTable> & { reporter_nickname: string | null };

function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    section: row.section,
    subject_id: row.subject_id,
    subject_owner_id: row.subject_owner_id,
    reporter_id: row.reporter_id,
    reporter_nickname: row.reporter_nickname,
    category: row.category,
    description: row.description,
    state: row.state,
    content_hidden: row.content_hidden,
    created_at: seconds(row.created_at),
    updated_at: seconds(row.updated_at),
  };
}

export class ReportsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    readonly subjects: ReportSubjects,
  ) {}

  private reports(db: Kysely<DB> = this.db) {
    return db
      .selectFrom('issue_reports as r')
      .leftJoin('users as u', 'u.id', 'r.reporter_id')
      .selectAll('r')
      .select('u.nickname as reporter_nickname');
  }

  async get(id: string): Promise<Report | undefined> {
    const row = await this.reports().where('r.id', '=', id).executeTakeFirst();
    return row && toReport(row);
  }

  /** A member's report; the same member's open report of the same thing is answered again. */
  async create(reporterId: string, input: ReportCreate): Promise<{ report: Report; created: boolean }> {
    const subjectId = input.id.trim();
    if (input.section !== 'bug' && subjectId === '') throw badRequest('id: must not be empty');
    const subject = await this.subjects.find(input.section, subjectId);
    if (!subject.exists) {
      throw notFound(
        formatMessage(messages.reportSubjectNotFound, { section: input.section.replace('_', ' ') }),
      );
    }
    const open = async () =>
      this.reports()
        .where('r.reporter_id', '=', reporterId)
        .where('r.section', '=', input.section)
        .where('r.subject_id', '=', subjectId)
        .where('r.state', '=', 'open')
        .executeTakeFirst();
    const existing = await open();
    if (existing) return { report: toReport(existing), created: false };
    const id = randomUUID();
    const now = new Date(this.clock.now());
    const inserted = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('issue_reports')
        .values({
          id,
          section: input.section,
          subject_id: subjectId,
          subject_owner_id: subject.ownerId,
          reporter_id: reporterId,
          category: input.category,
          description: input.description.trim(),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) {
        await trx
          .insertInto('issue_report_events')
          .values({ report_id: id, action: 'create', actor_id: reporterId, created_at: now })
          .execute();
      }
      return row !== undefined;
    });
    // A concurrent replay won the unique index: answer the report it made.
    const report = inserted ? await this.get(id) : await open().then((row) => row && toReport(row));
    if (!report) throw conflict(messages.reportNotFound);
    return { report, created: inserted };
  }

  async list(query: ReportListQuery): Promise<{ reports: Report[]; total: number }> {
    let base = this.db.selectFrom('issue_reports as r');
    if (query.section) base = base.where('r.section', '=', query.section);
    if (query.state) base = base.where('r.state', '=', query.state);
    if (query.category) base = base.where('r.category', '=', query.category);
    const { total } = await base
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .leftJoin('users as u', 'u.id', 'r.reporter_id')
      .selectAll('r')
      .select('u.nickname as reporter_nickname')
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id')
      .offset(query.skip)
      .limit(query.limit)
      .execute();
    return { reports: rows.map(toReport), total: Number(total) };
  }

  async detail(
    id: string,
  ): Promise<
    { report: Report; notes: ReportNote[]; events: ReportEvent[]; subject: ReportSubject } | undefined
  > {
    const report = await this.get(id);
    if (!report) return undefined;
    const notes = await this.db
      .selectFrom('issue_report_notes as n')
      .leftJoin('users as u', 'u.id', 'n.author_id')
      .select(['n.id', 'n.author_id', 'n.body', 'n.created_at', 'u.nickname'])
      .where('n.report_id', '=', id)
      .orderBy('n.created_at')
      .orderBy('n.id')
      .execute();
    const events = await this.db
      .selectFrom('issue_report_events as e')
      .leftJoin('users as u', 'u.id', 'e.actor_id')
      .select(['e.action', 'e.actor_id', 'e.created_at', 'u.nickname'])
      .where('e.report_id', '=', id)
      .orderBy('e.id')
      .execute();
    const { ownerId: _owner, ...subject } = await this.subjects.find(
      report.section,
      report.subject_id,
      report.subject_owner_id,
    );
    return {
      report,
      notes: notes.map((n) => ({
        id: n.id,
        author_id: n.author_id,
        author_nickname: n.nickname,
        note_content: n.body,
        created_at: seconds(n.created_at),
      })),
      events: events.map((e) => ({
        action: e.action as ReportEvent['action'],
        actor_id: e.actor_id,
        actor_nickname: e.nickname,
        created_at: seconds(e.created_at),
      })),
      subject,
    };
  }

  async addNote(reportId: string, authorId: string, body: string): Promise<ReportNote> {
    const id = randomUUID();
    const now = new Date(this.clock.now());
    await this.db
      .insertInto('issue_report_notes')
      .values({ id, report_id: reportId, author_id: authorId, body: body.trim(), created_at: now })
      .execute();
    const author = await this.db
      .selectFrom('users')
      .select('nickname')
      .where('id', '=', authorId)
      .executeTakeFirst();
    return {
      id,
      author_id: authorId,
      author_nickname: author?.nickname ?? null,
      note_content: body.trim(),
      created_at: seconds(now),
    };
  }

  /** Applies `action` by `actorId`; 409 when it does not apply to the report as it stands. */
  async act(report: Report, action: ReportAction, actorId: string): Promise<Report> {
    const next = nextReportState(report.state, report.content_hidden, action);
    const refuse = () =>
      conflict(formatMessage(messages.reportActionRefused, { state: report.state, action }));
    if (next === null) throw refuse();
    const hiding = action === 'hide' || action === 'unhide';
    if (hiding && !HIDEABLE_SECTIONS.includes(report.section)) throw refuse();
    // Hiding a member disables them: an admin may not do that to themself (as in user administration).
    if (hiding && report.section === 'user' && report.subject_id === actorId) {
      throw conflict(messages.adminSelfDisable);
    }
    const now = new Date(this.clock.now());
    if (hiding) {
      await this.subjects.setHidden(
        report.section,
        report.subject_id,
        report.subject_owner_id,
        action === 'hide',
        now,
      );
    }
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('issue_reports')
        .set({
          state: next,
          updated_at: now,
          ...(hiding ? { content_hidden: action === 'hide' } : {}),
        })
        .where('id', '=', report.id)
        .execute();
      await trx
        .insertInto('issue_report_events')
        .values({ report_id: report.id, action, actor_id: actorId, created_at: now })
        .execute();
    });
    const updated = await this.get(report.id);
    if (!updated) throw notFound(messages.reportNotFound);
    return updated;
  }
}
