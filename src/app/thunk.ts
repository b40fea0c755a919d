/**
 * Typed thunks and listeners of the app. The thunk extra argument carries the API client and the
 * modules' sync sources (the app's sync engine is built from them, src/features/sync).
 */
import type { ThunkAction, ThunkDispatch, TypedStartListening, UnknownAction } from '@reduxjs/toolkit';
import type { ApiThunkExtra } from '../api/baseQuery';
import type { SyncSource } from './featureModule';
import type { RootState } from './reducer';

export interface AppThunkExtra extends ApiThunkExtra {
  /** Every module's synced collections, loaded with the sync code (featureModule.ts). */
  syncSources: readonly SyncSource[];
}

export type AppThunkDispatch = ThunkDispatch<RootState, AppThunkExtra, UnknownAction>;
export type AppThunk<R = void> = ThunkAction<R, RootState, AppThunkExtra, UnknownAction>;
export type AppStartListening = TypedStartListening<RootState, AppThunkDispatch, AppThunkExtra>;
