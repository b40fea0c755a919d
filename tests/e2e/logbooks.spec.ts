/**
 * Logbooks end to end (issue 19), in Chromium against the real server and the built PWA: a member
 * opens My Logbooks without one and lands on the overview, activates a code printed for the demo
 * "Birds of the United States" logbook (a batch printed by the e2e admin through the API, as an
 * operator does), opens the checklist, cuts the network, records a Bald Eagle from its row, and
 * sees it ticked on the checklist and counted on My Logbooks while still offline. axe finds no
 * serious or critical violation on the three pages.
 */
import { expect, test } from '@playwright/test';
import { labels } from '../../src/contract/labels';
import { logbookTexts } from '../../src/contract/logbookTexts';
import { formatMessage } from '../../src/contract/messages';
import { DEMO_LOGBOOKS } from '../../server/plugins/app/logbooks/seed';
import { demoSpecies } from '../../src/features/species/testSpecies';
import { e2eAdmin } from './support/admin';
import { expectNoSeriousViolations } from './support/axe';
import { checklistRow, recordOfflineFromRow } from './support/shop';
import { putSpeciesOnDevice, serviceWorkerInControl, signedInMember } from './support/member';

const US_BIRDS = DEMO_LOGBOOKS[1]!;
const baldEagle = demoSpecies('Haliaeetus leucocephalus');

test('a member activates a printed code and ticks a sighting recorded offline', async ({ page, context }) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 46.9965123, longitude: -120.5481234, accuracy: 8 });

  const login = await page.request.post('/api/v1.0/login', {
    data: { username: e2eAdmin.email, password: e2eAdmin.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const adminToken = ((await login.json()) as { auth_token: string }).auth_token;
  const printed = await page.request.post('/api/v1.0/logbooks/codes', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { product_id: US_BIRDS.id, count: 1, batch: 'e2e' },
  });
  expect(printed.ok(), await printed.text()).toBe(true);
  const [code] = ((await printed.json()) as { codes: string[] }).codes;

  await signedInMember(page, 'logbook');
  await serviceWorkerInControl(page);
  await putSpeciesOnDevice(page, [baldEagle]);
  const main = page.getByRole('main');

  // No logbook yet: My Logbooks is the overview (SPEC §6).
  await page.goto('/logbooks');
  await expect(page).toHaveURL(/\/logbooks\/overview$/);
  await expect(main.getByRole('heading', { level: 1, name: labels.logbooksOverview })).toBeVisible();
  await expect(main.getByRole('heading', { level: 3, name: US_BIRDS.name })).toBeVisible();
  await expectNoSeriousViolations(page, 'the logbooks overview', 'main');

  // Typed loosely, as read off the paper.
  await main.getByLabel(logbookTexts.activateField).fill(code!.toLowerCase().replaceAll('-', ' '));
  await main.getByRole('button', { name: logbookTexts.activate }).click();
  const done = main.getByRole('alert').filter({
    hasText: formatMessage(logbookTexts.activated, { name: US_BIRDS.name }),
  });
  await expect(done).toBeVisible();
  await done.getByRole('link', { name: formatMessage(logbookTexts.open, { name: US_BIRDS.name }) }).click();

  const eagleRow = checklistRow(page, US_BIRDS.name, baldEagle.name);
  await expect(eagleRow).toContainText(logbookTexts.notSeen);
  await expectNoSeriousViolations(page, 'a logbook checklist', 'main');

  await page.goto('/logbooks');
  const mine = main.getByRole('list', { name: logbookTexts.myList });
  await expect(mine).toContainText(US_BIRDS.name);
  await expect(mine).toContainText(/(^|\D)0 of \d+/);
  await expectNoSeriousViolations(page, 'my logbooks', 'main');

  // Offline: record a Bald Eagle from its row; the checklist ticks it from the device.
  await recordOfflineFromRow(page, context, US_BIRDS.id, eagleRow, baldEagle.name);
  await main.getByRole('button', { name: logbookTexts.filterSeen }).click();
  await expect(
    main
      .getByRole('list', { name: formatMessage(logbookTexts.checklist, { name: US_BIRDS.name }) })
      .getByRole('listitem'),
  ).toHaveCount(1);
  await page.goto('/logbooks');
  await expect(mine).toContainText(/(^|\D)1 of \d+/);
  await context.setOffline(false);
});
