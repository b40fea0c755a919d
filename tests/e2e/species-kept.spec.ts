/**
 * Issue 23's data loss, found in use, end to end: a member records an American Robin on a desktop
 * whose region is the United States, then opens that sighting on a phone whose region is the
 * Western Cape (no robin on its list) and presses Save without touching anything. Before the fix
 * the species field was empty and the save made it an unspecified sighting on the device and the
 * server, with its Lifer badge. Now the phone's list and form name the species (fetched from the
 * server and kept), the save keeps it everywhere, and its species page opens — offline too.
 */
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { recordingTexts } from '../../src/features/observations/texts';
import { messages } from '../../src/contract/messages';
import { demoSpecies } from '../../src/features/species/testSpecies';
import { expectNoSeriousViolations } from './support/axe';
import {
  putSpeciesOnDevice,
  serviceWorkerInControl,
  signedInMember,
  sightingsOnServer,
  signInThroughDialog,
} from './support/member';
import { present } from '../../src/test/present';

const robin = demoSpecies('Turdus migratorius');
const CAPE_TOWN = { latitude: -33.9249, longitude: 18.4241 };

test('a sighting edited on a phone of another region keeps its species, there and on the server', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // The desktop: no position, so the region is the United States.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await desktop.newPage();
  const member = await signedInMember(page, 'kept');
  await putSpeciesOnDevice(page, [robin]);
  await page.goto(`/species-observation/${robin.id}`);
  const main = page.getByRole('main');
  await expect(main.getByText('American Robin', { exact: true })).toBeVisible();
  await main.getByLabel(recordingTexts.sightingNote).fill('On the lawn after rain.');
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a5230' } })
    .jpeg()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await main.getByRole('button', { name: recordingTexts.sightingChoosePhotos }).click();
  await (await chooser).setFiles({ name: 'robin.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(main.getByRole('img', { name: /Photo 1/ })).toBeVisible();
  await main.getByRole('button', { name: recordingTexts.sightingSave, exact: true }).click();
  await expect(page.getByText(messages.observationCreated)).toBeVisible();
  // The sighting and its photo are uploaded (nothing left waiting).
  await expect(page.getByTestId('unsynced-count')).toBeHidden({ timeout: 30_000 });
  await expect
    .poll(async () => (await sightingsOnServer(page.request, member.token)).length, { timeout: 30_000 })
    .toBe(1);
  const [recorded] = await sightingsOnServer(page.request, member.token);
  expect(recorded?.data).toMatchObject({ species_id: robin.id, lifer: true });
  const sighting = present(recorded, 'the recorded sighting');
  // The photo goes up on its own queue, after the record: the counter may not have shown it yet
  // when the wait above ended. Closing this browser throws its device away, so the photo must be
  // on the server first (a public sighting's photo: anyone may fetch it).
  const [uploaded] = sighting.data.media as { path: string }[];
  const photoPath = present(uploaded, 'the sighting photo').path;
  await expect.poll(async () => (await page.request.get(photoPath)).status(), { timeout: 30_000 }).toBe(200);
  await desktop.close();

  // The phone: 390 px wide, in Cape Town, whose list (the Western Cape) has no robin.
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    permissions: ['geolocation'],
    geolocation: CAPE_TOWN,
  });
  const phone = await phoneContext.newPage();
  await phone.goto('/');
  await signInThroughDialog(phone, member);
  await serviceWorkerInControl(phone);
  const phoneMain = phone.getByRole('main');
  // The sign-in's initial fetch brings the sighting to the device; the list names its species,
  // fetched from the server since the Western Cape's list has no robin.
  await phone.goto('/observations');
  await expect(phoneMain.getByRole('listitem').filter({ hasText: 'American Robin' })).toHaveCount(1, {
    timeout: 30_000,
  });
  await phone.goto(`/species-observation/${robin.id}/${sighting.id}`);
  await expect(phoneMain.getByRole('heading', { level: 1, name: recordingTexts.editSighting })).toBeVisible();
  await expect(phoneMain.getByText('American Robin', { exact: true })).toBeVisible();
  await expect(phoneMain.getByText('Turdus migratorius', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(phone, 'editing a sighting of a species outside the region', 'main');

  await phoneMain.getByRole('button', { name: recordingTexts.sightingSave, exact: true }).click();
  await expect(phone.getByText(recordingTexts.sightingUpdated)).toBeVisible();
  await expect(phone.getByTestId('unsynced-count')).toBeHidden({ timeout: 30_000 });
  await expect
    .poll(async () => (await sightingsOnServer(phone.request, member.token))[0]?.rev, { timeout: 30_000 })
    .not.toBe(sighting.rev);
  const [saved] = await sightingsOnServer(phone.request, member.token);
  expect(saved?.data).toMatchObject({
    species_id: robin.id,
    taxa: sighting.data.taxa as object,
    lifer: true,
    note: 'On the lawn after rain.',
  });

  // Its species page opens from anywhere: online from the server, with the public sighting's photo,
  // then offline from the device.
  await phone.goto(`/species/${robin.id}`);
  await expect(phoneMain.getByRole('heading', { level: 1, name: 'American Robin' })).toBeVisible();
  await expect(phoneMain.getByRole('img', { name: 'American Robin (1)' })).toBeVisible();
  await expectNoSeriousViolations(phone, 'a species page opened from another region', 'main');
  await phoneContext.setOffline(true);
  await phone.reload();
  await expect(phoneMain.getByRole('heading', { level: 1, name: 'American Robin' })).toBeVisible();
  await phoneContext.close();
});
