import { randomUUID } from 'node:crypto';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Failed } from '@contract/envelope';
import type { CommentsResponse } from '@contract/media';
import { formatMessage, messages } from '@contract/messages';
import {
  ReportActionResponseSchema,
  ReportCreateResponseSchema,
  ReportDetailResponseSchema,
  ReportListResponseSchema,
  ReportNoteResponseSchema,
  type ReportActionResponse,
  type ReportCreateResponse,
  type ReportDetailResponse,
  type ReportListResponse,
} from '@contract/reports';
import { buildTestApp, createSignedInMember, fetchClientToken, type TestApp, callApi } from './helpers';
import { insertSpeciesPhoto } from './media-helpers';
import { observationRecord, pushRecords } from './observation-helpers';

interface Who {
  id: string;
  token: string;
}

let t: TestApp;
let client: string;
let reporter: Who;
let other: Who;
let admin: Who;
let moderator: Who;
let photoId: string;

async function who(roles: string[], permissions?: Record<string, string[]>): Promise<Who> {
  const created = await createSignedInMember(t, { roles, ...(permissions ? { permissions } : {}) });
  return { id: created.id, token: created.token };
}

beforeAll(async () => {
  t = await buildTestApp();
  client = await fetchClientToken(t);
  reporter = await who(['member']);
  other = await who(['member']);
  admin = await who(['member', 'admin']);
  moderator = await who(['member'], { 'admin-reports': ['r', 'u'] });
  photoId = await insertSpeciesPhoto(t, other.id);
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST', path: string, token: string | null, payload?: object) {
  return callApi(t, method, path, token, payload);
}

async function insertComment(body: string): Promise<string> {
  const id = `c-${randomUUID()}`;
  const now = new Date(t.clock.now());
  await t.db
    .insertInto('media_comments')
    .values({
      id,
      media_id: photoId,
      parent_id: null,
      author_id: other.id,
      body,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

async function report(section: string, id: string, by: Who = reporter, category = 'offensive') {
  const response = await call('POST', '/report_issue/create', by.token, {
    section,
    id,
    user_id: by.id,
    category,
    description: 'Not nice',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportCreateResponse>();
}

function act(action: string, r: { id: string; section: string; subject_id: string }, by: Who = admin) {
  return call('POST', `/report_issue/${action}`, by.token, {
    section: r.section,
    id: r.subject_id,
    issue_id: r.id,
    user_id: by.id,
  });
}

describe('POST report_issue/create', () => {
  it('records a report of a comment with its owner; a replay answers the same open report', async () => {
    const commentId = await insertComment('You are wrong');
    const first = await report('comment', commentId);
    expect(Value.Check(ReportCreateResponseSchema, first)).toBe(true);
    expect(first.created).toBe(true);
    expect(first.report).toMatchObject({
      section: 'comment',
      subject_id: commentId,
      subject_owner_id: other.id,
      reporter_id: reporter.id,
      category: 'offensive',
      state: 'open',
      content_hidden: false,
    });
    const again = await report('comment', commentId);
    expect(again).toMatchObject({ created: false, report: { id: first.report.id } });
  });

  it('takes a bug with an empty id, and refuses a thing that does not exist (404)', async () => {
    expect((await report('bug', '', reporter, 'bug')).report.section).toBe('bug');
    const missing = await call('POST', '/report_issue/create', reporter.token, {
      section: 'user',
      id: randomUUID(),
      user_id: reporter.id,
      category: 'spam',
      description: '',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Failed>().reason).toBe(
      formatMessage(messages.reportSubjectNotFound, { section: 'user' }),
    );
  });

  it('refuses another user_id (400), an unknown section or category (400), and a guest (401)', async () => {
    const body = { section: 'user', id: other.id, user_id: other.id, category: 'spam', description: 'x' };
    const mismatch = await call('POST', '/report_issue/create', reporter.token, body);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json<Failed>().reason).toBe(messages.reportUserMismatch);
    const section = await call('POST', '/report_issue/create', reporter.token, {
      ...body,
      user_id: reporter.id,
      section: 'planet',
    });
    expect(section.statusCode).toBe(400);
    expect(section.json<Failed>().reason).toMatch(/section/);
    const category = await call('POST', '/report_issue/create', reporter.token, {
      ...body,
      user_id: reporter.id,
      category: 'boring',
    });
    expect(category.statusCode).toBe(400);
    expect((await call('POST', '/report_issue/create', client, body)).statusCode).toBe(401);
    expect((await call('POST', '/report_issue/create', null, body)).statusCode).toBe(401);
  });
});

describe('report administration', () => {
  it('lists with filters, newest first, to an admin and admin-reports:r', async () => {
    const userReport = await report('user', other.id, reporter, 'harassment');
    for (const by of [admin, moderator]) {
      const response = await call('GET', '/report_issue/list?section=user&state=open', by.token);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ReportListResponse>();
      expect(Value.Check(ReportListResponseSchema, body)).toBe(true);
      expect(body.reports.map((r) => r.id)).toEqual([userReport.report.id]);
      expect(body.total).toBe(1);
      expect(body.reports[0]?.reporter_nickname).toBeTruthy();
    }
    const byCategory = (
      await call('GET', '/report_issue/list?category=bug', admin.token)
    ).json<ReportListResponse>();
    expect(byCategory.reports.every((r) => r.category === 'bug')).toBe(true);
    expect((await call('GET', '/report_issue/list?state=gone', admin.token)).statusCode).toBe(400);
  });

  it('hides a comment from every reader, records who did what, and unhides it', async () => {
    const commentId = await insertComment('Rude words');
    const { report: created } = await report('comment', commentId);
    const comments = async () =>
      (await call('GET', `/media/${photoId}/comments`, client)).json<CommentsResponse>().comments;
    expect((await comments()).map((c) => c.comment_id)).toContain(commentId);

    const hidden = await act('hide', created);
    expect(hidden.statusCode, hidden.body).toBe(200);
    const body = hidden.json<ReportActionResponse>();
    expect(Value.Check(ReportActionResponseSchema, body)).toBe(true);
    expect(body.report).toMatchObject({ state: 'resolved', content_hidden: true });
    expect((await comments()).map((c) => c.comment_id)).not.toContain(commentId);
    expect((await call('GET', `/comment/${commentId}`, other.token)).statusCode).toBe(404);

    const note = await call('POST', '/report_issue/create_note', moderator.token, {
      section: 'comment',
      id: created.id,
      user_id: moderator.id,
      note_content: 'Hidden: insults',
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(Value.Check(ReportNoteResponseSchema, note.json())).toBe(true);

    const detail = await call('GET', `/report_issue/${created.id}`, moderator.token);
    expect(detail.statusCode, detail.body).toBe(200);
    const read = detail.json<ReportDetailResponse>();
    expect(Value.Check(ReportDetailResponseSchema, read)).toBe(true);
    expect(read.subject).toEqual({ exists: true, hidden: true, text: 'Rude words' });
    expect(read.notes.map((n) => [n.author_id, n.note_content])).toEqual([[moderator.id, 'Hidden: insults']]);
    expect(read.events.map((e) => [e.action, e.actor_id])).toEqual([
      ['create', reporter.id],
      ['hide', admin.id],
    ]);

    expect((await act('unhide', created, moderator)).json<ReportActionResponse>().report.content_hidden).toBe(
      false,
    );
    expect((await comments()).map((c) => c.comment_id)).toContain(commentId);
  });

  it('hides a public sighting by making it private: other members and guests no longer see it', async () => {
    const id = randomUUID();
    await pushRecords(t, other.token, [observationRecord(other.id, id, { note: 'Eagle' })]);
    const { report: created } = await report('observation', id, reporter, 'wrong_location');
    expect(created.subject_owner_id).toBe(other.id);
    expect((await act('hide', created)).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('collection_records')
      .select(['data', 'rev'])
      .where('collection', '=', 'species_observations')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect((row.data as { public: boolean }).public).toBe(false);
    // A new revision: every device of the owner gets the change on its next pull.
    expect(row.rev).toBe('2_api');
    const detail = (
      await call('GET', `/report_issue/${created.id}`, admin.token)
    ).json<ReportDetailResponse>();
    expect(detail.subject).toMatchObject({ exists: true, hidden: true, text: 'Eagle' });
  });

  it('hides a reported member by disabling them, and unhide enables them again', async () => {
    const target = await who(['member']);
    const { report: created } = await report('user', target.id, reporter, 'harassment');
    expect((await act('hide', created)).statusCode).toBe(200);
    expect((await call('GET', `/report_issue/${created.id}`, target.token)).statusCode).toBe(401);
    const detail = (
      await call('GET', `/report_issue/${created.id}`, admin.token)
    ).json<ReportDetailResponse>();
    expect(detail.subject.hidden).toBe(true);
    expect((await act('unhide', created)).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('disabled_at')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row.disabled_at).toBeNull();
  });

  it('walks the states: resolve, reopen, reject; refuses what does not apply (409)', async () => {
    const { report: created } = await report('bug', '/somewhere', reporter, 'bug');
    expect((await act('resolve', created)).json<ReportActionResponse>().report.state).toBe('resolved');
    const twice = await act('resolve', created);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<Failed>().reason).toBe(
      formatMessage(messages.reportActionRefused, { state: 'resolved', action: 'resolve' }),
    );
    expect((await act('reopen', created)).json<ReportActionResponse>().report.state).toBe('open');
    expect((await act('reject', created)).json<ReportActionResponse>().report.state).toBe('rejected');
    // A bug has nothing to hide.
    expect((await act('hide', created)).statusCode).toBe(409);
    const wrongSubject = await act('resolve', { ...created, subject_id: 'elsewhere' });
    expect(wrongSubject.statusCode).toBe(400);
  });

  it('refuses members (403, the spec message) and guests (401) on every admin call', async () => {
    const { report: created } = await report('user', admin.id, reporter, 'other');
    const calls = [
      () => call('GET', '/report_issue/list', other.token),
      () => call('GET', `/report_issue/${created.id}`, other.token),
      () => act('hide', created, other),
      () =>
        call('POST', '/report_issue/create_note', other.token, {
          section: 'user',
          id: created.id,
          user_id: other.id,
          note_content: 'me too',
        }),
    ];
    for (const make of calls) {
      const response = await make();
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json<Failed>().reason).toBe(messages.notAuthorised);
    }
    expect((await call('GET', '/report_issue/list', client)).statusCode).toBe(401);
    expect((await call('GET', `/report_issue/${created.id}`, null)).statusCode).toBe(401);
    // The reporter may add to their own report.
    const own = await call('POST', '/report_issue/create_note', reporter.token, {
      section: 'user',
      id: created.id,
      user_id: reporter.id,
      note_content: 'It happened again',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await call('GET', `/report_issue/${randomUUID()}`, admin.token)).statusCode).toBe(404);
  });
});
