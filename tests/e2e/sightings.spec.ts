/**
 * The sightings lists, trips and stats end to end, in real Chromium against the real server and
 * the built PWA:
 * - a member's sightings, written through the API, reach the device by the app's own sync at
 *   sign-in; /observations lists them newest first with the lifer chip and the icons' texts;
 * - a trip is created in its dialog and counts the sightings in its dates; its page lists them;
 * - the Stats section counts them on the device;
 * - a guest sees the member's public sightings of a species in the public tab;
 * - axe (no serious or critical violation) on each page's main content and on the trip dialog (the
 *   shell around them is checked by shell.spec.ts; its unsynced counter comes and goes with the
 *   saves here).
 */
import { expect, test, type Page } from '@playwright/test';
import { labels } from '../../src/app/labels';
import { formatMessage } from '../../src/contract/messages';
import { newsfeedTexts } from '../../src/features/newsfeed/texts';
import { sightingTexts } from '../../src/features/observations/texts';
import { expectNoSeriousViolations } from './support/axe';
import { putObservation, registerMember, signInThroughDialog } from './support/member';

const BALD_EAGLE = 'avibase-fed3756c'; // in the demo extract
const WHITE_TAILED_DEER = 'mdd-1006302';
const ELLENSBURG: [number, number] = [-120.5481, 46.9965];
/** Noon UTC on 10, 11 and 12 January 2026: the same local day in any time zone from −11 to +11. */
const JAN_10 = 1_768_046_400;
const DAY = 86_400;

async function memberWithSightings(page: Page) {
  const member = await registerMember(page.request, 'lists');
  const put = (speciesId: string, body: object) => putObservation(page.request, member, speciesId, body);
  const { stamp } = member;
  await put(BALD_EAGLE, {
    observation_id: `eagle-1-${stamp}`,
    date: JAN_10,
    coordinate: { type: 'Point', coordinates: ELLENSBURG },
  });
  await put(BALD_EAGLE, {
    observation_id: `eagle-2-${stamp}`,
    date: JAN_10 + 2 * DAY,
    coordinate: { type: 'Point', coordinates: ELLENSBURG },
    public: false,
  });
  await put(WHITE_TAILED_DEER, {
    observation_id: `deer-1-${stamp}`,
    date: JAN_10 + DAY,
    coordinate: { type: 'Point', coordinates: ELLENSBURG },
    coordinate_hidden: true,
  });
  return member;
}

test("a member's sightings, a trip over them and their stats; a guest sees the public ones", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const member = await memberWithSightings(page);
  await page.goto('/');
  await signInThroughDialog(page, member);

  await page.goto('/observations');
  await expect(page.getByRole('heading', { level: 1, name: labels.observations })).toBeVisible();
  const list = page.getByRole('list', { name: sightingTexts.sightingsMine });
  // The sign-in's initial fetch brings the sightings; the live query then fills the list.
  await expect(list.getByRole('listitem')).toHaveCount(3, { timeout: 30_000 });
  const rows = list.getByRole('link');
  await expect(rows.nth(0)).toContainText('Bald Eagle');
  await expect(rows.nth(0)).not.toContainText(sightingTexts.sightingLifer);
  await expect(rows.nth(2)).toContainText(sightingTexts.sightingLifer);
  await expect(rows.nth(0).getByRole('img', { name: sightingTexts.sightingIsPrivate })).toBeVisible();
  await expect(rows.nth(1).getByRole('img', { name: sightingTexts.sightingLocationHidden })).toBeVisible();
  await expectNoSeriousViolations(page, 'my sightings', 'main');

  await page.goto('/trips');
  await expect(page.getByText(sightingTexts.tripsEmpty)).toBeVisible();
  await page.getByRole('button', { name: sightingTexts.tripNew }).click();
  const dialog = page.getByRole('dialog', { name: sightingTexts.tripNew });
  await dialog.getByLabel(sightingTexts.tripFieldName).fill('Kittitas Valley');
  await dialog.getByLabel(sightingTexts.tripFieldStart).fill('2026-01-10');
  await dialog.getByLabel(sightingTexts.tripFieldEnd).fill('2026-01-11');
  await expectNoSeriousViolations(page, 'the new trip dialog', '[role="dialog"]');
  await dialog.getByRole('button', { name: sightingTexts.tripSave }).click();
  await expect(dialog).toBeHidden();
  const trip = page.getByRole('list', { name: labels.trips }).getByRole('listitem');
  await expect(trip).toContainText(formatMessage(sightingTexts.tripSightingsMany, { count: 2 }));
  await expectNoSeriousViolations(page, 'the trips', 'main');

  await trip.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kittitas Valley' })).toBeVisible();
  await expect(page.getByRole('list', { name: labels.sightings }).getByRole('listitem')).toHaveCount(2);
  await expectNoSeriousViolations(page, 'a trip', 'main');

  await page.goto('/profile?section=stats');
  const stats = page.getByRole('region', { name: labels.stats });
  await expect(stats.getByRole('table', { name: sightingTexts.statsSpeciesSeen })).toBeVisible();
  await expect(stats.getByRole('row')).toHaveCount(3);
  // The profile's posts refresh as it opens: their button changes colour when it ends, which must
  // not happen under axe's contrast check.
  const posts = page.getByRole('region', { name: newsfeedTexts.memberFeedHeading });
  await expect(posts.getByRole('button', { name: newsfeedTexts.refresh })).toBeEnabled();
  await expectNoSeriousViolations(page, 'my stats', 'main');

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/observations?species=${BALD_EAGLE}`);
  await expect(guest.getByText(sightingTexts.sightingsSignInPrompt)).toBeVisible();
  const publicList = guest.getByRole('list', { name: sightingTexts.sightingsPublic });
  // Other specs' members may have public eagles too: this member's are those linking to them. The
  // private eagle stays private.
  const theirs = publicList.getByRole('listitem').filter({
    has: guest.locator(`a[href="/profile/${member.userId}"]`),
  });
  await expect(theirs).toHaveCount(1, { timeout: 15_000 });
  await expect(theirs).toContainText(sightingTexts.sightingLifer);
  await expectNoSeriousViolations(guest, 'public sightings, signed out', 'main');
  await guestContext.close();
});
