/**
 * The root reducer; kept apart from the store factory so state types have no import cycle.
 * Slices needed at start are combined here; code-split parts (the RTK Query cache) inject
 * themselves when their code loads, together with their middleware, so the first route does not
 * download them.
 */
import { combineSlices, createDynamicMiddleware } from '@reduxjs/toolkit';
import { configSlice } from './configSlice';
import { networkSlice } from './networkSlice';
import { pwaSlice } from './pwa/pwaSlice';
import { sessionSlice } from './sessionSlice';
import { uiSlice } from './uiSlice';

/** Slices injected later declare themselves here (module augmentation, see src/api/api.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by lazily loaded modules
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  sessionSlice,
  configSlice,
  networkSlice,
  uiSlice,
  pwaSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

/** Middleware of lazily loaded parts; every store applies it, each with its own instance. */
export const dynamicMiddleware = createDynamicMiddleware();

export type RootState = ReturnType<typeof rootReducer>;
