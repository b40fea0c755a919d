/**
 * Issue 5's acceptance end to end, in real Chromium against the real server and the built PWA:
 * sign in, cut the network, quick-record two sightings and record one with a photo, reload the app
 * still offline (all three listed, lifer flags right), restore the network, and find them on the
 * server exactly once, with the photo and its thumbnail.
 */
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { recordingTexts } from '../../src/features/observations/texts';
import { messages } from '../../src/contract/messages';
import { sightingTexts } from '../../src/features/observations/texts';
import { demoSpecies } from '../../src/features/species/testSpecies';
import { expectNoSeriousViolations } from './support/axe';
import { expectToastShown, recordToasts } from './support/toasts';
import {
  putSpeciesOnDevice,
  serviceWorkerInControl,
  sightingsOnServer,
  signedInMember,
} from './support/member';
import { present } from '../../src/test/present';

const baldEagle = demoSpecies('Haliaeetus leucocephalus');
const blackBear = demoSpecies('Ursus americanus');

test('a day without signal: two quick records and one with a photo reach the server once', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 46.9965123, longitude: -120.5481234, accuracy: 8 });
  const member = await signedInMember(page, 'offline');
  await serviceWorkerInControl(page);
  await putSpeciesOnDevice(page, [baldEagle, blackBear]);
  // Visit the pages once online, as a member does before heading out.
  await page.goto(`/species/${baldEagle.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bald Eagle' })).toBeVisible();

  await context.setOffline(true);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: recordingTexts.quickRecord }).click();
  await expect(page.getByText(messages.observationCreated)).toBeVisible();
  await main.getByRole('button', { name: recordingTexts.quickRecord }).click();
  await expect(
    main.getByRole('region', { name: recordingTexts.sightingYourRecent }).getByRole('listitem'),
  ).toHaveCount(2);

  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a6d3b' } })
    .jpeg()
    .toBuffer();
  await page.goto(`/species-observation/${blackBear.id}`);
  await expect(main.getByText('American Black Bear', { exact: true })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await main.getByRole('button', { name: recordingTexts.sightingChoosePhotos }).click();
  await (await chooser).setFiles({ name: 'bear.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(main.getByRole('img', { name: /Photo 1/ })).toBeVisible();
  await main.getByLabel(recordingTexts.sightingNote).fill('A sow with two cubs by the orchard.');
  await recordToasts(page);
  await main.getByRole('button', { name: recordingTexts.sightingSave, exact: true }).click();
  await expectToastShown(page, messages.storedLocally);
  await expect(page.getByTestId('unsynced-count')).toBeVisible();

  // Still offline: the app starts from the service worker and lists the three from the device.
  await page.reload();
  await page.goto('/observations');
  const rows = main.getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(main.getByText(sightingTexts.sightingLifer, { exact: true })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'American Black Bear' })).toContainText(sightingTexts.sightingLifer);
  await expectNoSeriousViolations(page, 'the offline list of sightings', 'main');

  await context.setOffline(false);
  await expect(page.getByText(messages.syncedToApi)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('unsynced-count')).toBeHidden();

  const records = await sightingsOnServer(page.request, member.token);
  expect(records).toHaveLength(3);
  const bySpecies = (id: string) => records.filter((record) => record.data.species_id === id);
  expect(
    bySpecies(baldEagle.id)
      .map((record) => record.data.lifer)
      .sort(),
  ).toEqual([false, true]);
  const [bear] = bySpecies(blackBear.id);
  expect(bear?.data.lifer).toBe(true);
  const media = bear?.data.media as Array<{ media_id: string; path: string; featured: boolean }>;
  expect(media).toHaveLength(1);
  const stored = present(media[0], 'the stored photo');
  const original = await page.request.get(stored.path);
  expect(original.status()).toBe(200);
  expect(original.headers()['content-type']).toBe('image/jpeg');
  const thumbnail = await page.request.get(stored.path.replace('original.jpg', 'thumbnail.webp'));
  expect(thumbnail.status()).toBe(200);
  expect(thumbnail.headers()['content-type']).toBe('image/webp');
});
