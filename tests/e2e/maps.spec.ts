/**
 * The maps end to end, in real Chromium (WebGL through SwiftShader) against the real server and
 * the built PWA:
 * - a guest on /global-map gets the offline basemap and an honest sign-in prompt;
 * - a member's sightings, written through the API (PUT species/{id}/observations), reach the device
 *   by the app's own sync at sign-in; with the network cut, /global-map starts from the precache
 *   (MapLibre chunk, worker .mjs and basemap), draws the two visible sightings as one cluster,
 *   a click on it zooms in, and a click on one sighting opens its panel with a link to it;
 * - /species-map?species_id= shows only that species, and a sighting saved in another tab (offline)
 *   reaches it without a reload;
 * - axe (no serious or critical violation) on both.
 *
 * Nothing global is exposed to find the map's state: the container's data attributes
 * (data-map-state, data-basemap, data-zoom, set on MapLibre's 'idle') and the page's summary text.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { labels } from '../../src/app/labels';
import { recordingTexts } from '../../src/features/observations/texts';
import { FIT_MAX_ZOOM } from '../../src/features/map/camera';
import { mapSummaryOf, mapTexts } from '../../src/features/map/texts';
import { messages } from '../../src/contract/messages';
import { demoSpecies } from '../../src/features/species/testSpecies';
import { expectNoSeriousViolations } from './support/axe';
import {
  putObservation,
  putSpeciesOnDevice,
  registerMember,
  serviceWorkerInControl,
  signInThroughDialog,
} from './support/member';

const BALD_EAGLE = 'avibase-fed3756c'; // in the demo extract
const WHITE_TAILED_DEER = 'mdd-1006302';
/** Near Ellensburg, Washington; the second eagle 0.01° east of the first (GeoJSON order). */
const ELLENSBURG: [number, number] = [-120.5481, 46.9965];
const EAST_OF_ELLENSBURG: [number, number] = [-120.5381, 46.9965];
const JAN_2026 = 1_767_225_600;

/** The map's outer element, which carries its state. */
const mapOf = (page: Page): Locator => page.locator('[data-map-state]');

/** A new member (through the API), with three sightings written through the observation calls. */
async function memberWithSightings(page: Page) {
  const member = await registerMember(page.request, 'maps');
  const put = (speciesId: string, body: object) => putObservation(page.request, member, speciesId, body);
  const { stamp } = member;
  const id = (name: string) => `${name}-${stamp}`;
  // The first eagle is the lifer (the earlier date); the deer's place is hidden, so no map draws it.
  await put(BALD_EAGLE, {
    observation_id: id('eagle-1'),
    date: JAN_2026,
    coordinate: { type: 'Point', coordinates: ELLENSBURG },
  });
  await put(BALD_EAGLE, {
    observation_id: id('eagle-2'),
    date: JAN_2026 + 86_400,
    coordinate: { type: 'Point', coordinates: EAST_OF_ELLENSBURG },
  });
  await put(WHITE_TAILED_DEER, {
    observation_id: id('deer-1'),
    date: JAN_2026,
    coordinate: { type: 'Point', coordinates: ELLENSBURG },
    coordinate_hidden: true,
  });
  return { ...member, ids: { eagle1: id('eagle-1'), eagle2: id('eagle-2') } };
}

/** Waits until the map rests with its basemap drawn; answers its zoom. */
async function mapAtRest(page: Page): Promise<number> {
  const map = mapOf(page);
  await expect(map).toHaveAttribute('data-map-state', 'idle', { timeout: 30_000 });
  await expect(map).toHaveAttribute('data-basemap', 'loaded');
  return Number(await map.getAttribute('data-zoom'));
}

test('a guest on /global-map sees the offline basemap and an honest sign-in prompt', async ({ page }) => {
  await page.goto('/global-map');
  await expect(page.getByRole('heading', { level: 1, name: labels.globalMap })).toBeVisible();
  await mapAtRest(page);
  await expect(mapOf(page)).toHaveAttribute('data-sightings', '0');
  await expect(page.getByRole('region', { name: mapTexts.mapOfYourSightings })).toBeVisible();
  await expect(mapOf(page).getByText(mapTexts.mapGuest)).toBeVisible();
  await expectNoSeriousViolations(page, 'the global map, signed out');
  await mapOf(page).getByRole('button', { name: messages.signIn, exact: true }).click();
  await expect(page.getByRole('dialog', { name: messages.signInTitle })).toBeVisible();
});

test("a member's synced sightings show on /global-map offline: a cluster zooms in, a sighting opens", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const member = await memberWithSightings(page);
  await page.goto('/');
  await signInThroughDialog(page, member);
  // The map's chunk, its worker and the basemap are in the precache once the worker controls the page.
  await serviceWorkerInControl(page);

  await page.goto('/global-map');
  const summary = mapSummaryOf(2, 1);
  // The sign-in's initial fetch brings the sightings; the live query then feeds the map.
  await expect(page.getByRole('status').filter({ hasText: summary })).toBeVisible({ timeout: 30_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: labels.globalMap })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: summary })).toBeVisible();
  await expect(mapOf(page)).toHaveAttribute('data-sightings', '2');
  const fittedZoom = await mapAtRest(page);
  // Two sightings 0.01° apart: the fit stops where the outlines still show the country.
  expect(fittedZoom).toBeLessThanOrEqual(FIT_MAX_ZOOM.outlines);
  await expect(page.getByRole('link', { name: mapTexts.mapListLink })).toHaveAttribute(
    'href',
    '/observations',
  );
  await expectNoSeriousViolations(page, 'the global map with sightings');

  // The map fits the two eagles, 0.01° apart: they are one cluster in the middle. Zoomed in with
  // the buttons first (around the middle): a tile at the fit's zoom places the cluster only to
  // ~0.005°, too coarse for the clicks on each eagle below.
  const zoomIn = page.getByRole('button', { name: mapTexts.mapZoomIn });
  let startZoom = fittedZoom;
  while (startZoom < 9) {
    const before = startZoom;
    await zoomIn.click();
    await expect
      .poll(async () => Number(await mapOf(page).getAttribute('data-zoom')), { timeout: 15_000 })
      .toBeGreaterThan(before + 0.5);
    startZoom = await mapAtRest(page);
  }
  const canvas = page.getByRole('region', { name: mapTexts.mapOfYourSightings });
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the map has no box');
  const middle = { x: box.width / 2, y: box.height / 2 };
  await canvas.click({ position: middle });
  await expect
    .poll(async () => Number(await mapOf(page).getAttribute('data-zoom')), { timeout: 15_000 })
    .toBeGreaterThan(startZoom + 0.5);
  const zoom = await mapAtRest(page);

  // Zoomed in on the cluster's centre, each eagle is half their distance either side of it
  // (Web Mercator: 512·2^zoom pixels per 360° of longitude).
  const halfApart = ((0.01 / 360) * 512 * 2 ** zoom) / 2;
  await canvas.click({ position: { x: middle.x + halfApart, y: middle.y } });
  const panel = page.getByRole('region', { name: mapTexts.mapSightingTitle });
  await expect(panel.getByRole('heading', { name: /Bald Eagle|Haliaeetus leucocephalus/ })).toBeVisible();
  await expect(panel.getByText(mapTexts.mapLifer)).toHaveCount(0);
  await expect(panel.getByRole('link', { name: mapTexts.mapOpenSighting })).toHaveAttribute(
    'href',
    `/species-observation/${BALD_EAGLE}/${member.ids.eagle2}`,
  );

  await canvas.click({ position: { x: middle.x - halfApart, y: middle.y } });
  await expect(panel.getByText(mapTexts.mapLifer)).toBeVisible();
  await expect(panel.getByRole('link', { name: mapTexts.mapOpenSighting })).toHaveAttribute(
    'href',
    `/species-observation/${BALD_EAGLE}/${member.ids.eagle1}`,
  );
  await expectNoSeriousViolations(page, 'the global map with a sighting open');

  // One species: the deer's only sighting has a hidden place, so its map has nothing to draw.
  await page.goto(`/species-map?species_id=${WHITE_TAILED_DEER}`);
  await expect(page.getByRole('heading', { level: 1, name: labels.speciesMap })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: mapTexts.mapSummaryNone })).toBeVisible();
  await page.goto(`/species-map?species_id=${BALD_EAGLE}`);
  await expect(page.getByRole('status').filter({ hasText: summary })).toBeVisible();
  await mapAtRest(page);
  await expectNoSeriousViolations(page, 'the species map');

  // A quick record in another tab, still offline: the open map follows without a reload.
  await putSpeciesOnDevice(page, [demoSpecies('Haliaeetus leucocephalus')]);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 46.9965, longitude: -120.5281, accuracy: 8 });
  const other = await context.newPage();
  await other.goto(`/species/${BALD_EAGLE}`);
  await other.getByRole('main').getByRole('button', { name: recordingTexts.quickRecord }).click();
  await expect(other.getByText(messages.observationCreated)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: mapSummaryOf(3, 1) })).toBeVisible({
    timeout: 15_000,
  });
  await expect(mapOf(page)).toHaveAttribute('data-sightings', '3');
  await mapAtRest(page);
  await other.close();
  await context.setOffline(false);
});
