// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FeedItem, Group, GroupMember } from '@contract/community';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { newsfeedTexts } from '../newsfeed/texts';
import { peopleTexts as texts } from '../people/texts';
import { networkActions } from '../../app/networkSlice';
import { AppRoutes } from '../../app/router';
import { db } from '../../db/db';
import { aSignedInSession } from '../../test/factories';
import { fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';

const signedIn = aSignedInSession();
const GROUP = '6f1c2a9e-4b7d-4e0a-9c3b-2d8e5f1a7b90';

/** One group on a fake server that keeps its members, as PUT/DELETE groups/{id}/members do. */
function groupNetwork(): FakeNetwork & { members: GroupMember[] } {
  const network = fakeNetwork();
  const members: GroupMember[] = [
    { user_id: 'u-9', nickname: 'Heron', avatar: null, role: 'admin', joined_at: 1 },
  ];
  const group = (): Group => ({
    group_id: GROUP,
    title: 'Marsh Watchers',
    about: 'Reed beds at dawn.',
    avatar: null,
    member_count: members.length,
    role: members.find((m) => m.user_id === 'u-1')?.role ?? null,
    created_by: 'u-9',
    created_at: 1,
  });
  const answer = () => ({ body: { status: 'success', group: group(), members } });
  network.on('GET', `groups/${GROUP}`, answer);
  network.on('GET', 'groups', (request) => ({
    body: {
      status: 'success',
      groups: request.path.includes('member=true') && group().role === null ? [] : [group()],
      count: 1,
    },
  }));
  network.on('PUT', `groups/${GROUP}/members/u-1`, () => {
    members.push({ user_id: 'u-1', nickname: 'Wren', avatar: null, role: 'member', joined_at: 2 });
    return answer();
  });
  network.on('DELETE', `groups/${GROUP}/members/u-1`, () => {
    members.splice(
      members.findIndex((m) => m.user_id === 'u-1'),
      1,
    );
    return answer();
  });
  return Object.assign(network, { members });
}

// The app's one database: each test starts with nothing kept.
beforeEach(async () => {
  await Promise.all([db.groups_kept.clear(), db.newsfeed_items.clear(), db.meta.clear(), db.outbox.clear()]);
});

describe('the groups pages', () => {
  it('lists my groups and all groups, and a group page lets me join and leave', async () => {
    const network = groupNetwork();
    renderApp(<AppRoutes />, { route: '/group-members', network, preloadedState: { session: signedIn } });
    expect(await screen.findByText(texts.noMyGroups)).toBeTruthy();
    const all = await screen.findByRole('list', { name: texts.allGroups });
    fireEvent.click(within(all).getByRole('link', { name: 'Marsh Watchers' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Marsh Watchers' })).toBeTruthy();
    expect(screen.getByText('Reed beds at dawn.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: texts.editGroup })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: texts.join }));
    expect(await screen.findByText(texts.youAreMember)).toBeTruthy();
    expect(network.sent.find((r) => r.method === 'PUT')?.body).toEqual({ role: 'member' });
    const members = screen.getByRole('list', { name: texts.members });
    expect(within(members).getByRole('link', { name: 'Wren' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: texts.leave }));
    await screen.findByRole('button', { name: texts.join });
    expect(network.members.map((m) => m.user_id)).toEqual(['u-9']);
  });

  it('creates a group under an id made on the device and opens its page', async () => {
    const network = fakeNetwork();
    let saved: { id: string; body: unknown } | null = null;
    network.on('GET', 'groups', { body: { status: 'success', groups: [], count: 0 } });
    const reply = (id: string) => ({
      body: {
        status: 'success',
        created: true,
        group: {
          group_id: id,
          title: 'Kestrel Club',
          about: '',
          avatar: null,
          member_count: 1,
          role: 'admin',
          created_by: 'u-1',
          created_at: 1,
        },
        members: [{ user_id: 'u-1', nickname: 'Wren', avatar: null, role: 'admin', joined_at: 1 }],
      },
    });
    // The id is the device's: answer PUT and GET groups/{whatever id it made}.
    const withGroups: FakeNetwork = {
      ...network,
      fetch: (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        const id = /\/groups\/([0-9a-f-]{36})$/.exec(url)?.[1];
        if (id === undefined) return network.fetch(input, init);
        if (init?.method === 'PUT') saved = { id, body: JSON.parse(init.body as string) as unknown };
        return Promise.resolve(
          new Response(JSON.stringify(reply(id).body), { headers: { 'content-type': 'application/json' } }),
        );
      },
    };
    renderApp(<AppRoutes />, {
      route: '/group-members',
      network: withGroups,
      preloadedState: { session: signedIn },
    });
    fireEvent.click(await screen.findByRole('link', { name: texts.createGroup }));
    const title = await screen.findByRole('textbox', { name: texts.groupTitle });
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText(formatMessage(texts.required, { field: texts.groupTitle }))).toBeTruthy();
    expect(saved).toBeNull();

    fireEvent.change(title, { target: { value: ' Kestrel Club ' } });
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kestrel Club' })).toBeTruthy();
    expect(saved).toMatchObject({ body: { title: 'Kestrel Club', about: '', avatar: null } });
    expect(screen.getByText(texts.youAreAdmin)).toBeTruthy();
    expect(screen.getByRole('link', { name: texts.editGroup })).toBeTruthy();
  });

  it("lets the group's admin add a member found by nickname", async () => {
    const network = groupNetwork();
    network.members.push({ user_id: 'u-1', nickname: 'Wren', avatar: null, role: 'admin', joined_at: 2 });
    network.on('GET', 'users', {
      body: {
        status: 'success',
        count: 2,
        users: ['u-1', 'u-5'].map((id) => ({
          user_id: id,
          nickname: id === 'u-1' ? 'Wren' : 'Stork',
          avatar: null,
          about: '',
          follower_count: 0,
          following_count: 0,
          following: false,
          follows_you: false,
        })),
      },
    });
    network.on('PUT', `groups/${GROUP}/members/u-5`, () => {
      network.members.push({ user_id: 'u-5', nickname: 'Stork', avatar: null, role: 'member', joined_at: 3 });
      return { body: { status: 'success', group: { group_id: GROUP }, members: network.members } };
    });
    renderApp(<AppRoutes />, {
      route: `/group-profile/${GROUP}`,
      network,
      preloadedState: { session: signedIn },
    });
    expect(await screen.findByText(texts.youAreAdmin)).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: texts.addMemberSearch }), {
      target: { value: 'st' },
    });
    // Wren is in the group already: only Stork is offered.
    fireEvent.click(
      await screen.findByRole('button', { name: formatMessage(texts.add, { nickname: 'Stork' }) }),
    );
    expect(screen.queryByRole('button', { name: formatMessage(texts.add, { nickname: 'Wren' }) })).toBeNull();
    const members = screen.getByRole('list', { name: texts.members });
    expect(await within(members).findByRole('link', { name: 'Stork' })).toBeTruthy();
    expect(network.sent.find((r) => r.method === 'PUT')?.body).toEqual({ role: 'member' });
  });

  it("keeps the group and its feed for offline, where a member's post waits in it", async () => {
    const network = groupNetwork();
    network.members.push({ user_id: 'u-1', nickname: 'Wren', avatar: null, role: 'member', joined_at: 2 });
    const post: FeedItem = {
      feed_id: 'p-1',
      type: 'post',
      user_id: 'u-9',
      author_id: 'u-9',
      author: { user_id: 'u-9', nickname: 'Heron', avatar: null },
      group_id: GROUP,
      group: { group_id: GROUP, title: 'Marsh Watchers' },
      date: 1_795_355_000,
      mod: 4,
      text: 'Bittern booming at the north pool',
      photos: [],
      observation: null,
      trip: null,
      hotspot: null,
    };
    network.on('GET', `newsfeed/${GROUP}`, {
      body: { status: 'success', items: [post], deleted: [], last_mod: 4, prev_mod: null, more: false },
    });
    const { store } = renderApp(<AppRoutes />, {
      route: `/group-profile/${GROUP}`,
      network,
      preloadedState: { session: signedIn },
    });
    expect(await screen.findByText('Bittern booming at the north pool')).toBeTruthy();
    expect(network.sent.some((request) => request.path.startsWith(`newsfeed/${GROUP}?`))).toBe(true);
    // Offline the page still lets a member post in the group: the post waits in the outbox.
    act(() => {
      store.dispatch(networkActions.wentOffline());
    });
    expect(await screen.findByText(texts.groupOfflineNote)).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.leave })).toBeNull();
    const feed = screen.getByRole('region', { name: newsfeedTexts.groupFeedHeading });
    fireEvent.change(within(feed).getByRole('textbox', { name: newsfeedTexts.composerText }), {
      target: { value: 'Marsh harrier over the reeds' },
    });
    fireEvent.click(within(feed).getByRole('button', { name: newsfeedTexts.composerSubmit }));
    const waiting = (await within(feed).findByText(newsfeedTexts.postWaiting)).closest('article');
    expect(waiting?.textContent).toContain('Marsh harrier over the reeds');
    cleanup();

    // Offline, on a new render: the kept feed and the waiting post, read from the device.
    renderApp(<AppRoutes />, {
      route: `/group-profile/${GROUP}`,
      preloadedState: { session: signedIn, network: { isOnline: false } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Marsh Watchers' })).toBeTruthy();
    expect(screen.getByText('Heron')).toBeTruthy();
    expect(await screen.findByText('Bittern booming at the north pool')).toBeTruthy();
    const kept = (await screen.findByText(newsfeedTexts.postWaiting)).closest('article');
    expect(kept?.textContent).toContain('Marsh harrier over the reeds');
    expect(screen.getByText(newsfeedTexts.feedOfflineNote)).toBeTruthy();
  });

  it('keeps the groups lists for offline, and says so for a list never read', async () => {
    const network = groupNetwork();
    network.members.push({ user_id: 'u-1', nickname: 'Wren', avatar: null, role: 'member', joined_at: 2 });
    const { store } = renderApp(<AppRoutes />, {
      route: '/group-members',
      network,
      preloadedState: { session: signedIn },
    });
    const mine = await screen.findByRole('region', { name: texts.myGroups });
    expect(await within(mine).findByRole('link', { name: 'Marsh Watchers' })).toBeTruthy();
    act(() => {
      store.dispatch(networkActions.wentOffline());
    });
    expect(await screen.findByText(texts.groupsOfflineNote)).toBeTruthy();
    cleanup();

    renderApp(<AppRoutes />, {
      route: '/group-members',
      preloadedState: { session: signedIn, network: { isOnline: false } },
    });
    const keptMine = await screen.findByRole('region', { name: texts.myGroups });
    expect(await within(keptMine).findByRole('link', { name: 'Marsh Watchers' })).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: texts.searchGroups })).toBeNull();
    cleanup();

    // Another member on this device has nothing kept.
    renderApp(<AppRoutes />, {
      route: '/group-members',
      preloadedState: {
        session: { ...signedIn, user: signedIn.user && { ...signedIn.user, user_id: 'u-2' } },
        network: { isOnline: false },
      },
    });
    expect(await screen.findAllByText(texts.groupsNotKept)).toHaveLength(2);
  });

  it('shows the offline message offline for a group never read', async () => {
    renderApp(<AppRoutes />, {
      route: `/group-profile/${GROUP}`,
      preloadedState: { session: signedIn, network: { isOnline: false } },
    });
    await screen.findByRole('heading', { level: 1, name: labels.group });
    await waitFor(() => {
      expect(screen.getAllByRole('alert').some((alert) => alert.textContent === messages.offline)).toBe(true);
    });
  });
});
