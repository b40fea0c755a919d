/**
 * The logbooks' writes on the app's database, for the pages: they never touch Dexie themselves.
 */
import type { OwnedLogbook } from '@contract/logbooks';
import { apiClientFrom } from '../../api/baseQuery';
import type { AppThunk } from '../../app/thunk';
import { db } from '../../db/db';
import { activateCode } from './logbooksApi';

/** Redeems a printed code (already normalised) and keeps the logbook it opens; answers that logbook. */
export const activateLogbookCode =
  (code: string): AppThunk<Promise<OwnedLogbook>> =>
  (_dispatch, _getState, extra) =>
    activateCode(db, apiClientFrom(extra), code);
