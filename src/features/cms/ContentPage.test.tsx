// @vitest-environment happy-dom
/**
 * /general-content-page/{slug} as the app renders it (real store, router, guard); the network is a
 * stand-in and the device's copies live in fake-indexeddb, emptied before each test.
 */
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@contract/messages';
import { AppRoutes } from '../../app/router';
import { apiCalls, fakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { clearSavedContent, savedPage, savePage } from './contentStore';
import { contentTexts } from './contentTexts';
import { answeringContent, aPage } from './testContent';

const PATH = '/general-content-page/terms-conditions';
beforeEach(async () => {
  await clearSavedContent();
});

function openPage(options: { online?: boolean; route?: string } = {}) {
  const network = fakeNetwork();
  answeringContent(network);
  const app = renderApp(<AppRoutes />, {
    route: options.route ?? PATH,
    network,
    preloadedState: { network: { isOnline: options.online ?? true } },
  });
  return app;
}

describe('a content page', () => {
  it('shows the page from the server with its title as the heading and the Markdown below', async () => {
    const { network } = openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Your account' })).toBeTruthy();
    expect(screen.getByText('Template: review this page.')).toBeTruthy();
    expect(screen.getByText(/^Last updated /)).toBeTruthy();
    expect(apiCalls(network)).toEqual(['GET cms/pages/slug/terms-conditions']);
    await waitFor(async () => {
      expect((await savedPage('terms-conditions'))?.value).toEqual(aPage());
    });
  });

  it('offline, shows the copy saved by an earlier visit, saying so, without asking the server', async () => {
    openPage();
    await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' });
    await waitFor(async () => {
      expect(await savedPage('terms-conditions')).toBeDefined();
    });
    cleanup();

    const { network } = openPage({ online: false });
    expect(await screen.findByText(contentTexts.contentOfflineCopy)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeTruthy();
    expect(apiCalls(network)).toEqual([]);
  });

  it('offline and never opened online, says it is not on this device yet', async () => {
    openPage({ online: false });
    expect(await screen.findByRole('heading', { level: 1, name: contentTexts.contentNotSaved })).toBeTruthy();
    expect(screen.getByText(contentTexts.contentNotSavedBody)).toBeTruthy();
  });

  it('says "Page not found" for a slug the server does not have, and forgets a saved copy of it', async () => {
    await savePage('no-such-page', aPage({ slug: 'no-such-page', title: 'Removed since' }));
    const { network } = openPage({ route: '/general-content-page/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: messages.pageNotFoundTitle })).toBeTruthy();
    expect(screen.getByText(contentTexts.contentNotFoundBody)).toBeTruthy();
    expect(apiCalls(network)).toEqual(['GET cms/pages/slug/no-such-page']);
    await waitFor(async () => {
      expect(await savedPage('no-such-page')).toBeUndefined();
    });
  });

  it('does not ask the server about an address that cannot name a page', async () => {
    const { network } = openPage({ route: '/general-content-page/Not_A_Page' });
    expect(await screen.findByRole('heading', { level: 1, name: messages.pageNotFoundTitle })).toBeTruthy();
    expect(apiCalls(network)).toEqual([]);
  });

  it('keeps showing the saved copy when the server fails, with the reason', async () => {
    openPage();
    await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' });
    await waitFor(async () => {
      expect(await savedPage('terms-conditions')).toBeDefined();
    });
    cleanup();

    const network = fakeNetwork();
    network.on('GET', 'cms/pages/slug/terms-conditions', {
      status: 500,
      body: { status: 'failed', reason: messages.serverError },
    });
    renderApp(<AppRoutes />, { route: PATH, network });
    expect(
      await screen.findByText(formatMessage(contentTexts.contentFailed, { reason: messages.serverError })),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Your account' })).toBeTruthy();
  });
});
