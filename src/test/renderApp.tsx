/**
 * Renders part of the app the way it runs: a real store (makeStore), the theme, a router, the
 * modal host and the toasts. Only the network is a stand-in (fakeNetwork).
 */
import type { ReactNode } from 'react';
import { cleanup, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import { afterEach } from 'vitest';
import { AppToasts } from '../app/shell/AppToasts';
import { ModalHost } from '../app/shell/ModalHost';
import { makeStore, type AppStore, type RootState } from '../app/store';
import { theme } from '../app/theme';
import { FAKE_BASE_URL, fakeNetwork, type FakeNetwork } from './fakeNetwork';

afterEach(cleanup);

export interface RenderedApp {
  store: AppStore;
  network: FakeNetwork;
}

export function renderApp(
  ui: ReactNode,
  options: { preloadedState?: Partial<RootState>; route?: string; network?: FakeNetwork } = {},
): RenderedApp {
  const network = options.network ?? fakeNetwork();
  const store = makeStore(options.preloadedState, {
    baseUrl: FAKE_BASE_URL,
    fetch: network.fetch,
    isOnline: () => true,
    persist: false,
    retryDelayMs: 0,
  });
  render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>
          {ui}
          <ModalHost />
          <AppToasts />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
  return { store, network };
}
