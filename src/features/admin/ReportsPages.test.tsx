// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportTexts as texts } from '../reports/texts';
import { labels } from '../../app/labels';
import { messages } from '@contract/messages';
import type { Permissions } from '@contract/permissions';
import type { Report, ReportDetailResponse } from '@contract/reports';
import { AppRoutes } from '../../app/router';
import { signedInState } from '../../test/factories';
import { fakeNetwork, type SentRequest } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { present } from '../../test/present';

const ADMIN_ID = '11111111-2222-4333-8444-555555555555';
const signedIn = (roles: string[], permissions: Permissions = {}) =>
  signedInState({ roles, permissions, user_id: ADMIN_ID });
const REPORT_ID = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
const COMMENT_ID = '0b0e7c1e-5f1a-4c55-9a59-0c4b8e0a1d2f';
const sentWith = (sent: SentRequest[], method: string, path: string) =>
  sent.filter((request) => request.method === method && request.path.split('?')[0] === path);

function aReport(extra: Partial<Report> = {}): Report {
  return {
    id: REPORT_ID,
    section: 'comment',
    subject_id: COMMENT_ID,
    subject_owner_id: null,
    reporter_id: 'r-1',
    reporter_nickname: 'wren',
    category: 'offensive',
    description: 'Rude words',
    state: 'open',
    content_hidden: false,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
    ...extra,
  };
}

beforeAll(async () => {
  await import('./pages');
});

describe('issue reports need role admin (SPEC §6)', () => {
  it.each(['/admin-issue-reports', `/admin-issue-report-details/${REPORT_ID}`])(
    '%s refuses a member and a guest',
    async (route) => {
      for (const preloadedState of [signedIn(['member'], { 'admin-cms': ['r'] }), {}]) {
        const rendered = renderApp(<AppRoutes />, { route, preloadedState });
        const alerts = await screen.findAllByRole('alert');
        expect(alerts.some((alert) => alert.textContent.includes(messages.notAuthorised))).toBe(true);
        expect(rendered.network.sent.filter((request) => request.path !== 'oauth/token')).toEqual([]);
        cleanup();
      }
    },
  );
});

describe('the reports table', () => {
  it('lists open reports first and filters by what was reported', async () => {
    const network = fakeNetwork();
    network.on('GET', 'report_issue/list', { body: { status: 'success', reports: [aReport()], total: 1 } });
    renderApp(<AppRoutes />, { route: '/admin-issue-reports', preloadedState: signedIn(['admin']), network });
    const table = await screen.findByRole('table', { name: labels.issueReports });
    const link = within(table).getByRole('link', { name: 'Comment: Offensive' });
    expect(link.getAttribute('href')).toBe(`/admin-issue-report-details/${REPORT_ID}`);
    expect(present(sentWith(network.sent, 'GET', 'report_issue/list')[0], 'a list request').path).toContain(
      'state=open',
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: texts.filterSection }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sighting' }));
    await waitFor(() => {
      expect(
        present(sentWith(network.sent, 'GET', 'report_issue/list').at(-1), 'a list request').path,
      ).toContain('section=observation');
    });
  });
});

describe('a report', () => {
  it('shows the reported comment as text, adds a note, and hides it after asking', async () => {
    const network = fakeNetwork();
    let detail: ReportDetailResponse = {
      status: 'success',
      report: aReport(),
      notes: [],
      events: [{ action: 'create', actor_id: 'r-1', actor_nickname: 'wren', created_at: 1_700_000_000 }],
      subject: { exists: true, hidden: false, text: '<img src=x onerror="window.__xss=1"> you fool' },
    };
    network.on('GET', `report_issue/${REPORT_ID}`, () => ({ body: detail }));
    network.on('POST', 'report_issue/create_note', (request) => {
      const note = {
        id: 'n-1',
        author_id: ADMIN_ID,
        author_nickname: 'Harrier',
        note_content: (request.body as { note_content: string }).note_content,
        created_at: 1_700_000_100,
      };
      detail = { ...detail, notes: [note] };
      return { body: { status: 'success', note } };
    });
    network.on('POST', 'report_issue/hide', () => {
      detail = {
        ...detail,
        report: aReport({ state: 'resolved', content_hidden: true }),
        subject: { ...detail.subject, hidden: true },
      };
      return { body: { status: 'success', report: detail.report } };
    });
    renderApp(<AppRoutes />, {
      route: `/admin-issue-report-details/${REPORT_ID}`,
      preloadedState: signedIn(['admin']),
      network,
    });
    const thing = await screen.findByRole('region', { name: texts.reportedThing });
    expect(within(thing).getByText(/you fool/).textContent).toContain('<img src=x');
    expect(thing.querySelector('img')).toBeNull();
    expect(screen.queryByRole('button', { name: texts.actions.reopen })).toBeNull();

    const notes = screen.getByRole('region', { name: texts.notesTitle });
    fireEvent.change(within(notes).getByRole('textbox', { name: texts.fieldNote }), {
      target: { value: 'Second report on this member' },
    });
    fireEvent.click(within(notes).getByRole('button', { name: texts.addNote }));
    expect(await within(notes).findByText('Second report on this member')).toBeTruthy();
    expect(
      present(sentWith(network.sent, 'POST', 'report_issue/create_note')[0], 'the note request').body,
    ).toEqual({
      section: 'comment',
      id: REPORT_ID,
      user_id: ADMIN_ID,
      note_content: 'Second report on this member',
    });

    fireEvent.click(screen.getByRole('button', { name: texts.actions.hide }));
    expect(sentWith(network.sent, 'POST', 'report_issue/hide')).toEqual([]);
    const dialog = await screen.findByRole('dialog', { name: texts.hideTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.actions.hide }));
    expect(await screen.findByRole('button', { name: texts.actions.unhide })).toBeTruthy();
    expect(present(sentWith(network.sent, 'POST', 'report_issue/hide')[0], 'the hide request').body).toEqual({
      section: 'comment',
      id: COMMENT_ID,
      issue_id: REPORT_ID,
      user_id: ADMIN_ID,
    });
    expect(screen.getByText(texts.subjectHidden)).toBeTruthy();
  });
});
