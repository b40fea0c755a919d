// @vitest-environment happy-dom
/**
 * The Report action on another member's public sighting (issue 18): a signed-in member reports it
 * from the public list (section observation, the sighting's id); a guest is not offered it.
 */
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reportActionTexts } from '../../reports/texts';
import { sightingTexts } from '../texts';
import { db } from '../../../db/db';
import { aSignedInSession } from '../../../test/factories';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderApp } from '../../../test/renderApp';
import { aPublicSighting, localSeconds, resetMemberData } from '../../../test/sightings';
import { demoSpecies } from '../../species/testSpecies';
import { observationRoutes } from '../routes';

const robin = demoSpecies('Turdus migratorius');
const session = aSignedInSession();

beforeAll(async () => {
  await import('./ObservationsPage'); // the page is lazy: compile it once, outside the tests' waits
});

beforeEach(async () => {
  await resetMemberData(db, [robin]);
  await db.outbox.clear();
});

function renderPublicList(guest: boolean) {
  const network = fakeNetwork();
  network.on('GET', `species/${robin.id}/observations`, {
    body: {
      status: 'success',
      observations: [aPublicSighting('u-2', 'theirs', robin, localSeconds(2026, 2, 1))],
    },
  });
  network.on('POST', 'report_issue/create', { body: { status: 'success', created: true } });
  renderApp(
    <Routes>
      {observationRoutes.map((entry) => (
        <Route key={entry.path} path={entry.path} element={entry.element} />
      ))}
    </Routes>,
    {
      route: `/observations?tab=public&species=${robin.id}`,
      network,
      ...(guest ? {} : { preloadedState: { session } }),
    },
  );
  return network;
}

describe('reporting a public sighting', () => {
  it('sends the report of another member’s sighting', async () => {
    const network = renderPublicList(false);
    const list = await screen.findByRole('list', { name: sightingTexts.sightingsPublic });
    fireEvent.click(await within(list).findByRole('button', { name: 'Report this sighting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this sighting' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Wrong identification' }));
    fireEvent.click(within(dialog).getByRole('button', { name: reportActionTexts.send }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(network.sent.find((request) => request.path === 'report_issue/create')?.body).toEqual({
      section: 'observation',
      id: 'theirs',
      user_id: session.user?.user_id,
      category: 'wrong_identification',
      description: '',
    });
  });

  it('is not offered to a guest', async () => {
    renderPublicList(true);
    fireEvent.change(await screen.findByRole('combobox', { name: sightingTexts.sightingsFilterSpecies }), {
      target: { value: 'robin' },
    });
    fireEvent.click(await screen.findByRole('option', { name: 'American Robin' }));
    const list = await screen.findByRole('list', { name: sightingTexts.sightingsPublic });
    expect(await within(list).findByRole('link', { name: /Observer's profile/ })).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Report this sighting' })).toBeNull();
  });
});
