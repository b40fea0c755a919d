/**
 * The one RTK Query API of the app, for online-only data (newsfeed, chats, admin lists, shop).
 * Domains add their endpoints with `api.injectEndpoints`. Never used for data that must work
 * offline (that lives in Dexie) and never persisted.
 *
 * Code-split: importing this module injects the cache slice and its middleware into the store
 * (every store, each with its own state), so the first route never downloads RTK Query.
 */
import { isAnyOf, type Middleware, type WithSlice } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import type { GetUserResponse } from '@contract/users';
import { dynamicMiddleware, rootReducer } from '../app/reducer';
import { sessionActions } from '../app/sessionSlice';
import { apiBaseQuery } from './baseQuery';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: ['User'],
  endpoints: (build) => ({
    /** A member's profile: the whole of it for its owner and admins, the public part for others. */
    getUser: build.query<GetUserResponse, { id: string; complete_profile?: boolean }>({
      query: ({ id, complete_profile }) => ({
        path: `users/${encodeURIComponent(id)}`,
        payload: { complete_profile },
      }),
      providesTags: (_result, _error, { id }) => [{ type: 'User', id }],
    }),
  }),
});

export const { useGetUserQuery } = api;

declare module '../app/reducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface
  export interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

const isSignOut = isAnyOf(sessionActions.loggedOut, sessionActions.expired);

/** Cached answers belonged to the member who left: drop them all on sign-out. */
const resetOnSignOut: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (isSignOut(action)) store.dispatch(api.util.resetApiState());
  return result;
};

rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware, resetOnSignOut);
