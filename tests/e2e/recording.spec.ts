/**
 * Recording sightings end to end, in real Chromium against the real server and the built PWA:
 * - a member opens the form for a species (the demo Bald Eagle, put on the device as the species
 *   sync would), the browser's position fills it (graded accuracy), a date far ahead is refused
 *   with its message, then the sighting is saved and the species page lists it as a lifer;
 * - Quick Record on the species page adds a second one at once;
 * - the first is opened, and deleted after the confirmation;
 * - axe (no serious or critical violation) on the form, its problem list, the species page with
 *   the member's sightings, and the delete dialog.
 */
import { expect, test } from '@playwright/test';
import { labels } from '../../src/app/labels';
import { recordingTexts } from '../../src/features/observations/texts';
import { messages } from '../../src/contract/messages';
import { demoSpecies } from '../../src/features/species/testSpecies';
import { expectNoSeriousViolations } from './support/axe';
import { putSpeciesOnDevice, signedInMember } from './support/member';

const baldEagle = demoSpecies('Haliaeetus leucocephalus');

test('record a sighting with the device position, quick record another, delete the first', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 46.9965123456, longitude: -120.5481987654, accuracy: 15 });
  await signedInMember(page, 'recorder');
  await putSpeciesOnDevice(page, [baldEagle]);

  await page.goto(`/species-observation/${baldEagle.id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: labels.recordSighting })).toBeVisible();
  await expect(main.getByText('Bald Eagle', { exact: true })).toBeVisible();
  await expect(main.getByText(/accurate to 15 m \(good\)/)).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousViolations(page, 'the recording form', 'main');

  await main.getByLabel(recordingTexts.sightingDate).fill('2999-01-01T10:00');
  await main.getByRole('button', { name: recordingTexts.sightingSave, exact: true }).click();
  await expect(main.getByText(recordingTexts.sightingDateFuture).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'the form with its problems', 'main');

  await main.getByLabel(recordingTexts.sightingDate).fill('2026-01-10T09:30');
  await main.getByLabel(recordingTexts.sightingNote).fill('Over the Yakima River.');
  await main.getByRole('button', { name: recordingTexts.sightingSave, exact: true }).click();
  // The toast (3 s) comes with the save; the species page may take longer to draw while the
  // region's species sync holds the species table (seen at 4.3 s on a loaded machine).
  await expect(page.getByText(messages.observationCreated)).toBeVisible();
  await expect(main.getByRole('heading', { level: 1, name: 'Bald Eagle' })).toBeVisible();
  const mine = main.getByRole('region', { name: recordingTexts.sightingYourRecent });
  await expect(mine.getByRole('listitem')).toHaveCount(1);
  await expect(mine).toContainText(recordingTexts.sightingLifer);
  await expectNoSeriousViolations(page, 'the species page with my sightings', 'main');

  await main.getByRole('button', { name: recordingTexts.quickRecord }).click();
  await expect(page.getByText(messages.observationCreated)).toBeVisible();
  await expect(mine.getByRole('listitem')).toHaveCount(2);

  // The older one (the form's, 10 January 2026) is listed last.
  await mine.getByRole('link').last().click();
  await expect(main.getByRole('heading', { level: 1, name: recordingTexts.editSighting })).toBeVisible();
  await expect(main.getByLabel(recordingTexts.sightingNote)).toHaveValue('Over the Yakima River.');
  await main.getByRole('button', { name: recordingTexts.sightingDelete }).click();
  const confirm = page.getByRole('dialog', { name: recordingTexts.sightingDeleteTitle });
  await expect(confirm).toBeVisible();
  await expectNoSeriousViolations(page, 'the delete confirmation', '[role="dialog"]');
  await confirm.getByRole('button', { name: recordingTexts.sightingDeleteConfirm }).click();
  await expect(page.getByText(recordingTexts.sightingDeleted)).toBeVisible();
});
