/**
 * Entry point. Boots in SPEC order — platform ready → session restored → config restored → local
 * database open (installed app; a browser tab opens it on first use, see app/boot.ts) — and
 * renders only then, so the first paint already knows who is signed in.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { boot, runsAsInstalledApp, watchNetwork } from './app/boot';
import { PwaUpdatePrompt } from './app/pwa/PwaUpdatePrompt';
import { pwaActions } from './app/pwa/pwaSlice';
import { registerServiceWorker } from './app/pwa/registerServiceWorker';
import { AppRouter } from './app/router';
import { makeStore } from './app/store';
import { theme } from './app/theme';

async function start(): Promise<void> {
  const store = makeStore();
  await boot(store.dispatch, { awaitLocalDatabase: runsAsInstalledApp() });
  watchNetwork(store.dispatch);
  registerServiceWorker({
    onUpdateAvailable: () => store.dispatch(pwaActions.updateFound()),
    onOfflineReady: () => store.dispatch(pwaActions.offlineReadied()),
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <AppRouter />
          <PwaUpdatePrompt />
        </ThemeProvider>
      </Provider>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error('Fieldmark failed to start', error);
});
