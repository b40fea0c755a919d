/**
 * The newsfeed end to end, in real Chromium against the real server and the built PWA
 * (src/features/newsfeed; docs/sync.md "The newsfeed offline"):
 * - Bob records a public sighting with a photo (through the API); Ann, who follows him, finds it in
 *   Posts from Friends;
 * - Ann writes a post: it shows at once as waiting and reaches the server once through the sync
 *   runtime; she likes Bob's sighting and comments on it from the item's page;
 * - with the network cut and the page reloaded, the feed read before is still there, with a note;
 *   a post and a comment written offline wait (through a reload) and reach the server once online;
 * - axe (no serious or critical violation) on the feed, the item page and the offline feed.
 */
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { FeedResponse } from '../../src/contract/community';
import { labels } from '../../src/app/labels';
import { imageViewTexts } from '../../src/features/media/texts';
import type { MediaMetaResponse } from '../../src/contract/media';
import { messages } from '../../src/contract/messages';
import { newsfeedTexts as texts } from '../../src/features/newsfeed/texts';
import { expectNoSeriousViolations } from './support/axe';
import {
  putObservation,
  registerMember,
  serviceWorkerInControl,
  signInThroughDialog,
  type E2eMember,
} from './support/member';

const BALD_EAGLE = 'avibase-fed3756c'; // in the demo extract
const ELLENSBURG: [number, number] = [-120.5481, 46.9965];
const JAN_10 = 1_768_046_400;

/** A public sighting of the member with an uploaded photo, written through the API. */
async function publicSightingWithPhoto(request: APIRequestContext, member: E2eMember) {
  const mediaId = randomUUID();
  const observationId = randomUUID();
  await putObservation(request, member, BALD_EAGLE, {
    observation_id: observationId,
    date: JAN_10,
    note: 'Low over the river',
    coordinate: { type: 'Point', coordinates: ELLENSBURG },
    media: [{ media_id: mediaId, path: `/api/v1.0/media/${mediaId}/original.jpg`, featured: true }],
  });
  const jpeg = await sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: 60, g: 120, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  const upload = await request.put(`/api/v1.0/media/${mediaId}/base64`, {
    headers: { authorization: `Bearer ${member.token}` },
    data: { image: `data:image/jpeg;base64,${jpeg.toString('base64')}`, observation_id: observationId },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  return mediaId;
}

async function serverGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`/api/v1.0/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

test('a followed member’s sighting in Posts from Friends; post, like, comment; offline: kept feed, writes arrive once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const bob = await registerMember(request, 'feed-bob');
  const ann = await registerMember(request, 'feed-ann');
  const followed = await request.put(`/api/v1.0/users/${bob.userId}/follow`, {
    headers: { authorization: `Bearer ${ann.token}` },
    data: { follow: true },
  });
  expect(followed.ok(), await followed.text()).toBe(true);
  const mediaId = await publicSightingWithPhoto(request, bob);

  await page.goto('/');
  await signInThroughDialog(page, ann);
  await serviceWorkerInControl(page);
  await page.goto('/home/newsfeed/people');
  await expect(page.getByRole('heading', { level: 1, name: labels.postsFromFriends })).toBeVisible();
  const feed = page.getByRole('region', { name: texts.feedList });
  const bobsItem = feed.getByRole('article').filter({ hasText: bob.nickname });
  await expect(bobsItem.getByRole('heading', { name: new RegExp(`^${bob.nickname} saw`) })).toBeVisible();
  await expect(bobsItem.getByText('Low over the river')).toBeVisible();
  await expectNoSeriousViolations(page, 'Posts from Friends', 'main');

  // A post: kept on the device, shown at once, sent by the sync runtime exactly once.
  await page.getByLabel(texts.composerText).fill('First eagle of the year for me too!');
  await page.getByRole('button', { name: texts.composerSubmit, exact: true }).click();
  await expect(feed.getByText('First eagle of the year for me too!')).toBeVisible();
  await expect(feed.getByText(texts.postWaiting)).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(
      async () => (await serverGet<FeedResponse>(request, ann.token, `newsfeed/${ann.userId}`)).items.length,
    )
    .toBe(1);
  const [posted] = (await serverGet<FeedResponse>(request, ann.token, `newsfeed/${ann.userId}`)).items;
  expect(posted).toMatchObject({ type: 'post', text: 'First eagle of the year for me too!' });

  // Bob's sighting on its own page: a like and a comment, online.
  await bobsItem.getByRole('link', { name: texts.openItem }).click();
  await expect(page.getByRole('heading', { level: 1, name: labels.post })).toBeVisible();
  const like = page.getByRole('button', { name: imageViewTexts.imageViewLike });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel(imageViewTexts.imageViewCommentField).fill('Great find, Bob.');
  await page.getByRole('button', { name: imageViewTexts.imageViewSend }).click();
  await expect(
    page.getByRole('list', { name: imageViewTexts.imageViewComments }).getByText('Great find, Bob.'),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'a newsfeed item', 'main');
  await expect
    .poll(async () => {
      const meta = await serverGet<MediaMetaResponse>(
        request,
        bob.token,
        `media/${mediaId}/meta?load_all=true`,
      );
      return [meta.like_count, meta.comments?.map((comment) => comment.comment)];
    })
    .toEqual([1, ['Great find, Bob.']]);

  // Offline, the feed read before is still there after a reload.
  await page.goto('/home/newsfeed/people');
  await expect(feed.getByText('First eagle of the year for me too!')).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(texts.offlineNote)).toBeVisible();
  await expect(feed.getByText('Low over the river')).toBeVisible();
  await expect(feed.getByText('First eagle of the year for me too!')).toBeVisible();
  await expectNoSeriousViolations(page, 'the feed offline', 'main');

  // Offline, a post and a comment wait on the device, survive a reload, and reach the server once.
  await page.getByLabel(texts.composerText).fill('Written without signal');
  await page.getByRole('button', { name: texts.composerSubmit, exact: true }).click();
  await expect(page.getByText(messages.storedLocally).first()).toBeVisible();
  const waitingPost = feed.getByRole('article').filter({ hasText: 'Written without signal' });
  await expect(waitingPost.getByText(texts.postWaiting)).toBeVisible();
  await bobsItem.getByRole('link', { name: texts.openItem }).click();
  await page.getByLabel(imageViewTexts.imageViewCommentField).fill('Seen it again, offline.');
  await page.getByRole('button', { name: imageViewTexts.imageViewSend }).click();
  const comments = page.getByRole('list', { name: imageViewTexts.imageViewComments });
  await expect(comments.getByText('Seen it again, offline.')).toBeVisible();
  await page.reload();
  await expect(comments.getByText('Seen it again, offline.')).toBeVisible();
  await expect(comments.getByText(imageViewTexts.imageViewWaiting)).toBeVisible();
  await page.goto('/home/newsfeed/people');
  await expect(waitingPost.getByText(texts.postWaiting)).toBeVisible();

  await context.setOffline(false);
  await expect(waitingPost.getByText(texts.postWaiting)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('unsynced-count')).toBeHidden({ timeout: 30_000 });
  const postedTexts = (await serverGet<FeedResponse>(request, ann.token, `newsfeed/${ann.userId}`)).items.map(
    (item) => item.text,
  );
  expect(postedTexts).toEqual(['Written without signal', 'First eagle of the year for me too!']);
  const meta = await serverGet<MediaMetaResponse>(request, bob.token, `media/${mediaId}/meta?load_all=true`);
  expect(meta.comments?.map((comment) => comment.comment)).toEqual([
    'Great find, Bob.',
    'Seen it again, offline.',
  ]);
});
