// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@contract/messages';
import { aSignedInSession } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { uiActions } from '../uiSlice';
import { AppHeader } from './AppHeader';

function Where() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

describe('the app bar’s unread-messages badge', () => {
  it('counts unread messages for a member and opens /chat-sessions', () => {
    const { store } = renderApp(
      <Routes>
        <Route
          path="*"
          element={
            <>
              <AppHeader menuLink="always" />
              <Where />
            </>
          }
        />
      </Routes>,
      { preloadedState: { session: aSignedInSession() } },
    );
    const banner = screen.getByRole('banner');
    const link = within(banner).getByRole('link', { name: messages.unreadMessages });
    expect(screen.queryByTestId('header-unread')).toBeNull();

    act(() => {
      store.dispatch(uiActions.unreadMessagesCounted(3));
    });
    expect(link.getAttribute('aria-label')).toBe(formatMessage(messages.unreadMessagesCount, { count: 3 }));
    expect(screen.getByTestId('header-unread').textContent).toBe('3');
    act(() => {
      store.dispatch(uiActions.unreadMessagesCounted(120));
    });
    expect(screen.getByTestId('header-unread').textContent).toBe('99+');

    fireEvent.click(link);
    expect(screen.getByTestId('path').textContent).toBe('/chat-sessions');
  });

  it('is not there when signed out', () => {
    renderApp(<AppHeader menuLink="always" />);
    expect(screen.queryByRole('link', { name: messages.unreadMessages })).toBeNull();
  });

  it('is not in the bar on /menu, whose account part carries it', () => {
    renderApp(<AppHeader menuLink="none" />, { preloadedState: { session: aSignedInSession() } });
    expect(screen.queryByRole('link', { name: messages.unreadMessages })).toBeNull();
  });
});
