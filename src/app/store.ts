/**
 * The Redux store: session, config, network and UI state only (never a copy of Dexie data), plus
 * the RTK Query cache of online-only answers once that code has loaded (src/api/api.ts injects it). `makeStore` builds a fresh store — the app makes one,
 * every test makes its own — together with the API client bound to that store's session.
 */
import { configureStore, createListenerMiddleware, type UnknownAction } from '@reduxjs/toolkit';
import { createApiClient, type ApiClientOptions } from '../api/client';
import { browserIsOnline, defaultApiBaseUrl, defaultClientCredentialsFromEnv } from './apiDefaults';
import type { FeatureModule } from './featureModule';
import { startNetworkReactions, startPersistence } from './listeners';
import { APP_MODULES } from './modules';
import { dynamicMiddleware, rootReducer, type RootState } from './reducer';
import { createSessionTokens } from './sessionTokens';
import type { AppStartListening, AppThunkExtra } from './thunk';

export type { RootState } from './reducer';

/** What a test (or another host) may replace; the browser defaults fill the rest. */
export type StoreOptions = Partial<Omit<ApiClientOptions, 'tokens'>> & {
  /** Write the session and config to the key-value store (default true). */
  persist?: boolean;
  /** The domains whose listeners and synced collections the store runs (default: the app's). */
  modules?: readonly FeatureModule[];
};

/** A function the store binds once it is built; calling it before is a bug. */
function late<F>(bound: F | undefined): F {
  if (bound === undefined) throw new Error('The store was used before it was built');
  return bound;
}

export function makeStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const { persist = true, modules = APP_MODULES, ...clientOverrides } = options;
  // The client reads tokens from this very store, which does not exist yet while the client is
  // built: the closures below are only called later, once `bound` is set.
  const bound: { getState?: () => RootState; dispatch?: (action: UnknownAction) => unknown } = {};
  const apiClient = createApiClient({
    baseUrl: clientOverrides.baseUrl ?? defaultApiBaseUrl(),
    fetch: clientOverrides.fetch ?? ((...args) => globalThis.fetch(...args)),
    now: clientOverrides.now ?? Date.now,
    isOnline: clientOverrides.isOnline ?? browserIsOnline,
    clientCredentials: clientOverrides.clientCredentials ?? defaultClientCredentialsFromEnv(),
    timeoutMs: clientOverrides.timeoutMs,
    retries: clientOverrides.retries,
    retryDelayMs: clientOverrides.retryDelayMs,
    tokens: createSessionTokens(
      () => late(bound.getState)(),
      (action) => late(bound.dispatch)(action),
    ),
  });
  const extra: AppThunkExtra = {
    apiClient,
    syncSources: modules.flatMap((module) => (module.sync ? [module.sync] : [])),
  };

  const listener = createListenerMiddleware({ extra });
  const startListening = listener.startListening as AppStartListening;
  if (persist) startPersistence(startListening);
  startNetworkReactions(startListening);
  for (const module of modules) module.listeners?.(startListening);

  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } })
        .prepend(listener.middleware)
        .concat(dynamicMiddleware.middleware),
  });
  bound.getState = () => store.getState();
  bound.dispatch = store.dispatch;
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
