// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@contract/admin';
import { adminTexts as texts } from './texts';
import { labels } from '../../app/labels';
import { messages } from '@contract/messages';
import type { Permissions } from '@contract/permissions';
import { AppRoutes } from '../../app/router';
import { signedInState } from '../../test/factories';
import { fakeNetwork, type SentRequest } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { XSS_CORPUS } from '../../test/xssCorpus';
import { present } from '../../test/present';

const signedIn = (roles: string[], permissions: Permissions = {}) => signedInState({ roles, permissions });
const admin = () => signedIn(['member', 'admin']);
const PAGE_ID = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
const sentWith = (sent: SentRequest[], method: string, path: string) =>
  sent.filter((request) => request.method === method && request.path.split('?')[0] === path);

const NEW_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

beforeAll(async () => {
  await import('./pages'); // lazy pages: compile them once, outside the tests' waits
});
// A new record's id is random (crypto.randomUUID); the tests fix it to know the call's path.
const fixNewId = () => vi.spyOn(crypto, 'randomUUID').mockReturnValue(NEW_ID);
afterEach(() => vi.restoreAllMocks());

describe('every page refuses members without the permission (route guard, SPEC §5, §6)', () => {
  const cases: Array<[string, Permissions]> = [
    ['/admin-cms', { 'admin-help': ['r'] }],
    [`/admin-cms-page/${PAGE_ID}`, { 'admin-help': ['r', 'c'] }],
    ['/admin-cms-page', { 'admin-users': ['r'] }],
    ['/admin-help', { 'admin-cms': ['r'] }],
    ['/admin-help-details', { 'admin-cms': ['r', 'c'] }],
    ['/admin-users', { 'admin-cms': ['r'], admin: ['r'] }],
  ];
  it.each(cases)(
    '%s refuses a member, a member holding another permission, and a guest',
    async (route, other) => {
      for (const preloadedState of [signedIn(['member']), signedIn(['member'], other), {}]) {
        const rendered = renderApp(<AppRoutes />, { route, preloadedState });
        const alerts = await screen.findAllByRole('alert');
        expect(alerts.some((alert) => alert.textContent.includes(messages.notAuthorised))).toBe(true);
        expect(screen.queryByRole('button', { name: texts.save })).toBeNull();
        expect(rendered.network.sent.filter((request) => request.path !== 'oauth/token')).toEqual([]);
        cleanup();
      }
    },
  );

  it("shows the server's refusal when the server says no (403 envelope)", async () => {
    const network = fakeNetwork();
    network.on('GET', 'cms/pages', {
      status: 403,
      body: { status: 'failed', reason: messages.notAuthorised },
    });
    renderApp(<AppRoutes />, {
      route: '/admin-cms',
      preloadedState: signedIn(['member'], { 'admin-cms': ['r'] }),
      network,
    });
    expect(await screen.findByText(messages.notAuthorised)).toBeTruthy();
    // A reader without admin-cms:c is not offered a new page.
    expect(screen.queryByRole('link', { name: texts.newPage })).toBeNull();
  });
});

describe('content pages', () => {
  it('lists the pages and opens one', async () => {
    const network = fakeNetwork();
    network.on('GET', 'cms/pages', {
      body: {
        status: 'success',
        pages: [{ id: PAGE_ID, slug: 'privacy-policy', title: 'Privacy Policy', updated_at: 1_700_000_000 }],
      },
    });
    renderApp(<AppRoutes />, { route: '/admin-cms', preloadedState: admin(), network });
    const table = await screen.findByRole('table', { name: labels.pages });
    const link = within(table).getByRole('link', { name: 'Privacy Policy' });
    expect(link.getAttribute('href')).toBe(`/admin-cms-page/${PAGE_ID}`);
    expect(screen.getByRole('link', { name: texts.newPage })).toBeTruthy();
  });

  it('previews as it is typed, renders hostile markup inert, and keeps the draft after a refused save', async () => {
    fixNewId();
    const network = fakeNetwork();
    network.on('PUT', `cms/pages/${NEW_ID}`, {
      status: 409,
      body: { status: 'failed', reason: 'Another page already has this address' },
    });
    renderApp(<AppRoutes />, { route: '/admin-cms-page', preloadedState: admin(), network });
    const save = await screen.findByRole('button', { name: texts.save });
    fireEvent.click(save);
    expect(await screen.findByText(texts.fixFields)).toBeTruthy();
    expect(network.sent.some((request) => request.method === 'PUT')).toBe(false);

    const hostile = XSS_CORPUS.map((item) => item.markdown).join('\n\n');
    const typed = {
      [texts.fieldTitle]: 'Privacy',
      [texts.fieldSlug]: 'privacy-2',
      [texts.fieldContent]: `## Your data\n\nWe keep **little**.\n\n${hostile}`,
    };
    for (const [label, value] of Object.entries(typed))
      fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
    const preview = screen.getByRole('region', { name: texts.editorPreview });
    expect(await within(preview).findByRole('heading', { name: 'Your data' })).toBeTruthy();
    expect(within(preview).getByText('little').tagName).toBe('STRONG');
    expect(
      preview.querySelectorAll('script, iframe, object, embed, svg, form, style, [onerror], [onload]').length,
    ).toBe(0);
    for (const anchor of preview.querySelectorAll('a'))
      expect(anchor.getAttribute('href') ?? '').not.toMatch(/^\s*(javascript|data|vbscript):/i);

    fireEvent.click(save);
    expect(await screen.findByText(/Another page already has this address/)).toBeTruthy();
    for (const [label, value] of Object.entries(typed))
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: label }).value).toBe(value);
    const put = present(
      network.sent.find((request) => request.method === 'PUT'),
      'the PUT request',
    );
    expect(put.path).toBe(`cms/pages/${NEW_ID}`);
    expect(put.body).toEqual({ title: 'Privacy', slug: 'privacy-2', content: typed[texts.fieldContent] });
  });

  it('deletes a page after asking', async () => {
    const network = fakeNetwork();
    network.on('GET', `cms/pages/${PAGE_ID}`, {
      body: {
        status: 'success',
        page: { id: PAGE_ID, slug: 'about-us', title: 'About us', content: 'Hi', updated_at: 1 },
      },
    });
    network.on('DELETE', `cms/pages/${PAGE_ID}`, { body: { status: 'success' } });
    network.on('GET', 'cms/pages', { body: { status: 'success', pages: [] } });
    renderApp(<AppRoutes />, { route: `/admin-cms-page/${PAGE_ID}`, preloadedState: admin(), network });
    fireEvent.click(await screen.findByRole('button', { name: texts.delete }));
    expect(sentWith(network.sent, 'DELETE', `cms/pages/${PAGE_ID}`)).toEqual([]);
    const dialog = await screen.findByRole('dialog', { name: 'Delete About us?' });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.delete }));
    expect(await screen.findByText(texts.noPages)).toBeTruthy();
    expect(sentWith(network.sent, 'DELETE', `cms/pages/${PAGE_ID}`)).toHaveLength(1);
  });
});

describe('help topics', () => {
  it('creates a topic in a new subject', async () => {
    fixNewId();
    const network = fakeNetwork();
    network.on('PUT', `help/${NEW_ID}`, () => ({
      body: {
        status: 'success',
        created: true,
        topic: {
          id: NEW_ID,
          slug: 'owls',
          category: 'birding',
          title: 'Owls',
          sort: 2,
          content: 'x',
          updated_at: 1,
        },
        category: { slug: 'birding', title: 'Birding' },
      },
    }));
    renderApp(<AppRoutes />, {
      route: '/admin-help-details',
      preloadedState: signedIn(['member'], { 'admin-help': ['r', 'c'] }),
      network,
    });
    const values = {
      [texts.fieldTitle]: 'Owls',
      [texts.fieldSlug]: 'owls',
      [texts.fieldCategory]: 'birding',
      [texts.fieldCategoryTitle]: 'Birding',
      [texts.fieldSort]: '2',
      [texts.fieldContent]: 'Listen at dusk.',
    };
    for (const [label, value] of Object.entries(values))
      fireEvent.change(await screen.findByRole('textbox', { name: label }), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    await waitFor(() => {
      expect(network.sent.some((request) => request.method === 'PUT')).toBe(true);
    });
    expect(
      present(
        network.sent.find((request) => request.method === 'PUT'),
        'the PUT request',
      ).body,
    ).toEqual({
      title: 'Owls',
      slug: 'owls',
      category: 'birding',
      category_title: 'Birding',
      sort: 2,
      content: 'Listen at dusk.',
    });
  });
});

function aUser(extra: Partial<AdminUser> = {}): AdminUser {
  return {
    user_id: '0b0e7c1e-5f1a-4c55-9a59-0c4b8e0a1d2f',
    email: 'wren@example.org',
    nickname: 'wren',
    firstname: 'Jenny',
    avatar: null,
    roles: ['member'],
    permissions: {},
    disabled: false,
    email_verified: true,
    created_at: 1_700_000_000,
    ...extra,
  };
}

/** The users list and detail of one member with no activity, for the access-level tests. */
function oneQuietMember() {
  const network = fakeNetwork();
  const user = aUser();
  network.on('GET', 'admin/users', { body: { status: 'success', users: [user], total: 1 } });
  network.on('GET', `admin/users/${user.user_id}`, {
    body: {
      status: 'success',
      user,
      audit: [],
      activity: {
        observations: 0,
        last_observation_at: null,
        comments: 0,
        reports_made: 0,
        reports_about: 0,
      },
    },
  });
  return { network, user };
}

describe('users', () => {
  it('searches, opens a member, grants a permission and disables the account after asking', async () => {
    const network = fakeNetwork();
    let user = aUser();
    network.on('GET', 'admin/users', () => ({ body: { status: 'success', users: [user], total: 1 } }));
    network.on('GET', `admin/users/${user.user_id}`, () => ({
      body: {
        status: 'success',
        user,
        audit: [],
        activity: {
          observations: 3,
          last_observation_at: null,
          comments: 1,
          reports_made: 0,
          reports_about: 2,
        },
      },
    }));
    network.on('PUT', `admin/users/${user.user_id}`, (request) => {
      user = { ...user, ...(request.body as Partial<AdminUser>) };
      return { body: { status: 'success', user } };
    });
    renderApp(<AppRoutes />, { route: '/admin-users', preloadedState: admin(), network });
    fireEvent.change(await screen.findByRole('searchbox', { name: texts.searchUsers }), {
      target: { value: 'wren' },
    });
    await waitFor(() => {
      expect(sentWith(network.sent, 'GET', 'admin/users').at(-1)?.path).toContain('search=wren');
    });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: texts.filterPermission }));
    fireEvent.click(await screen.findByRole('option', { name: 'admin-reports: update' }));
    await waitFor(() => {
      expect(sentWith(network.sent, 'GET', 'admin/users').at(-1)?.path).toContain(
        'permission=admin-reports%3Au',
      );
    });
    expect(sentWith(network.sent, 'GET', 'admin/users').at(-1)?.path).toContain('search=wren');
    fireEvent.click(await screen.findByRole('button', { name: 'wren' }));
    const detail = await screen.findByRole('region', { name: 'Member: wren (wren@example.org)' });
    expect(await within(detail).findByText('Reports about them: 2')).toBeTruthy();
    fireEvent.click(within(detail).getByRole('checkbox', { name: 'admin-cms: read' }));
    fireEvent.click(within(detail).getByRole('button', { name: texts.saveAccess }));
    await waitFor(() => {
      expect(sentWith(network.sent, 'PUT', `admin/users/${user.user_id}`)).toHaveLength(1);
    });
    // Only what changed is sent, so the audit trail records only that.
    expect(
      present(sentWith(network.sent, 'PUT', `admin/users/${user.user_id}`)[0], 'a first PUT').body,
    ).toEqual({
      permissions: { 'admin-cms': ['r'] },
    });

    fireEvent.click(within(detail).getByRole('button', { name: texts.disableMember }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable wren?' });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.confirm }));
    await waitFor(() => {
      expect(sentWith(network.sent, 'PUT', `admin/users/${user.user_id}`)).toHaveLength(2);
    });
    expect(
      present(sentWith(network.sent, 'PUT', `admin/users/${user.user_id}`)[1], 'a second PUT').body,
    ).toEqual({ disabled: true });
    expect(await within(detail).findByRole('button', { name: texts.enableMember })).toBeTruthy();
  });

  it('a reader without admin-users:u sees the member but cannot change them', async () => {
    const { network, user } = oneQuietMember();
    renderApp(<AppRoutes />, {
      route: `/admin-users?user_id=${user.user_id}`,
      preloadedState: signedIn(['member'], { 'admin-users': ['r'] }),
      network,
    });
    expect(await screen.findByRole('heading', { level: 1, name: labels.users })).toBeTruthy();
    expect(await screen.findByText(texts.auditEmpty)).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.saveAccess })).toBeNull();
    expect(screen.queryByRole('button', { name: texts.disableMember })).toBeNull();
    expect(screen.queryByRole('button', { name: texts.deleteMember })).toBeNull();
  });

  it('deletes a member after asking, with admin-users:d, and closes their detail', async () => {
    const { network, user } = oneQuietMember();
    network.on('DELETE', `users/${user.user_id}`, { body: { status: 'success' } });
    renderApp(<AppRoutes />, {
      route: `/admin-users?user_id=${user.user_id}`,
      preloadedState: signedIn(['member'], { 'admin-users': ['r', 'd'] }),
      network,
    });
    const detail = await screen.findByRole('region', { name: 'Member: wren (wren@example.org)' });
    fireEvent.click(await within(detail).findByRole('button', { name: texts.deleteMember }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete wren for good?' });
    expect(sentWith(network.sent, 'DELETE', `users/${user.user_id}`)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: texts.deleteMember }));
    await waitFor(() => {
      expect(sentWith(network.sent, 'DELETE', `users/${user.user_id}`)).toHaveLength(1);
    });
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Member: wren (wren@example.org)' })).toBeNull();
    });
  });
});
