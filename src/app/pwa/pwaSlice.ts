/**
 * What the page knows about its service worker, as plain flags: a new version is waiting, or the
 * shell became available offline. The update function itself never enters the store (it lives in
 * registerServiceWorker.ts).
 */
import { createSlice } from '@reduxjs/toolkit';

export interface PwaState {
  isUpdateAvailable: boolean;
  isOfflineReady: boolean;
}

const initialState: PwaState = { isUpdateAvailable: false, isOfflineReady: false };

export const pwaSlice = createSlice({
  name: 'pwa',
  initialState,
  reducers: {
    updateFound(state) {
      state.isUpdateAvailable = true;
    },
    updateDeferred(state) {
      state.isUpdateAvailable = false;
    },
    offlineReadied(state) {
      state.isOfflineReady = true;
    },
  },
  selectors: {
    selectIsUpdateAvailable: (state) => state.isUpdateAvailable,
  },
});

export const pwaActions = pwaSlice.actions;
export const { selectIsUpdateAvailable } = pwaSlice.selectors;
