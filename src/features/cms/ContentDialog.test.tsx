// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { uiActions } from '../../app/uiSlice';
import { renderApp } from '../../test/renderApp';
import { clearSavedContent } from './contentStore';
import { contentTexts } from './contentTexts';
import { answeringContent, aPage } from './testContent';

beforeEach(async () => {
  await clearSavedContent();
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function openDialog(online = true) {
  const app = renderApp(<Where />, { preloadedState: { network: { isOnline: online } } });
  answeringContent(app.network, [
    aPage({
      content:
        'See the [privacy policy](/general-content-page/privacy-policy) and the [help](/general-help).',
    }),
    aPage({ slug: 'privacy-policy', title: 'Privacy Policy', content: 'What we keep.' }),
  ]);
  act(() => {
    app.store.dispatch(uiActions.modalOpened({ name: 'contentPage', props: { slug: 'terms-conditions' } }));
  });
  return app;
}

describe('the content dialog', () => {
  it('opens a linked content page in the same dialog', async () => {
    const app = openDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Terms & Conditions' });
    fireEvent.click(within(dialog).getByRole('link', { name: 'privacy policy' }));
    expect(await screen.findByRole('dialog', { name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText('What we keep.')).toBeTruthy();
    expect(app.store.getState().ui.modals).toHaveLength(1);
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('closes for a link to another page of the app and goes there', async () => {
    const app = openDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Terms & Conditions' });
    fireEvent.click(within(dialog).getByRole('link', { name: 'help' }));
    await waitFor(() => {
      expect(screen.getByTestId('where').textContent).toBe('/general-help');
    });
    expect(app.store.getState().ui.modals).toHaveLength(0);
  });

  it('offline and never opened online, says the page is not on this device yet', async () => {
    openDialog(false);
    const dialog = await screen.findByRole('dialog', { name: contentTexts.contentNotSaved });
    expect(within(dialog).getByText(contentTexts.contentNotSavedBody)).toBeTruthy();
  });
});
