/**
 * The Redux store: session, config, network and UI state only (never a copy of Dexie data), plus
 * the RTK Query cache of online-only answers once that code has loaded (src/api/api.ts injects it). `makeStore` builds a fresh store — the app makes one,
 * every test makes its own — together with the API client bound to that store's session.
 */
import { configureStore, createListenerMiddleware, type UnknownAction } from '@reduxjs/toolkit';
import type { ApiThunkExtra } from '../api/baseQuery';
import { createApiClient, type ApiClientOptions } from '../api/client';
import { browserIsOnline, defaultApiBaseUrl, defaultClientCredentialsFromEnv } from './apiDefaults';
import { startSpeciesSyncReactions } from '../features/species/sync/listeners';
import { startMemberSyncReactions } from '../features/sync';
import { startNetworkReactions, startPersistence } from './listeners';
import { dynamicMiddleware, rootReducer, type RootState } from './reducer';
import { createSessionTokens } from './sessionTokens';
import type { AppStartListening } from './thunk';

export type { RootState } from './reducer';

/** What a test (or another host) may replace; the browser defaults fill the rest. */
export type StoreOptions = Partial<Omit<ApiClientOptions, 'tokens'>> & {
  /** Write the session and config to the key-value store (default true). */
  persist?: boolean;
};

export function makeStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const { persist = true, ...clientOverrides } = options;
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
      () => bound.getState!(),
      (action) => bound.dispatch!(action),
    ),
  });
  const extra: ApiThunkExtra = { apiClient };

  const listener = createListenerMiddleware({ extra });
  const startListening = listener.startListening as AppStartListening;
  if (persist) startPersistence(startListening);
  startNetworkReactions(startListening);
  startSpeciesSyncReactions(startListening);
  startMemberSyncReactions(startListening);

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
