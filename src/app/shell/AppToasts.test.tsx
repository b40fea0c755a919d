// @vitest-environment happy-dom
/**
 * The app's toasts: the toast host (src/ui) only reports its button; AppToasts turns that into the
 * modal the toast names (SPEC §5: the signed-out refusal's Login button opens the sign-in dialog).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { recordSignedOutToast } from '../../features/observations/signedOutToast';
import { renderApp } from '../../test/renderApp';
import { uiActions } from '../uiSlice';

describe('AppToasts', () => {
  it("opens the modal a toast's button names, and the toast goes", async () => {
    const { store } = renderApp(<main />);
    store.dispatch(uiActions.toastShown(recordSignedOutToast()));

    fireEvent.click(await screen.findByRole('button', { name: messages.loginButton }));

    expect(store.getState().ui.toast).toBeNull();
    expect(store.getState().ui.modals.map((modal) => modal.name)).toEqual(['login']);
    await waitFor(() => {
      expect(screen.queryByText(messages.recordSignedOut)).toBeNull();
    });
  });
});
