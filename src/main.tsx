/**
 * Entry point. Boots in SPEC order — platform ready → session restored → config restored → local
 * database open (installed app; a browser tab opens it on first use, see app/boot.ts) — and
 * renders only then, so the first paint already knows who is signed in. The initial config (a
 * location when none is stored) starts right after that render and is stored when it arrives.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { boot, runsAsInstalledApp, watchNetwork } from './app/boot';
import { PwaUpdatePrompt } from './app/pwa/PwaUpdatePrompt';
import { pwaActions } from './app/pwa/pwaSlice';
import { registerServiceWorker } from './app/pwa/registerServiceWorker';
import { AppRouter } from './app/router';
import { makeStore } from './app/store';
import { theme } from './app/theme';
import { startInitialConfig } from './features/config';
import { startSpeciesBackgroundSync } from './features/species/sync/listeners';
import { startMemberBackgroundSync } from './features/sync';

async function start(): Promise<void> {
  // Where the app was opened, before the router redirects anything (SPEC §2 "Startup").
  const startPath = window.location.pathname;
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
  // SPEC §4 "Initial config", after the first render rather than before: it may wait on the
  // permission prompt and the network (features/config/startup.ts).
  startInitialConfig(store, startPath, runsAsInstalledApp());
  // The stored list's species, brought up to date in the background once the page is idle.
  startSpeciesBackgroundSync(store);
  // The member's unsynced sightings, photos and requests, and their sync while signed in.
  startMemberBackgroundSync(store);
}

start().catch((error: unknown) => {
  console.error('Fieldmark failed to start', error);
});
