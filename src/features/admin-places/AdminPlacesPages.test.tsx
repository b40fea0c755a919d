// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPlacesTexts as texts } from './adminPlacesTexts';
import { labels } from '../../app/labels';
import { messages } from '@contract/messages';
import type { Hotspot } from '@contract/places';
import { AppRoutes } from '../../app/router';
import { networkActions } from '../../app/networkSlice';
import { signedInState } from '../../test/factories';
import { fakeNetwork, type SentRequest } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { present } from '../../test/present';

const signedIn = (roles: string[]) => signedInState({ roles });
const admin = () => signedIn(['admin']);

function aPlace(id: string, name: string, extra: Partial<Hotspot> = {}): Hotspot {
  return {
    hotspot_id: id,
    name,
    description: '',
    location_id: null,
    location_name: null,
    latitude: -24,
    longitude: 31.5,
    radius_km: 5,
    has_boundary: false,
    boundary: null,
    habitat: [],
    likes: 0,
    rating: null,
    ratings: 0,
    ...extra,
  };
}

const sentWith = (sent: SentRequest[], method: string, path: string) =>
  sent.filter((request) => request.method === method && request.path.split('?')[0] === path);

beforeAll(async () => {
  await import('./pages'); // lazy pages: compile them once, outside the tests' waits
});

describe('every admin page of places, guides and locations needs role admin', () => {
  const routes = [
    '/admin-locations',
    '/admin-location-details/ZAF',
    '/admin-hotspots',
    '/admin-hotspot-details',
    '/admin-field-guide',
    '/admin-field-guide-details',
  ];
  it.each(routes)('%s refuses a member and a guest', async (route) => {
    for (const preloadedState of [signedIn(['member']), {}]) {
      const rendered = renderApp(<AppRoutes />, { route, preloadedState });
      const alerts = await screen.findAllByRole('alert');
      expect(alerts.some((alert) => alert.textContent.includes(messages.notAuthorised))).toBe(true);
      expect(screen.queryByRole('button', { name: texts.save })).toBeNull();
      expect(screen.queryByRole('textbox', { name: texts.searchPlaces })).toBeNull();
      expect(rendered.network.sent.filter((request) => request.path !== 'oauth/token')).toEqual([]);
      cleanup();
    }
  });
});

describe('the places table', () => {
  it('searches and pages through GET hotspots', async () => {
    const network = fakeNetwork();
    network.on('GET', 'hotspots', (request) => {
      const query = new URLSearchParams(request.path.split('?')[1]);
      const skip = Number(query.get('skip'));
      const count = query.get('search') === 'kru' ? 1 : skip === 0 ? 25 : 3;
      return {
        body: {
          status: 'success',
          hotspots: Array.from({ length: count }, (_, i) => aPlace(`p-${skip + i}`, `Place ${skip + i}`)),
        },
      };
    });
    renderApp(<AppRoutes />, { route: '/admin-hotspots', preloadedState: admin(), network });
    expect(await screen.findByRole('link', { name: 'Place 24' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: texts.nextPage }));
    expect(await screen.findByRole('link', { name: 'Place 27' })).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.nextPage })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByRole('searchbox', { name: texts.searchPlaces }), {
      target: { value: 'kru' },
    });
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: 'Place 27' })).toBeNull();
    });
    const last = present(sentWith(network.sent, 'GET', 'hotspots').at(-1));
    expect(last.path).toContain('search=kru');
    expect(last.path).toContain('skip=0');
    expect(screen.getByRole('link', { name: 'Place 0' }).getAttribute('href')).toBe(
      '/admin-hotspot-details/p-0',
    );
  });

  it('needs the network', async () => {
    const { store } = renderApp(<AppRoutes />, { route: '/admin-hotspots', preloadedState: admin() });
    store.dispatch(networkActions.wentOffline());
    const exactly = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    expect(await screen.findByText(messages.offline, exactly)).toBeTruthy();
  });
});

describe('creating a place', () => {
  it('names what is wrong under each field, sends nothing, and keeps what was typed after a refusal', async () => {
    const network = fakeNetwork();
    network.on('GET', 'hotspots/test-pan', {
      status: 404,
      body: { status: 'failed', reason: messages.hotspotNotFound },
    });
    network.on('PUT', 'hotspots/test-pan', {
      status: 400,
      body: {
        status: 'failed',
        reason: 'boundary.coordinates[0]: a boundary may not cross the antimeridian',
      },
    });
    renderApp(<AppRoutes />, { route: '/admin-hotspot-details', preloadedState: admin(), network });
    const save = await screen.findByRole('button', { name: texts.save });
    fireEvent.click(save);
    expect(await screen.findByText(texts.problemPlaceId)).toBeTruthy();
    expect(screen.getByText(texts.problemName)).toBeTruthy();
    expect(screen.getByText(texts.problemLatitude)).toBeTruthy();
    expect(network.sent.some((request) => request.method === 'PUT')).toBe(false);

    const typed: Record<string, string> = {
      [texts.fieldPlaceId]: 'test-pan',
      [texts.fieldName]: 'Test Pan',
      [texts.fieldLatitude]: '-24.5',
      [texts.fieldLongitude]: '31.5',
      [texts.fieldBoundary]: JSON.stringify({
        type: 'Polygon',
        coordinates: [
          [
            [31, -24],
            [32, -24],
            [32, -25],
            [31, -24],
          ],
        ],
      }),
    };
    for (const [label, value] of Object.entries(typed))
      fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
    expect(screen.getByRole('img', { name: texts.preview })).toBeTruthy();
    fireEvent.click(save);
    const reason = 'boundary.coordinates[0]: a boundary may not cross the antimeridian';
    await waitFor(() => {
      expect(screen.getAllByText(reason).length).toBe(2);
    }); // under the field and below the form
    for (const [label, value] of Object.entries(typed))
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: label }).value).toBe(value);
    expect(sentWith(network.sent, 'PUT', 'hotspots/test-pan')[0]?.body).toMatchObject({
      name: 'Test Pan',
      latitude: -24.5,
      longitude: 31.5,
      boundary: { type: 'Polygon' },
    });
  });

  it('refuses an id another place already has instead of replacing it', async () => {
    const network = fakeNetwork();
    network.on('GET', 'hotspots/kruger', {
      body: { status: 'success', hotspot: { ...aPlace('kruger', 'Kruger'), guides: [] } },
    });
    renderApp(<AppRoutes />, { route: '/admin-hotspot-details', preloadedState: admin(), network });
    for (const [label, value] of [
      [texts.fieldPlaceId, 'kruger'],
      [texts.fieldName, 'Another'],
      [texts.fieldLatitude, '1'],
      [texts.fieldLongitude, '2'],
    ] as const)
      fireEvent.change(await screen.findByRole('textbox', { name: label }), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText(/This id is already used by Kruger/)).toBeTruthy();
    expect(network.sent.some((request) => request.method === 'PUT')).toBe(false);
  });
});

describe("curating a place's species and guides", () => {
  it('removes a regular species and adds a guide through the picker', async () => {
    const network = fakeNetwork();
    const guide = { field_guide_id: '0b0e7c1e-5f1a-4c55-9a59-0c4b8e0a1d2f', name: 'Lowveld Guiding' };
    network.on('GET', 'hotspots/kruger', {
      body: { status: 'success', hotspot: { ...aPlace('kruger', 'Kruger'), guides: [] } },
    });
    network.on('GET', 'hotspots/kruger/species', {
      body: {
        status: 'success',
        species: [
          {
            species_id: 'lion',
            name: 'Lion',
            scientific_name: 'Panthera leo',
            group_id: 'mammals',
            regular: true,
            sightings: 0,
            last_seen: null,
          },
          {
            species_id: 'kudu',
            name: 'Kudu',
            scientific_name: 'Tragelaphus strepsiceros',
            group_id: 'mammals',
            regular: false,
            sightings: 2,
            last_seen: 1,
          },
        ],
      },
    });
    network.on('DELETE', 'hotspots/kruger/species', { body: { status: 'success' } });
    network.on('PUT', 'hotspots/kruger/guides', { body: { status: 'success' } });
    network.on('GET', 'field_guides/list', {
      body: {
        status: 'success',
        field_guides: [
          {
            ...guide,
            about: '',
            phone: '',
            email: '',
            website: '',
            languages: [],
            location_id: null,
            latitude: 0,
            longitude: 0,
            hotspots: 0,
          },
        ],
      },
    });
    renderApp(<AppRoutes />, { route: '/admin-hotspot-details/kruger', preloadedState: admin(), network });

    const regular = await screen.findByRole('list', { name: texts.regularSpecies });
    expect(within(regular).queryByText('Kudu')).toBeNull(); // seen there, not curated as regular
    fireEvent.click(within(regular).getByRole('button', { name: 'Remove Lion' }));
    await waitFor(() => {
      expect(sentWith(network.sent, 'DELETE', 'hotspots/kruger/species')[0]?.body).toEqual({
        species_id: 'lion',
      });
    });

    fireEvent.click(screen.getByRole('button', { name: texts.addGuide }));
    const picker = await screen.findByRole('dialog', { name: texts.pickGuide });
    fireEvent.click(await within(picker).findByText('Lowveld Guiding'));
    fireEvent.click(within(picker).getByRole('button', { name: messages.pickerOk }));
    await waitFor(() => {
      expect(sentWith(network.sent, 'PUT', 'hotspots/kruger/guides')[0]?.body).toEqual({
        field_guide_id: guide.field_guide_id,
      });
    });
  });
});

describe('field guides and locations', () => {
  it('creates a field guide with POST and opens it', async () => {
    const network = fakeNetwork();
    const id = '6d1f1d5e-2c39-4a8e-8d52-3f6b3f0f6a11';
    const created = {
      field_guide_id: id,
      name: 'Marsh Walks',
      about: '',
      phone: '',
      email: 'walks@example.org',
      website: '',
      languages: [],
      location_id: null,
      latitude: 1,
      longitude: 2,
      hotspots: 0,
      places: [],
    };
    network.on('POST', 'field_guides', { status: 201, body: { status: 'success', field_guide: created } });
    network.on('GET', `field_guides/${id}`, { body: { status: 'success', field_guide: created } });
    network.on('GET', `field_guides/${id}/species`, { body: { status: 'success', species: [] } });
    renderApp(<AppRoutes />, { route: '/admin-field-guide-details', preloadedState: admin(), network });
    for (const [label, value] of [
      [texts.fieldName, 'Marsh Walks'],
      [texts.fieldEmail, 'walks@example.org'],
      [texts.fieldBaseLatitude, '1'],
      [texts.fieldBaseLongitude, '2'],
    ] as const)
      fireEvent.change(await screen.findByRole('textbox', { name: label }), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByRole('region', { name: texts.guidePlaces })).toBeTruthy();
    expect(sentWith(network.sent, 'POST', 'field_guides')[0]?.body).toMatchObject({
      name: 'Marsh Walks',
      email: 'walks@example.org',
      latitude: 1,
      longitude: 2,
    });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: texts.fieldName }).value).toBe(
      'Marsh Walks',
    );
  });

  it("shows the server's reason when a location in use is not deleted", async () => {
    const network = fakeNetwork();
    const location = {
      id: 'ZAF',
      name: 'South Africa',
      type: 'country',
      parent_id: null,
      country_id: 'ZAF',
      latitude: -29,
      longitude: 25,
      names: { en: 'South Africa', de: 'Südafrika' },
      parent: null,
      children: [],
    };
    network.on('GET', 'locations/ZAF', { body: { status: 'success', location } });
    network.on('GET', 'taxa/classifications', {
      body: {
        status: 'success',
        location_id: 'ZAF',
        classifications: [
          {
            id: 'reptiles',
            name: 'Reptiles',
            active: true,
            coverage: 'world',
            classification: 'Reptiles',
            source: null,
            default: false,
            categories: [],
          },
        ],
      },
    });
    const reason = 'This location is still used by 9 regions, 3 places. Move or delete them first.';
    network.on('DELETE', 'locations/ZAF', { status: 409, body: { status: 'failed', reason } });
    renderApp(<AppRoutes />, { route: '/admin-location-details/ZAF', preloadedState: admin(), network });
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: texts.fieldNames })).value).toBe(
      'de: Südafrika',
    );
    expect(screen.getByRole('checkbox', { name: 'Reptiles' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: texts.delete }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete South Africa?' });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.delete }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: labels.locationDetails })).toBeTruthy();
  });
});
