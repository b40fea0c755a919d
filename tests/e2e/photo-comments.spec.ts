/**
 * A sighting photo's likes and comments end to end, in real Chromium against the real server and
 * the built PWA (src/features/media, docs/sync.md "Offline stored requests"):
 * - a member's sighting and its photo (a real JPEG made with sharp) are written through the API;
 * - /image-view shows the photo, and once the service worker controls the page the network is cut;
 * - a like, a comment and a reply to that comment made offline show at once as waiting, each is an
 *   outbox row, and the server has none of them;
 * - back online, the app's own sync runtime replays them (this page never sends them itself), the
 *   server holds each exactly once, and the page no longer says they wait; a reply written and
 *   deleted offline disappears at once and never shows on the server;
 * - a reload shows the server's current answer (expected to fail until src/sw/sw.ts stops caching
 *   media/{id}/meta: see the second test);
 * - axe (no serious or critical violation) on the page, online and with waiting items.
 */
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { labels } from '../../src/app/labels';
import { imageViewTexts } from '../../src/features/media/texts';
import type { MediaMetaResponse } from '../../src/contract/media';
import { formatMessage, messages } from '../../src/contract/messages';
import { sightingTexts } from '../../src/features/observations/texts';
import { expectNoSeriousViolations } from './support/axe';
import {
  putObservation,
  registerMember,
  serviceWorkerInControl,
  signInThroughDialog,
} from './support/member';

const BALD_EAGLE = 'avibase-fed3756c'; // in the demo extract
const ELLENSBURG: [number, number] = [-120.5481, 46.9965];
const JAN_10 = 1_768_046_400;

/** A new member (through the API) with one public sighting and its uploaded photo. */
async function memberWithPhoto(request: APIRequestContext) {
  const member = await registerMember(request, 'photos');
  const headers = { authorization: `Bearer ${member.token}` };
  const mediaId = randomUUID();
  const observationId = randomUUID();
  await putObservation(request, member, BALD_EAGLE, {
    observation_id: observationId,
    date: JAN_10,
    coordinate: { type: 'Point', coordinates: ELLENSBURG },
    media: [{ media_id: mediaId, path: `/api/v1.0/media/${mediaId}/original.jpg`, featured: true }],
  });
  const jpeg = await sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: 60, g: 120, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  const upload = await request.put(`/api/v1.0/media/${mediaId}/base64`, {
    headers,
    data: {
      image: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
      observation_id: observationId,
      photo_name: 'Eagle over the river',
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  return { ...member, mediaId, observationId };
}

/** The photo's likes and comments as the server holds them, asked outside the browser. */
async function serverMeta(request: APIRequestContext, member: { token: string; mediaId: string }) {
  const response = await request.get(`/api/v1.0/media/${member.mediaId}/meta?load_all=true`, {
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as MediaMetaResponse;
}

test('likes, comments and replies made offline wait on the device and reach the server once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await memberWithPhoto(request);
  await page.goto('/');
  await signInThroughDialog(page, member);
  await serviceWorkerInControl(page);

  const address = `/image-view?media_id=${member.mediaId}&observation_id=${member.observationId}`;
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: labels.imageView })).toBeVisible();
  const photo = page.getByRole('img', { name: 'Eagle over the river' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
  await expect(
    page.getByText(formatMessage(imageViewTexts.imageViewLikeCountMany, { count: 0 })),
  ).toBeVisible();
  await expect(page.getByText(imageViewTexts.imageViewNoComments)).toBeVisible();
  await expectNoSeriousViolations(page, 'the image view', 'main');

  await context.setOffline(true);
  const like = page.getByRole('button', { name: imageViewTexts.imageViewLike });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(imageViewTexts.imageViewLikeCountOne)).toBeVisible();

  await page.getByLabel(imageViewTexts.imageViewCommentField).fill('Straight over the bridge at noon.');
  await page.getByRole('button', { name: imageViewTexts.imageViewSend }).click();
  await expect(page.getByText(messages.storedLocally).first()).toBeVisible();
  const comments = page.getByRole('list', { name: imageViewTexts.imageViewComments });
  const comment = comments.locator('li').filter({ hasText: 'Straight over the bridge at noon.' }).first();
  await expect(comment.getByText(imageViewTexts.imageViewWaiting).first()).toBeVisible();

  await comment
    .getByRole('button', { name: formatMessage(imageViewTexts.imageViewReplyTo, { name: member.nickname }) })
    .click();
  await page
    .getByLabel(formatMessage(imageViewTexts.imageViewReplyField, { name: member.nickname }))
    .fill('It came back an hour later.');
  await page.getByRole('button', { name: imageViewTexts.imageViewSend }).first().click();
  const replies = page.getByRole('list', {
    name: formatMessage(imageViewTexts.imageViewRepliesTo, { name: member.nickname }),
  });
  await expect(replies.getByText('It came back an hour later.')).toBeVisible();
  await expect(replies.getByText(imageViewTexts.imageViewWaiting)).toBeVisible();

  // A second reply, deleted again before anything was sent: it disappears at once, and the replay
  // will be its PUT then its DELETE (the server keeps the id as a tombstone).
  await comment
    .getByRole('button', { name: formatMessage(imageViewTexts.imageViewReplyTo, { name: member.nickname }) })
    .click();
  await page
    .getByLabel(formatMessage(imageViewTexts.imageViewReplyField, { name: member.nickname }))
    .fill('Wrong bird, sorry.');
  await page.getByRole('button', { name: imageViewTexts.imageViewSend }).first().click();
  const wrong = replies.locator('li').filter({ hasText: 'Wrong bird, sorry.' });
  await wrong
    .getByRole('button', {
      name: formatMessage(imageViewTexts.imageViewDeleteReply, { name: member.nickname }),
    })
    .click();
  await expect(page.getByText('Wrong bird, sorry.')).toHaveCount(0);
  await expect(replies.getByText('It came back an hour later.')).toBeVisible();
  await expectNoSeriousViolations(page, 'the image view with waiting items', 'main');

  // Nothing has left the device: the server has none of it, and the shell counts the five calls
  // that wait (the like, the comment, two replies, the second reply's delete).
  const before = await serverMeta(request, member);
  expect(before).toMatchObject({ like_count: 0, liked: false, comments: [] });
  const unsynced = page.getByTestId('unsynced-count');
  await expect(unsynced).toHaveText(formatMessage(sightingTexts.unsyncedCount, { count: 5 }));

  await context.setOffline(false);
  // The sync runtime replays the outbox on its own (online trigger), oldest first. The server is
  // read once the device's queue is empty: before that it can hold a state on the way (the second
  // reply created, its delete not yet sent) that a poll of the server alone would take as the end.
  await expect(unsynced).toBeHidden({ timeout: 30_000 });
  const after = await serverMeta(request, member);
  expect({
    like_count: after.like_count,
    liked: after.liked,
    comment_count: after.comment_count,
    comments: after.comments?.map((item) => ({
      comment: item.comment,
      replies: item.replies.map((reply) => reply.comment),
    })),
  }).toEqual({
    like_count: 1,
    liked: true,
    comment_count: 2,
    comments: [{ comment: 'Straight over the bridge at noon.', replies: ['It came back an hour later.'] }],
  });
  expect(after.likes?.map((item) => item.user_id)).toEqual([member.userId]);

  // The page follows: nothing says it waits any more.
  await expect(page.getByText(imageViewTexts.imageViewWaiting)).toHaveCount(0, { timeout: 15_000 });
});

test('a reload shows what the server holds now, not a copy the service worker kept', async ({
  page,
  request,
}) => {
  // The service worker's image cache once matched every GET under /api/v1.0/media/ and kept the
  // first media/{id}/meta answer for ever, for whichever member asked; it now keeps image files only.
  test.setTimeout(90_000);
  const member = await memberWithPhoto(request);
  await page.goto('/');
  await signInThroughDialog(page, member);
  await serviceWorkerInControl(page);
  await page.goto(`/image-view?media_id=${member.mediaId}`);
  await expect(page.getByText(imageViewTexts.imageViewNoComments)).toBeVisible();

  const commented = await request.put(`/api/v1.0/media/${member.mediaId}/comments/${randomUUID()}`, {
    headers: { authorization: `Bearer ${member.token}` },
    data: { comment: 'Seen from the car park too.' },
  });
  expect(commented.ok(), await commented.text()).toBe(true);
  await page.reload();
  await expect(
    page
      .getByRole('list', { name: imageViewTexts.imageViewComments })
      .getByText('Seen from the car park too.'),
  ).toBeVisible();
});
