// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { labels } from '../../../app/labels';
import { messages } from '@contract/messages';
import type { Species } from '@contract/species';
import { AppRoutes } from '../../../app/router';
import { networkActions } from '../../../app/networkSlice';
import type { SpeciesRow } from '../../../db/rows';
import { signedInState } from '../../../test/factories';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderApp } from '../../../test/renderApp';
import { speciesTexts } from '../speciesTexts';
import { demoSpecies } from '../testSpecies';

const bluebuck = demoSpecies('Hippotragus leucophaeus');

/** The API's shape of a demo species (what GET species/{id} answers). */
function speciesOf(row: SpeciesRow): Species {
  const { id, location_ids: _ids, tokens: _tokens, rev: _rev, ...fields } = row;
  return { _id: id, ...fields };
}

const signedIn = (roles: string[], permissions: Record<string, ('r' | 'c')[]> = {}) =>
  signedInState({ roles, permissions }, 'wren@example.org');

beforeAll(async () => {
  await import('./SpeciesEditPage'); // lazy page: compile it once, outside the tests' waits
});

describe('the species editor page', () => {
  it('is refused to a member without the permission', async () => {
    renderApp(<AppRoutes />, {
      route: `/species-details-edit/${bluebuck.id}`,
      preloadedState: signedIn(['member']),
    });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((alert) => alert.textContent.includes(messages.notAuthorised))).toBe(true);
    expect(screen.queryByRole('heading', { name: labels.speciesEdit })).toBeNull();
  });

  it('explains to a species-admin:c holder where new species come from', async () => {
    renderApp(<AppRoutes />, {
      route: '/species-details-edit',
      preloadedState: signedIn(['member'], { 'species-admin': ['c'] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: labels.speciesEdit })).toBeTruthy();
    expect(screen.getByText(speciesTexts.speciesEditNoCreate)).toBeTruthy();
    expect(screen.queryByRole('button', { name: speciesTexts.speciesEditSave })).toBeNull();
  });

  it('loads the species from the server and saves only what changed', async () => {
    const network = fakeNetwork();
    network.on('GET', `species/${bluebuck.id}`, {
      body: { status: 'success', species: speciesOf(bluebuck), observations: [] },
    });
    network.on('PUT', `species/${bluebuck.id}`, (request) => ({
      body: {
        status: 'success',
        species: { ...speciesOf(bluebuck), names: { ...bluebuck.names, pt: 'Palanca-azul' } },
        sent: request.body,
      },
    }));
    renderApp(<AppRoutes />, {
      route: `/species-details-edit/${bluebuck.id}`,
      preloadedState: signedIn(['member'], { 'species-admin': ['r'] }),
      network,
    });

    const portuguese = await screen.findByRole('textbox', { name: 'Portuguese (pt)' });
    expect((portuguese as HTMLInputElement).value).toBe('Antílope-azul');
    expect(screen.getByRole('switch', { name: speciesTexts.speciesExtinct })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: 'In Mammals (All)' })).toHaveProperty('checked', true);

    fireEvent.change(portuguese, { target: { value: 'Palanca-azul' } });
    fireEvent.click(screen.getByRole('button', { name: speciesTexts.speciesEditSave }));
    await waitFor(() => {
      expect(network.sent.find((request) => request.method === 'PUT')?.body).toEqual({
        names: { pt: 'Palanca-azul' },
      });
    });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((alert) => alert.textContent.includes(speciesTexts.speciesEditSaved))).toBe(true);
  });

  it('shows what is wrong before sending anything', async () => {
    const network = fakeNetwork();
    network.on('GET', `species/${bluebuck.id}`, {
      body: { status: 'success', species: speciesOf(bluebuck), observations: [] },
    });
    renderApp(<AppRoutes />, {
      route: `/species-details-edit/${bluebuck.id}`,
      preloadedState: signedIn(['admin']),
      network,
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'English (en)' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: speciesTexts.speciesEditSave }));
    const form = screen
      .getByRole('button', { name: speciesTexts.speciesEditSave })
      .closest('form') as HTMLElement;
    expect(await within(form).findByText(speciesTexts.speciesEditEnglishRequired)).toBeTruthy();
    expect(network.sent.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('needs the network', async () => {
    const { store } = renderApp(<AppRoutes />, {
      route: `/species-details-edit/${bluebuck.id}`,
      preloadedState: signedIn(['admin']),
    });
    store.dispatch(networkActions.wentOffline());
    // The spec's message has two spaces after the full stop: compare it as it is.
    const exactly = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    expect(await screen.findByText(messages.offline, exactly)).toBeTruthy();
  });
});
