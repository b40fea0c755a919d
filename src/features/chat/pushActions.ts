/** Turning chat notifications on or off on this device, bound to the app's API client. */
import { apiClientFrom } from '../../api/baseQuery';
import type { AppThunk } from '../../app/thunk';
import { chatTexts } from './chatTexts';
import { subscribePush, unsubscribePush } from './pushSubscription';

export const pushTurned =
  (on: boolean): AppThunk<Promise<void>> =>
  (_dispatch, _getState, extra) =>
    on ? subscribePush(apiClientFrom(extra), chatTexts.pushBlocked) : unsubscribePush(apiClientFrom(extra));
