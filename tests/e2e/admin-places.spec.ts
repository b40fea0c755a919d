/**
 * The admin pages of places, field guides and locations end to end (issue 15), in real Chromium
 * against the real server, signed in as the e2e administrator: a place is created with a boundary
 * (a refused save keeps what was typed), edited, found by members on /locations, linked to a new field guide, and
 * deleted after asking; the locations table opens a location with its animal groups. axe finds no
 * serious or critical violation on any of these pages.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminPlacesTexts as texts } from '../../src/features/admin-places/adminPlacesTexts';
import { labels } from '../../src/app/labels';
import { messages } from '../../src/contract/messages';
import { placeTexts } from '../../src/features/places/texts';
import { adminPage } from './support/admin';
import { expectNoSeriousViolations } from './support/axe';
import { present } from '../../src/test/present';

const suffix = Date.now().toString(36);
const placeId = `e2e-marsh-${suffix}`;
const placeName = `Heron Marsh ${suffix}`;
const boundary = {
  type: 'Polygon',
  coordinates: [
    [
      [18.45, -34.1],
      [18.5, -34.1],
      [18.5, -34.15],
      [18.45, -34.15],
      [18.45, -34.1],
    ],
  ],
};

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
}

async function toast(page: Page, text: string) {
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
}

test('an admin creates a place with a boundary, edits it, members find it, a guide works there, it is deleted', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await adminPage(browser);

  await page.goto('/admin-hotspots');
  await expect(page.getByRole('heading', { level: 1, name: labels.places })).toBeVisible();
  // The demo places seeded at start-up are listed.
  await expect(page.getByRole('table', { name: labels.places }).getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousViolations(page, 'the places table');

  await page.getByRole('link', { name: texts.newPlace }).click();
  await expect(page.getByRole('heading', { level: 1, name: labels.placeDetails })).toBeVisible();
  await fill(page, {
    [texts.fieldPlaceId]: placeId,
    [texts.fieldName]: placeName,
    [texts.fieldDescription]: 'A reed-fringed vlei south of Cape Town (an e2e test place).',
    [texts.fieldLatitude]: '-34.12',
    [texts.fieldLongitude]: '18.47',
    [texts.fieldHabitat]: 'wetland, reeds',
    // A ring that does not close: the form says so under the field, before anything is sent.
    [texts.fieldBoundary]: JSON.stringify({
      ...boundary,
      coordinates: [present(boundary.coordinates[0], 'the outer ring').slice(0, 4)],
    }),
  });
  await page.getByRole('button', { name: texts.save }).click();
  await expect(page.getByText(/^boundary\.coordinates\[0\]: the ring does not close/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: texts.fieldName, exact: true })).toHaveValue(placeName);
  await expectNoSeriousViolations(page, 'the place form with a refused boundary');

  await fill(page, { [texts.fieldBoundary]: JSON.stringify(boundary) });
  await expect(page.getByRole('img', { name: texts.preview })).toBeVisible();
  await page.getByRole('button', { name: texts.save }).click();
  await toast(page, texts.created);
  await expect(page).toHaveURL(new RegExp(`/admin-hotspot-details/${placeId}$`));
  await expect(page.getByRole('region', { name: texts.regularSpecies })).toBeVisible();
  await expectNoSeriousViolations(page, 'a saved place with its curation');

  // Edit: the new name is saved and the table shows it.
  await fill(page, { [texts.fieldName]: `${placeName} Reserve` });
  await page.getByRole('button', { name: texts.save }).click();
  await toast(page, texts.saved);
  await page.goto('/admin-hotspots');
  await page.getByRole('searchbox', { name: texts.searchPlaces }).fill(`Heron Marsh ${suffix}`);
  await expect(page.getByRole('link', { name: `${placeName} Reserve` })).toBeVisible();

  // Members find it on /locations by its name.
  await page.goto('/locations');
  await page.getByRole('searchbox', { name: placeTexts.searchPlaces }).fill(`Heron Marsh ${suffix}`);
  await expect(page.getByRole('link', { name: new RegExp(`${placeName} Reserve`) })).toBeVisible();

  // A field guide working there, created from its own page and linked from the guide's side.
  await page.goto('/admin-field-guide');
  await expect(page.getByRole('heading', { level: 1, name: labels.fieldGuides })).toBeVisible();
  await expectNoSeriousViolations(page, 'the field guides table');
  await page.getByRole('link', { name: texts.newGuide }).click();
  await fill(page, {
    [texts.fieldName]: `Vlei Walks ${suffix}`,
    [texts.fieldEmail]: 'walks@example.org',
    [texts.fieldBaseLatitude]: '-34.1',
    [texts.fieldBaseLongitude]: '18.46',
  });
  await page.getByRole('button', { name: texts.save }).click();
  await toast(page, texts.created);
  const places = page.getByRole('region', { name: texts.guidePlaces });
  await places.getByRole('button', { name: texts.addPlace }).click();
  const picker = page.getByRole('dialog', { name: texts.pickPlace });
  await picker.getByRole('searchbox').fill(`Heron Marsh ${suffix}`);
  // Ticked before OK: a click on the list while the search replaces it may tick nothing.
  await expect(async () => {
    await picker.getByLabel(`${placeName} Reserve`).check({ timeout: 5_000 });
  }).toPass();
  await picker.getByRole('button', { name: messages.pickerOk }).click();
  await expect(places.getByText(`${placeName} Reserve`)).toBeVisible();
  await expectNoSeriousViolations(page, 'a field guide with a place');

  await page.goto(`/admin-hotspot-details/${placeId}`);
  await expect(
    page.getByRole('region', { name: texts.guidesHere }).getByText(`Vlei Walks ${suffix}`),
  ).toBeVisible();

  // Delete after asking: gone from the table.
  await page.getByRole('button', { name: texts.delete }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${placeName} Reserve?` });
  await expectNoSeriousViolations(page, 'the delete confirmation');
  await confirm.getByRole('button', { name: texts.delete }).click();
  await expect(page).toHaveURL(/\/admin-hotspots$/);
  await page.getByRole('searchbox', { name: texts.searchPlaces }).fill(`Heron Marsh ${suffix}`);
  await expect(page.getByText(texts.noPlaces)).toBeVisible();
  await page.context().close();
});

test('the locations table opens a location with its names and animal groups', async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto('/admin-locations');
  await expect(page.getByRole('heading', { level: 1, name: labels.locations })).toBeVisible();
  await page.getByRole('searchbox', { name: texts.searchLocations }).fill('South Africa');
  await page.getByRole('link', { name: 'South Africa', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: labels.locationDetails })).toBeVisible();
  await expect(page.getByRole('textbox', { name: texts.fieldName, exact: true })).toHaveValue('South Africa');
  await expect(page.getByRole('checkbox').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'a location');

  // In use (its regions and places name it): the server's reason is shown, nothing is lost.
  await page.getByRole('button', { name: texts.delete }).click();
  await page
    .getByRole('dialog', { name: 'Delete South Africa?' })
    .getByRole('button', { name: texts.delete })
    .click();
  await expect(page.getByText(/This location is still used by/).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: texts.fieldName, exact: true })).toHaveValue('South Africa');
  await page.context().close();
});
