// @vitest-environment happy-dom
/**
 * The Report action on /image-view (issue 18): another member's photo and the public sighting it
 * belongs to can each be reported; one's own cannot.
 */
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reportActionTexts } from '../reports/texts';
import type { MediaMetaResponse } from '@contract/media';
import { AppRoutes } from '../../app/router';
import { db } from '../../db/db';
import { aSignedInSession } from '../../test/factories';
import { fakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { imageViewPath } from './imageViewPath';

const MEDIA = '5f0c2b1e-8d3a-4c5e-9f10-1a2b3c4d5e6f';
const session = aSignedInSession();
const ME = session.user?.user_id ?? '';

function meta(owner: string): MediaMetaResponse {
  return {
    status: 'success',
    media: {
      media_id: MEDIA,
      path: `/api/v1.0/media/${MEDIA}/original.jpg`,
      thumbnail: `/api/v1.0/media/${MEDIA}/thumbnail.webp`,
      width: 800,
      height: 600,
      observation_id: 'obs-1',
      photo_name: 'Great blue heron',
      user_id: owner,
      category: 'observation',
      created_at: 1_795_355_000,
    },
    comment_count: 0,
    like_count: 0,
    liked: false,
    comments: [],
    likes: [],
  };
}

beforeAll(async () => {
  await import('./ImageViewPage'); // lazy: compile it once, outside the tests' waits
  await import('../../app/routes/AppPages');
});

beforeEach(async () => {
  await db.outbox.clear();
});

function renderView(owner: string) {
  const network = fakeNetwork();
  network.on('GET', `media/${MEDIA}/meta`, { body: meta(owner) });
  network.on('POST', 'report_issue/create', { body: { status: 'success', created: true } });
  renderApp(<AppRoutes />, { route: imageViewPath(MEDIA), network, preloadedState: { session } });
  return network;
}

describe('reporting from the image view', () => {
  it.each([
    ['photo', 'photo', MEDIA],
    ['sighting', 'observation', 'obs-1'],
  ])("reports another member's %s", async (what, section, id) => {
    const network = renderView('u-ann');
    fireEvent.click(await screen.findByRole('button', { name: `Report this ${what}` }));
    const dialog = await screen.findByRole('dialog', { name: `Report this ${what}` });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Copyright' }));
    fireEvent.click(within(dialog).getByRole('button', { name: reportActionTexts.send }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(network.sent.find((request) => request.path === 'report_issue/create')?.body).toEqual({
      section,
      id,
      user_id: ME,
      category: 'copyright',
      description: '',
    });
  });

  it('offers nothing on one’s own photo', async () => {
    renderView(ME);
    expect(await screen.findByRole('img', { name: 'Great blue heron' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Report this/ })).toBeNull();
  });
});
