/**
 * Groups on a real database (issue 16): create (the creator is admin), edit by admins only, join
 * and leave, roles, the last admin kept, search and paging, the group's feed with its posts and
 * new members, guests read-only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedResponse, GroupResponse } from '@contract/community';
import { messages } from '@contract/messages';
import { api, bearer, buildTestApp, createMember, fetchClientToken, signIn, type TestApp } from './helpers';
import { createSyncMember, type SyncMember } from './sync-helpers';

let t: TestApp;
let ann: SyncMember;
let bob: SyncMember;
let cat: SyncMember;
let clientToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  ann = await createSyncMember(t);
  bob = await createSyncMember(t);
  cat = await createSyncMember(t);
  clientToken = await fetchClientToken(t);
}, 120_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', token: string, path: string, payload?: object) =>
  t.app.inject({
    method,
    url: api(path),
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });

async function ok<T>(response: Awaited<ReturnType<typeof call>>): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return Promise.resolve(response.json<T>());
}

async function createGroup(token: string, title: string, extra: object = {}) {
  return ok<GroupResponse & { created: boolean }>(await call('PUT', token, '/groups', { title, ...extra }));
}

describe('PUT groups', () => {
  it('creates a group whose creator is its admin, and replays under the device id', async () => {
    const body = await createGroup(ann.device1, '  Ellensburg Birders  ', { about: 'Canyon walks' });
    expect(body.created).toBe(true);
    expect(body.group).toMatchObject({
      title: 'Ellensburg Birders',
      about: 'Canyon walks',
      member_count: 1,
      role: 'admin',
    });
    expect(body.members).toMatchObject([{ user_id: ann.id, role: 'admin' }]);

    const id = randomUUID();
    const first = await ok<{ created: boolean }>(
      await call('PUT', bob.device1, `/groups/${id}`, { title: 'Bob club' }),
    );
    const replay = await ok<{ created: boolean }>(
      await call('PUT', bob.device1, `/groups/${id}`, { title: 'Bob club' }),
    );
    expect([first.created, replay.created]).toEqual([true, false]);
  });

  it('refuses a group without a title and unknown members with 400 naming the field', async () => {
    const noTitle = await call('PUT', ann.device1, '/groups', { about: 'x' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toEqual({ status: 'failed', reason: messages.groupTitleRequired });
    const unknown = randomUUID();
    const members = await call('PUT', ann.device1, '/groups', { title: 'x', members: [unknown] });
    expect(members.statusCode).toBe(400);
    expect(members.json<{ reason: string }>().reason).toContain('members');
    const long = await call('PUT', ann.device1, '/groups', { title: 'x'.repeat(101) });
    expect(long.json<{ reason: string }>().reason).toContain('title');
    expect((await call('PUT', clientToken, '/groups', { title: 'guest' })).statusCode).toBe(401);
  });

  it('lets only the group admins (or a site admin) edit it and its members', async () => {
    const { group } = await createGroup(ann.device1, 'Owls', { members: [bob.id] });
    const byMember = await call('PUT', bob.device1, `/groups/${group.group_id}`, { title: 'Bob owls' });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ status: 'failed', reason: messages.groupAdminsOnly });
    expect((await call('PUT', cat.device1, `/groups/${group.group_id}`, { about: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await call('DELETE', cat.device1, `/groups/${group.group_id}/members/${bob.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', bob.device1, `/groups/${group.group_id}/members/${cat.id}`, {})).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', bob.device1, `/groups/${group.group_id}/members/${bob.id}`, { role: 'admin' }))
        .statusCode,
    ).toBe(403);

    const edited = await ok<GroupResponse>(
      await call('PUT', ann.device1, `/groups/${group.group_id}`, {
        title: 'Night owls',
        members: [ann.id, cat.id],
      }),
    );
    expect(edited.group.title).toBe('Night owls');
    expect(edited.members.map((m) => m.user_id).sort()).toEqual([ann.id, cat.id].sort());

    const adminUser = await createMember(t, { roles: ['member', 'admin'] });
    const admin = (await signIn(t, adminUser)).auth_token;
    const bySiteAdmin = await call('PUT', admin, `/groups/${group.group_id}`, { about: 'moderated' });
    expect(bySiteAdmin.statusCode).toBe(200);
    expect((await call('PUT', ann.device1, `/groups/${randomUUID()}/members/${bob.id}`, {})).statusCode).toBe(
      404,
    );
  });

  it('keeps an admin: the last one can neither leave nor be dropped', async () => {
    const { group } = await createGroup(ann.device1, 'Hawks');
    const leave = await call('DELETE', ann.device1, `/groups/${group.group_id}/members/${ann.id}`);
    expect(leave.statusCode).toBe(409);
    expect(leave.json()).toEqual({ status: 'failed', reason: messages.groupLastAdmin });
    expect(
      (await call('PUT', ann.device1, `/groups/${group.group_id}`, { members: [bob.id] })).statusCode,
    ).toBe(409);
    await ok(
      await call('PUT', ann.device1, `/groups/${group.group_id}/members/${bob.id}`, { role: 'admin' }),
    );
    const left = await ok<GroupResponse>(
      await call('DELETE', ann.device1, `/groups/${group.group_id}/members/${ann.id}`),
    );
    expect(left.group.role).toBeNull();
    expect(left.members).toMatchObject([{ user_id: bob.id, role: 'admin' }]);
  });
});

describe('joining, leaving and the group feed', () => {
  it('lets anyone join and leave, and shows posts and new members in the group feed', async () => {
    const { group } = await createGroup(ann.device1, 'Herons');
    const groupId = group.group_id;
    const joined = await ok<GroupResponse>(
      await call('PUT', bob.device1, `/groups/${groupId}/members/${bob.id}`, {}),
    );
    expect(joined.group).toMatchObject({ role: 'member', member_count: 2 });
    await ok(await call('PUT', bob.device1, `/groups/${groupId}/members/${bob.id}`, {}));

    const notMember = await call('PUT', cat.device1, `/newsfeed/${randomUUID()}`, {
      text: 'hi',
      group_id: groupId,
    });
    expect(notMember.json()).toEqual({ status: 'failed', reason: messages.postGroupNotMember });
    const postId = randomUUID();
    await ok(
      await call('PUT', bob.device1, `/newsfeed/${postId}`, { text: 'Heron at dawn', group_id: groupId }),
    );

    const groupFeed = await ok<FeedResponse>(await call('GET', clientToken, `/newsfeed/${groupId}`));
    expect(groupFeed.items.map((item) => [item.type, item.author_id])).toEqual([
      ['post', bob.id],
      ['group_member', bob.id],
    ]);
    expect(groupFeed.items[0]?.group).toEqual({ group_id: groupId, title: 'Herons' });

    // The group's chat session follows its members.
    const chats = await ok<{ sessions: Array<{ group_id: string | null }> }>(
      await call('GET', bob.device1, '/chats'),
    );
    expect(chats.sessions.map((session) => session.group_id)).toContain(groupId);

    const left = await ok<GroupResponse>(
      await call('DELETE', bob.device1, `/groups/${groupId}/members/${bob.id}`),
    );
    expect(left.group.member_count).toBe(1);
    await ok(await call('DELETE', bob.device1, `/groups/${groupId}/members/${bob.id}`));
    const chatsAfter = await ok<{ sessions: Array<{ group_id: string | null }> }>(
      await call('GET', bob.device1, '/chats'),
    );
    expect(chatsAfter.sessions.map((session) => session.group_id)).not.toContain(groupId);
    const after = await ok<FeedResponse>(await call('GET', clientToken, `/newsfeed/${groupId}`));
    expect(after.items.map((item) => item.type)).toEqual(['post']);
  });

  it('finds groups by title ignoring accents and case, pages them, and lists my groups', async () => {
    await createGroup(cat.device1, 'Société des Hérons');
    await createGroup(cat.device1, 'Hérons du Nord');
    const found = await ok<{ groups: GroupResponse['group'][]; count: number }>(
      await call('GET', clientToken, '/groups?search=HERON&limit=1'),
    );
    expect(found.count).toBe(3);
    expect(found.groups).toHaveLength(1);
    const page2 = await ok<{ groups: GroupResponse['group'][] }>(
      await call('GET', clientToken, '/groups?search=heron&limit=1&skip=1'),
    );
    expect(page2.groups[0]?.group_id).not.toBe(found.groups[0]?.group_id);
    const mine = await ok<{ groups: GroupResponse['group'][] }>(
      await call('GET', cat.device1, '/groups?member=true'),
    );
    // cat made the two Hérons groups and was added to Night owls above.
    expect(mine.groups.map((g) => [g.title, g.role])).toEqual([
      ['Hérons du Nord', 'admin'],
      ['Night owls', 'member'],
      ['Société des Hérons', 'admin'],
    ]);
    expect((await call('GET', clientToken, '/groups?member=true')).statusCode).toBe(401);
    expect((await call('GET', clientToken, `/groups/${randomUUID()}`)).statusCode).toBe(404);
  });
});
