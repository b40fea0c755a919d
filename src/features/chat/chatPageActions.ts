/** Page actions bound to the app's database and session (thunks, so components never import db). */
import type { AppThunk } from '../../app/thunk';
import { db } from '../../db/db';
import { discardPending } from './chatWrites';

export const discardPendingMessage =
  (messageId: string): AppThunk<Promise<void>> =>
  async (_dispatch, getState) => {
    const userId = getState().session.user?.user_id;
    if (userId) await discardPending(db, userId, messageId);
  };
