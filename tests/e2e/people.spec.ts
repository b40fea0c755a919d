/**
 * Friends, the profile editor and groups end to end (issue 16), in real Chromium against the real
 * server and the built app, with two members registered through the API:
 * - B follows A through the API; A sees B under Followers, with "Follows you";
 * - A finds B under Find people by nickname and follows them; B's profile then counts the follower
 *   and the server holds the follow;
 * - A edits their profile (about text and a photo resized in the browser and uploaded through the
 *   media pipeline) and the server and the profile page show it;
 * - A creates a group, B joins it through the API, and the group's page lists both members; A
 *   writes a post with the group page's composer, and B, signed in elsewhere, sees it on that page.
 * axe finds no serious or critical violation on each page.
 */
import sharp from 'sharp';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { FeedResponse, PeopleResponse } from '../../src/contract/community';
import { labels } from '../../src/app/labels';
import { formatMessage } from '../../src/contract/messages';
import { newsfeedTexts } from '../../src/features/newsfeed/texts';
import { peopleTexts as texts } from '../../src/features/people/texts';
import type { GetUserResponse } from '../../src/contract/users';
import { expectNoSeriousViolations } from './support/axe';
import { registerMember, signInThroughDialog, type E2eMember } from './support/member';

async function call<T>(
  request: APIRequestContext,
  member: E2eMember,
  method: 'GET' | 'PUT',
  path: string,
  data?: object,
): Promise<T> {
  const response = await request.fetch(`/api/v1.0/${path}`, {
    method,
    headers: { authorization: `Bearer ${member.token}` },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

test('two members follow each other, one edits their profile and creates a group the other joins', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const ann = await registerMember(request, 'people-a');
  const bob = await registerMember(request, 'people-b');
  await call(request, bob, 'PUT', `users/${ann.userId}/follow`, { follow: true });
  await page.goto('/');
  await signInThroughDialog(page, ann);

  // Followers: Bob follows Ann.
  await page.goto('/people/followers');
  await expect(page.getByRole('heading', { level: 1, name: labels.friends })).toBeVisible();
  const followers = page.getByRole('list', { name: texts.followers });
  await expect(followers.getByRole('link', { name: bob.nickname })).toBeVisible();
  await expect(followers.getByText(texts.followsYou)).toBeVisible();
  await expectNoSeriousViolations(page, 'the followers list', 'main');

  // Find people: Ann follows Bob back.
  await page.getByRole('tab', { name: texts.find }).click();
  await page.getByRole('searchbox', { name: texts.searchPeople }).fill(bob.nickname);
  const found = page.getByRole('list', { name: texts.find });
  await expect(found.getByRole('link', { name: bob.nickname })).toBeVisible();
  await found.getByRole('button', { name: formatMessage(texts.follow, { nickname: bob.nickname }) }).click();
  await expect(
    found.getByRole('button', { name: formatMessage(texts.unfollow, { nickname: bob.nickname }) }),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'find people', 'main');
  const bobFollowers = await call<PeopleResponse>(request, bob, 'GET', `users/${bob.userId}/follow`);
  expect(bobFollowers.users.map((u) => u.user_id)).toEqual([ann.userId]);

  await found.getByRole('link', { name: bob.nickname }).click();
  await expect(page.getByRole('heading', { level: 1, name: bob.nickname })).toBeVisible();
  await expect(page.getByText(formatMessage(texts.followerCount, { count: 1 }))).toBeVisible();
  await expectNoSeriousViolations(page, "another member's profile", 'main');

  // The profile editor: about text and a photo.
  await page.goto('/user-profile');
  await expect(page.getByRole('heading', { level: 1, name: labels.editProfile })).toBeVisible();
  await expect(page.getByRole('textbox', { name: texts.displayName })).toHaveValue(ann.nickname);
  await expectNoSeriousViolations(page, 'the profile editor', 'main');
  const jpeg = await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  await page.getByLabel(texts.avatar, { exact: true }).setInputFiles({
    name: 'me.jpg',
    mimeType: 'image/jpeg',
    buffer: jpeg,
  });
  await expect(page.getByRole('img', { name: texts.avatar })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: texts.about }).fill('Waders and reed beds.');
  await page.getByRole('button', { name: texts.save }).click();
  await expect(page.getByText(texts.saved)).toBeVisible();
  const profile = await call<GetUserResponse>(request, ann, 'GET', `users/${ann.userId}`);
  expect(profile.profile.about).toBe('Waders and reed beds.');
  expect(profile.profile.avatar).toMatch(/\/media\/[0-9a-f-]{36}\/thumbnail/);
  await page.goto('/profile');
  await expect(page.getByText('Waders and reed beds.')).toBeVisible();

  // A group: Ann creates it, Bob joins.
  await page.goto('/group-members');
  await expect(page.getByRole('heading', { level: 1, name: texts.groupsTitle })).toBeVisible();
  await expect(page.getByText(texts.noMyGroups)).toBeVisible();
  await expectNoSeriousViolations(page, 'the groups page', 'main');
  await page.getByRole('link', { name: texts.createGroup }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts.createGroup })).toBeVisible();
  await expectNoSeriousViolations(page, 'the group editor', 'main');
  const title = `Marsh Watchers ${ann.stamp.slice(-5)}`;
  await page.getByRole('textbox', { name: texts.groupTitle }).fill(title);
  await page.getByRole('textbox', { name: texts.groupAbout }).fill('Reed beds at dawn.');
  await page.getByRole('button', { name: texts.save }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(texts.youAreAdmin)).toBeVisible();
  const groupId = /\/group-profile\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  expect(groupId).toBeDefined();

  await call(request, bob, 'PUT', `groups/${groupId}/members/${bob.userId}`, { role: 'member' });
  await page.reload();
  const members = page.getByRole('list', { name: texts.members });
  await expect(members.getByRole('link', { name: ann.nickname })).toBeVisible();
  await expect(members.getByRole('link', { name: bob.nickname })).toBeVisible();
  await expect(page.getByText(formatMessage(texts.memberCount, { count: 2 }))).toBeVisible();

  // A group post: Ann writes it with the group page's composer; Bob sees it on the group's page.
  const groupPost = 'Bittern booming at first light.';
  await page.getByLabel(newsfeedTexts.composerText).fill(groupPost);
  await page.getByRole('button', { name: newsfeedTexts.composerSubmit, exact: true }).click();
  const groupFeed = page.getByRole('region', { name: newsfeedTexts.feedList });
  await expect(groupFeed.getByText(groupPost)).toBeVisible();
  await expect(groupFeed.getByText(newsfeedTexts.postWaiting)).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(async () =>
      (await call<FeedResponse>(request, bob, 'GET', `newsfeed/${groupId}`)).items.map((item) => item.text),
    )
    .toContain(groupPost);
  await expectNoSeriousViolations(page, 'the group page', 'main');

  const bobsPage = await (await browser.newContext()).newPage();
  await bobsPage.goto('/');
  await signInThroughDialog(bobsPage, bob);
  await bobsPage.goto(`/group-profile/${groupId}`);
  await expect(bobsPage.getByText(texts.youAreMember)).toBeVisible();
  const bobsFeed = bobsPage.getByRole('region', { name: newsfeedTexts.feedList });
  await expect(bobsFeed.getByRole('article').filter({ hasText: groupPost })).toContainText(ann.nickname, {
    timeout: 15_000,
  });
  await expectNoSeriousViolations(bobsPage, 'the group page, as a member', 'main');
  await bobsPage.context().close();
});
