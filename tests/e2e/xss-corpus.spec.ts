/**
 * The XSS corpus across the product (issue 18), in real Chromium against the real server: one
 * member stores every payload of src/test/xssCorpus.ts through each free-text field others see —
 * posts, a photo's comments, nickname and about text, a sighting's note, a group's title and about
 * text, a chat message, an issue report's description — and an admin through a place's
 * description, ads' titles and texts and a field guide's about; another member (and, for the
 * report and the ads list, an admin) then opens every page that shows them. Trip notes are the
 * viewer's own (trips are private), pushed as their device would and read on their trip pages. Nothing may run: every payload sets `window.__xss`, and any dialog fails the test. Each
 * record starts with a marker the page must show, so a page that showed nothing cannot pass.
 * (Content pages and help: tests/e2e/admin-content.spec.ts.)
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { COMMENT_MAX_LENGTH } from '../../src/contract/media';
import { GROUP_ABOUT_MAX, POST_TEXT_MAX } from '../../src/contract/community';
import { REPORT_DESCRIPTION_MAX } from '../../src/contract/reports';
import { TRIP_NOTE_MAX } from '../../src/contract/trips';
import { XSS_CORPUS } from '../../src/test/xssCorpus';
import { e2eAdmin } from './support/admin';
import { putObservation, registerMember, signInThroughDialog, type E2eMember } from './support/member';

const BALD_EAGLE = 'avibase-fed3756c'; // in the demo extract
const ELLENSBURG: [number, number] = [-120.5481, 46.9965];
const stamp = Date.now().toString(36);
const marker = (field: string) => `XSSMARK ${field} ${stamp}`;
/** The shortest payload that runs if a field's text ever reaches the DOM as markup. */
const SHORT_PAYLOAD = '<img src=x onerror=window.__xss=1>';

/**
 * The whole corpus as texts of at most `max` characters, each starting with the field's marker:
 * a field too short for all of it gets several records.
 */
function corpusTexts(field: string, max: number): string[] {
  const texts: string[] = [];
  let current = marker(field);
  for (const { markdown } of XSS_CORPUS) {
    const next = `${current}\n\n${markdown}`;
    if (next.length > max && current !== marker(field)) {
      texts.push(current);
      current = `${marker(field)}\n\n${markdown}`;
    } else current = next;
  }
  texts.push(current);
  return texts;
}

/** Fails the test on any dialog a payload might open, and reads the flag the payloads set. */
function watchForXss(page: Page) {
  page.on('dialog', (dialog) => {
    throw new Error(`a payload opened a dialog: ${dialog.message()}`);
  });
  return () => page.evaluate(() => (window as unknown as { __xss?: number }).__xss);
}

async function call(
  request: APIRequestContext,
  token: string | null,
  method: 'put' | 'post',
  path: string,
  data: object,
): Promise<Record<string, unknown>> {
  const response = await request[method](`/api/v1.0/${path}`, {
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    data,
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

interface Stored {
  author: E2eMember;
  feedIds: string[];
  mediaId: string;
  observationId: string;
  groupId: string;
  hotspotId: string;
  adIds: string[];
  fieldGuideId: string;
  tripIds: string[];
  reportId: string;
}

/** Every hostile record, through the real API. */
async function storeCorpus(request: APIRequestContext, viewer: E2eMember): Promise<Stored> {
  const author = await registerMember(request, 'xss-author');
  const nickname = `${SHORT_PAYLOAD}${stamp}`.slice(0, 50);
  await call(request, author.token, 'put', 'users', {
    nickname,
    about: corpusTexts('about', 2000)[0] ?? '',
  });
  author.nickname = nickname;

  const feedIds: string[] = [];
  for (const text of corpusTexts('post', POST_TEXT_MAX)) {
    const posted = await call(request, author.token, 'put', 'newsfeed', { text });
    feedIds.push((posted.item as { feed_id: string }).feed_id);
  }

  // A public sighting with the corpus as its note and a photo others comment on.
  const mediaId = randomUUID();
  const observationId = randomUUID();
  await putObservation(request, author, BALD_EAGLE, {
    observation_id: observationId,
    date: 1_768_046_400,
    coordinate: { type: 'Point', coordinates: ELLENSBURG },
    note: corpusTexts('note', 5000)[0],
    media: [{ media_id: mediaId, path: `/api/v1.0/media/${mediaId}/original.jpg`, featured: true }],
  });
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  await call(request, author.token, 'put', `media/${mediaId}/base64`, {
    image: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    observation_id: observationId,
    photo_name: marker('photo'),
  });
  for (const comment of corpusTexts('comment', COMMENT_MAX_LENGTH)) {
    await call(request, author.token, 'put', `media/${mediaId}/comments/${randomUUID()}`, { comment });
  }

  const group = await call(request, author.token, 'put', 'groups', {
    title: `${marker('group')} ${SHORT_PAYLOAD}`,
    about: corpusTexts('group about', GROUP_ABOUT_MAX)[0],
    members: [viewer.userId],
  });
  const groupId = (group.group as { group_id: string }).group_id;

  for (const message of corpusTexts('chat', 4000)) {
    await call(request, author.token, 'put', `chats/${viewer.userId}/messages`, {
      message_id: randomUUID(),
      message,
    });
  }

  const report = await call(request, author.token, 'post', 'report_issue/create', {
    section: 'user',
    id: viewer.userId,
    user_id: author.userId,
    category: 'other',
    description: corpusTexts('report', REPORT_DESCRIPTION_MAX)[0],
  });
  const reportId = (report.report as { id: string }).id;

  const login = await call(request, null, 'post', 'login', {
    username: e2eAdmin.email,
    password: e2eAdmin.password,
  });
  const hotspotId = `xss-${stamp}`;
  await call(request, login.auth_token as string, 'put', `hotspots/${hotspotId}`, {
    name: `${marker('place')} ${SHORT_PAYLOAD}`,
    description: corpusTexts('place', 10_000)[0],
    latitude: ELLENSBURG[1],
    longitude: ELLENSBURG[0],
  });
  // Ads (title and text) and a field guide's about, written by the admin, read by everyone.
  const adIds: string[] = [];
  for (const text of corpusTexts('ad', 1000)) {
    const adId = randomUUID();
    await call(request, login.auth_token as string, 'put', `ads/${adId}`, {
      title: `${SHORT_PAYLOAD} ${stamp}`.slice(0, 120),
      text,
      image: null,
      link: null,
      placements: ['newsfeed', 'map'],
      regions: [],
      starts_at: null,
      ends_at: null,
      active: true,
      latitude: ELLENSBURG[1],
      longitude: ELLENSBURG[0],
    });
    adIds.push(adId);
  }
  const guide = await call(request, login.auth_token as string, 'post', 'field_guides', {
    name: `${marker('guide')} ${SHORT_PAYLOAD}`,
    about: corpusTexts('guide about', 10_000)[0],
    latitude: ELLENSBURG[1],
    longitude: ELLENSBURG[0],
  });
  const fieldGuideId = (guide.field_guide as { field_guide_id: string }).field_guide_id;
  // Trip notes are the viewer's own, pushed as their device would; the sign-in pulls them.
  const tripIds = corpusTexts('trip note', TRIP_NOTE_MAX).map(() => randomUUID());
  await call(request, viewer.token, 'put', 'collection/trips', {
    data: corpusTexts('trip note', TRIP_NOTE_MAX).map((note, index) => ({
      id: tripIds[index],
      rev: '1_xss',
      deleted: false,
      data: {
        trip_id: tripIds[index],
        user_id: viewer.userId,
        name: `${SHORT_PAYLOAD} ${index}`,
        date_start: 1_767_225_600,
        date_end: 1_767_312_000,
        note,
      },
    })),
  });
  return {
    author,
    feedIds,
    mediaId,
    observationId,
    groupId,
    hotspotId,
    reportId,
    adIds,
    fieldGuideId,
    tripIds,
  };
}

/** Opens a page, waits for the field's marker, and checks that nothing ran. */
async function open(page: Page, ran: () => Promise<number | undefined>, address: string, field: string) {
  await page.goto(address);
  await expect(page.getByText(marker(field)).first(), `${field} on ${address}`).toBeVisible();
  expect(await ran(), `a payload ran on ${address}`).toBeUndefined();
}

test('every free-text field others see keeps the XSS corpus as text on every page that shows it', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const viewer = await registerMember(request, 'xss-viewer');
  const stored = await storeCorpus(request, viewer);

  const context = await browser.newContext();
  const page = await context.newPage();
  const ran = watchForXss(page);
  await page.goto('/');
  await signInThroughDialog(page, viewer);

  await open(page, ran, '/newsfeed', 'post');
  for (const feedId of stored.feedIds) await open(page, ran, `/newsfeed-item/${feedId}`, 'post');
  await open(page, ran, `/profile/${stored.author.userId}`, 'about');
  await expect(page.getByText(stored.author.nickname).first()).toBeVisible();
  // A public sighting reaches others through the feed, its note with it.
  await open(page, ran, '/newsfeed', 'note');
  await open(
    page,
    ran,
    `/image-view?media_id=${stored.mediaId}&observation_id=${stored.observationId}`,
    'comment',
  );
  await open(page, ran, `/group-profile/${stored.groupId}`, 'group about');
  await open(page, ran, '/group-members', 'group');
  await open(page, ran, `/chat/${stored.author.userId}`, 'chat');
  await open(page, ran, '/chat-sessions', 'chat');
  await open(page, ran, `/hotspot-overview/${stored.hotspotId}`, 'place');
  for (const adId of stored.adIds) await open(page, ran, `/newsfeed-ad-view?ad_id=${adId}`, 'ad');
  await open(page, ran, `/fieldguide-overview/${stored.fieldGuideId}`, 'guide about');
  for (const tripId of stored.tripIds) await open(page, ran, `/trips-details/${tripId}`, 'trip note');
  await context.close();

  // The report's description and the reported member, as an admin reads them.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminRan = watchForXss(admin);
  await admin.goto('/');
  await signInThroughDialog(admin, e2eAdmin);
  await open(admin, adminRan, `/admin-issue-report-details/${stored.reportId}`, 'report');
  // The list names the reporter: the author, whose nickname is a payload.
  await admin.goto('/admin-issue-reports');
  await expect(admin.getByRole('cell', { name: stored.author.nickname }).first()).toBeVisible();
  expect(await adminRan(), 'a payload ran on /admin-issue-reports').toBeUndefined();
  // The ads admin's list names each ad by its title, a payload.
  await admin.goto('/admin-ads');
  await expect(admin.getByText(`${SHORT_PAYLOAD} ${stamp}`).first()).toBeVisible();
  expect(await adminRan(), 'a payload ran on /admin-ads').toBeUndefined();
  await adminContext.close();
});
