/** Whether the device is online (SPEC §4 "Network"), from the browser's online/offline events. */
import { createSlice } from '@reduxjs/toolkit';

export interface NetworkState {
  isOnline: boolean;
}

const initialState: NetworkState = { isOnline: true };

export const networkSlice = createSlice({
  name: 'network',
  initialState,
  reducers: {
    wentOnline(state) {
      state.isOnline = true;
    },
    wentOffline(state) {
      state.isOnline = false;
    },
  },
  selectors: {
    selectIsOnline: (state) => state.isOnline,
  },
});

export const networkActions = networkSlice.actions;
export const { selectIsOnline } = networkSlice.selectors;
