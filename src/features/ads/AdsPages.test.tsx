// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ad } from '@contract/ads';
import { adsTexts as texts } from './adsTexts';
import { labels } from '../../app/labels';
import { messages } from '@contract/messages';
import type { Permissions } from '@contract/permissions';
import { AppRoutes } from '../../app/router';
import { signedInState } from '../../test/factories';
import { apiCalls, fakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { present } from '../../test/present';

const signedIn = (roles: string[], permissions: Permissions = {}) => signedInState({ roles, permissions });
const adsAdmin = () => signedIn(['member'], { 'admin-ads': ['r', 'c', 'u', 'd'] });
const AD_ID = '3c9a1f0e-2b4d-4e6f-8a1b-2c3d4e5f6a7b';
const NEW_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

function anAd(extra: Partial<Ad> = {}): Ad {
  return {
    id: AD_ID,
    title: 'Binoculars on sale',
    text: 'Bright 8x42 glasses',
    image: null,
    link: 'https://optics.example.com/sale',
    placements: ['newsfeed'],
    regions: ['ZAF'],
    starts_at: null,
    ends_at: null,
    active: true,
    latitude: null,
    longitude: null,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
    ...extra,
  };
}

beforeAll(async () => {
  await import('./pages'); // lazy pages: compile them once, outside the tests' waits
});
afterEach(() => vi.restoreAllMocks());

describe('the ads pages refuse whoever lacks the permission (route guard, SPEC §5, §6)', () => {
  const cases: Array<[string, Permissions]> = [
    ['/admin-ads', { 'admin-cms': ['r'] }],
    [`/admin-ads-detail/${AD_ID}`, { 'admin-help': ['r'] }],
    // A new ad needs admin-ads:c; reading ads is not enough.
    ['/admin-ads-detail', { 'admin-ads': ['r'] }],
  ];
  it.each(cases)(
    '%s refuses a member, a member holding another permission, and a guest, with no call sent',
    async (route, other) => {
      for (const preloadedState of [signedIn(['member']), signedIn(['member'], other), {}]) {
        const rendered = renderApp(<AppRoutes />, { route, preloadedState });
        const alerts = await screen.findAllByRole('alert');
        expect(alerts.some((alert) => alert.textContent.includes(messages.notAuthorised))).toBe(true);
        expect(screen.queryByRole('button', { name: texts.save })).toBeNull();
        expect(screen.queryByRole('table')).toBeNull();
        expect(apiCalls(rendered.network)).toEqual([]);
        cleanup();
      }
    },
  );

  it("shows the server's refusal (403 envelope) and offers no new ad without admin-ads:c", async () => {
    const network = fakeNetwork();
    network.on('GET', 'ads', { status: 403, body: { status: 'failed', reason: messages.notAuthorised } });
    renderApp(<AppRoutes />, {
      route: '/admin-ads',
      preloadedState: signedIn(['member'], { 'admin-ads': ['r'] }),
      network,
    });
    expect(await screen.findByText(messages.notAuthorised)).toBeTruthy();
    expect(screen.queryByRole('link', { name: texts.newAd })).toBeNull();
  });
});

describe('/admin-ads', () => {
  it('lists every ad in pages of 25, searchable, each opening its detail', async () => {
    const network = fakeNetwork();
    const ads = Array.from({ length: 30 }, (_, index) =>
      anAd({
        id: `3c9a1f0e-2b4d-4e6f-8a1b-2c3d4e5f6a${String(index).padStart(2, '0')}`,
        title: index === 27 ? 'Owl nest boxes' : `Binoculars ${index + 1}`,
      }),
    );
    network.on('GET', 'ads', { body: { status: 'success', ads } });
    renderApp(<AppRoutes />, { route: '/admin-ads', preloadedState: adsAdmin(), network });
    const table = await screen.findByRole('table', { name: labels.ads });
    expect(within(table).getAllByRole('link')).toHaveLength(25);
    expect(network.sent.find((request) => request.path.startsWith('ads'))?.path).toBe('ads?include_all=true');
    expect(screen.getByRole('link', { name: texts.newAd })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      expect(within(table).getAllByRole('link')).toHaveLength(5);
    });

    fireEvent.change(screen.getByRole('searchbox', { name: texts.searchAds }), { target: { value: 'owl' } });
    await waitFor(() => {
      expect(within(table).getAllByRole('link')).toHaveLength(1);
    });
    const link = within(table).getByRole('link', { name: 'Owl nest boxes' });
    expect(link.getAttribute('href')).toBe(`/admin-ads-detail/${present(ads[27]).id}`);
    expect(within(table).getAllByText('ZAF')).toHaveLength(1);
  });
});

describe('/admin-ads-detail', () => {
  const typeInto = (label: string, value: string) =>
    fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

  it('shows each problem under its field, and keeps what was typed when the server refuses', async () => {
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(NEW_ID);
    const network = fakeNetwork();
    network.on('PUT', `ads/${NEW_ID}`, {
      status: 400,
      body: { status: 'failed', reason: messages.adDatesOrder },
    });
    renderApp(<AppRoutes />, { route: '/admin-ads-detail', preloadedState: adsAdmin(), network });
    const save = await screen.findByRole('button', { name: texts.save });

    typeInto(texts.fieldLink, 'javascript:alert(1)');
    fireEvent.click(screen.getByRole('checkbox', { name: texts.placementNames.map }));
    fireEvent.click(save);
    expect(await screen.findByText(texts.fixFields)).toBeTruthy();
    const titleField = screen.getByRole('textbox', { name: new RegExp(texts.fieldTitle) });
    expect(titleField.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(texts.problemTitle)).toBeTruthy();
    expect(screen.getByText(texts.problemUrl)).toBeTruthy();
    expect(screen.getAllByText(texts.problemMapPoint)).toHaveLength(2);
    expect(network.sent.some((request) => request.method === 'PUT')).toBe(false);

    // An http link passes the contract but the app opens only https ones.
    typeInto(texts.fieldLink, 'http://optics.example.com');
    fireEvent.click(screen.getByRole('checkbox', { name: texts.placementNames.map }));
    fireEvent.click(save);
    expect(await screen.findByText(texts.problemHttps)).toBeTruthy();

    const typed = {
      [texts.fieldTitle]: 'Binoculars on sale',
      [texts.fieldText]: 'Bright 8x42 glasses',
      [texts.fieldLink]: 'https://optics.example.com/sale',
      [texts.fieldRegions]: 'ZAF, USA',
    };
    for (const [label, value] of Object.entries(typed)) typeInto(label, value);
    fireEvent.change(screen.getByLabelText(texts.fieldStarts), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText(texts.fieldEnds), { target: { value: '2026-12-31' } });
    fireEvent.click(save);
    expect(await screen.findByText(new RegExp(messages.adDatesOrder))).toBeTruthy();
    for (const [label, value] of Object.entries(typed))
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: label }).value).toBe(value);
    const put = present(
      network.sent.find((request) => request.method === 'PUT'),
      'the PUT request',
    );
    expect(put.body).toEqual({
      title: 'Binoculars on sale',
      text: 'Bright 8x42 glasses',
      image: null,
      link: 'https://optics.example.com/sale',
      placements: ['newsfeed'],
      regions: ['ZAF', 'USA'],
      starts_at: Date.UTC(2026, 11, 1) / 1000,
      ends_at: Date.UTC(2027, 0, 1) / 1000 - 1,
      active: true,
      latitude: null,
      longitude: null,
    });
  });

  it('shows a saved ad with its stats per day, and deletes it only after asking', async () => {
    const network = fakeNetwork();
    network.on('GET', `ads/${AD_ID}`, { body: { status: 'success', ad: anAd() } });
    const day = { impressions: 12, views: 5, view_time: 7_400, viewers: 4, clicks: 2, scrollbys: 1 };
    network.on('GET', `ads/${AD_ID}/stats`, {
      body: { status: 'success', days: [{ day: '2026-11-27', ...day }], totals: day },
    });
    network.on('DELETE', `ads/${AD_ID}`, { body: { status: 'success' } });
    network.on('GET', 'ads', { body: { status: 'success', ads: [] } });
    renderApp(<AppRoutes />, { route: `/admin-ads-detail/${AD_ID}`, preloadedState: adsAdmin(), network });

    const stats = await screen.findByRole('table', { name: texts.statsTitle });
    const row = within(stats).getByRole('row', { name: /2026-11-27/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12', '5', '7', '2']);
    expect(
      screen.getByRole<HTMLInputElement>('textbox', { name: new RegExp(texts.fieldRegions) }).value,
    ).toBe('ZAF');

    fireEvent.click(screen.getByRole('button', { name: texts.delete }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Binoculars on sale?' });
    expect(network.sent.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: texts.delete }));
    expect(await screen.findByText(texts.noAds)).toBeTruthy();
    expect(network.sent.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });
});

describe('/newsfeed-ad-view', () => {
  it('shows the ad labelled Sponsored to a guest, opens the https link safely and counts the click', async () => {
    const network = fakeNetwork();
    network.on('GET', `ads/impression/${AD_ID}`, {
      body: { status: 'success', ad: { ...anAd(), sponsored: true } },
    });
    network.on('PUT', `ads/${AD_ID}/view/card-view-1`, { body: { status: 'success' } });
    renderApp(<AppRoutes />, { route: `/newsfeed-ad-view?ad_id=${AD_ID}&view=card-view-1`, network });
    expect(await screen.findByRole('heading', { level: 2, name: 'Binoculars on sale' })).toBeTruthy();
    expect(screen.getByText(texts.sponsored)).toBeTruthy();
    const visit = screen.getByRole('link', { name: texts.visit });
    expect(visit.getAttribute('href')).toBe('https://optics.example.com/sale');
    expect(visit.getAttribute('target')).toBe('_blank');
    expect(visit.getAttribute('rel')).toBe('noopener noreferrer sponsored');
    // The browser would open a new tab; the test environment would really fetch the address.
    visit.addEventListener('click', (event) => {
      event.preventDefault();
    });
    fireEvent.click(visit);
    await waitFor(() => {
      expect(network.sent.some((request) => request.method === 'PUT')).toBe(true);
    });
    expect(
      present(
        network.sent.find((request) => request.method === 'PUT'),
        'the PUT request',
      ).body,
    ).toMatchObject({
      views: 0,
      view_time: 0,
      clicked: true,
    });
  });

  it('says so when the ad no longer runs', async () => {
    const network = fakeNetwork();
    network.on('GET', `ads/impression/${AD_ID}`, { body: { status: 'success', ad: null } });
    renderApp(<AppRoutes />, { route: `/newsfeed-ad-view?ad_id=${AD_ID}`, network });
    expect(await screen.findByText(texts.adGone)).toBeTruthy();
  });
});
