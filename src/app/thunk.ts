/** Typed thunks and listeners of the app (the thunk extra argument carries the API client). */
import type { ThunkAction, ThunkDispatch, TypedStartListening, UnknownAction } from '@reduxjs/toolkit';
import type { ApiThunkExtra } from '../api/baseQuery';
import type { RootState } from './reducer';

export type AppThunkDispatch = ThunkDispatch<RootState, ApiThunkExtra, UnknownAction>;
export type AppThunk<R = void> = ThunkAction<R, RootState, ApiThunkExtra, UnknownAction>;
export type AppStartListening = TypedStartListening<RootState, AppThunkDispatch, ApiThunkExtra>;
