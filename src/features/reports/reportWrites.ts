/**
 * A member's report (POST report_issue/create; docs/api.md "Issue reports"). Sent at once when
 * online; offline, or when the server is unavailable, it waits in the outbox and the sync runtime
 * replays it (SPEC §4 "Offline writes"). A replay is harmless: the server answers the member's open
 * report about the same thing instead of making a second one.
 */
import {
  REPORT_DESCRIPTION_MAX,
  type ReportCategory,
  type ReportCreate,
  type ReportSection,
} from '@contract/reports';
import { reportActionTexts as texts } from './texts';
import { messages } from '@contract/messages';
import { ApiError } from '../../api/ApiError';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import type { AppThunk } from '../../app/thunk';
import { uiActions } from '../../app/uiSlice';
import { db } from '../../db/db';
import type { ApiClient } from '../../api/client';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import { isPermanentRefusal } from '../../db/sync';
import { storeRequest } from '../../db/sync/outbox';

export const REPORT_PATH = 'report_issue/create';

export interface ReportInput {
  section: ReportSection;
  id: string;
  category: ReportCategory;
  description: string;
}

export interface ReportContext {
  db: FieldmarkDB;
  api: ApiClient;
  userId: string;
  isOnline: boolean;
}

export type ReportOutcome = 'sent' | 'stored';

/** Sends the report, or stores it for later; a permanent refusal throws (the member sees why). */
export async function sendReport(context: ReportContext, input: ReportInput): Promise<ReportOutcome> {
  const body: ReportCreate = {
    section: input.section,
    id: input.id,
    user_id: context.userId,
    category: input.category,
    description: input.description.trim().slice(0, REPORT_DESCRIPTION_MAX),
  };
  const store = async () => {
    await storeRequest(context.db, {
      url: REPORT_PATH,
      type: 'POST',
      data: { ...body },
      user_id: context.userId,
    });
    return 'stored' as const;
  };
  if (!context.isOnline) return store();
  try {
    await context.api.request('POST', REPORT_PATH, { ...body });
    return 'sent';
  } catch (error) {
    if (!(error instanceof ApiError) || isPermanentRefusal(error)) throw error;
    return store();
  }
}

/** Resolves to null when sent or stored, or to the reason it was refused. */
export function report(input: ReportInput): AppThunk<Promise<string | null>> {
  return async (dispatch, getState, { apiClient }) => {
    const state = getState();
    const user = selectUser(state);
    if (!user) return messages.notAuthorised;
    try {
      const outcome = await sendReport(
        { db, api: apiClient, userId: user.user_id, isOnline: selectIsOnline(state) },
        input,
      );
      dispatch(
        uiActions.toastShown({
          message: outcome === 'sent' ? texts.sent : texts.stored,
          severity: outcome === 'sent' ? 'success' : 'info',
        }),
      );
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : messages.serverError;
    }
  };
}
