/**
 * The store's side of ad views: keep a showing's totals on the device, then send what waits when
 * the device is online (viewQueue.ts). Going offline loses nothing: the next flush sends it.
 */
import { apiClientFrom } from '../../api/baseQuery';
import type { AppThunk } from '../../app/thunk';
import { flushViews, recordView, type QueuedView } from './viewQueue';

const logFailure = (error: unknown) => {
  console.warn('Ad views stay on the device for now', error);
};

/** Sends every view waiting on the device, when online. */
export function flushAdViews(): AppThunk<Promise<void>> {
  return async (_dispatch, getState, extra) => {
    if (!getState().network.isOnline) return;
    await flushViews(apiClientFrom(extra)).catch(logFailure);
  };
}

/** Keeps a showing's totals, then sends what waits. */
export function adViewRecorded(view: QueuedView): AppThunk<Promise<void>> {
  return async (dispatch) => {
    await recordView(view).catch(logFailure);
    await dispatch(flushAdViews());
  };
}
