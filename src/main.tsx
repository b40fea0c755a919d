/**
 * Entry point. Boots in SPEC order — platform ready → session restored → config restored → local
 * database open (installed app; a browser tab opens it on first use, see app/boot.ts) — and
 * renders only then, so the first paint already knows who is signed in. The modules' start-up hooks
 * (src/app/modules.ts: the initial config, the species and member background syncs) run right
 * after that render.
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
import { APP_MODULES } from './app/modules';
import { makeStore } from './app/store';
import { theme } from './app/theme';
import { product } from '@config/product';
import { currentChannel } from './lib/platform';

async function start(): Promise<void> {
  // Where the app was opened, before the router redirects anything (SPEC §2 "Startup").
  const startPath = window.location.pathname;
  // The store wrappers' launch marker (`/?source=twa`) is gone once the router redirects `/`, and a
  // TWA's referrer with the first reload: the channel is remembered for the tab from this load.
  currentChannel(product.appId);
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
  // Each module's start-up, after the first render rather than before: the initial config may wait
  // on the permission prompt and the network, and the syncs wait for the page to be idle.
  const context = { startPath, isInstalledApp: runsAsInstalledApp() };
  for (const module of APP_MODULES) module.start?.(store, context);
}

start().catch((error: unknown) => {
  console.error('Fieldmark failed to start', error);
});
