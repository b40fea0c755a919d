/**
 * The RTK Query base query: RTK Query endpoints (online-only data) call the one HTTP client, which
 * reaches them as the thunk extra argument so the store never holds it.
 */
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { toApiFailure, type ApiFailure } from './ApiError';
import type { ApiClient, HttpMethod } from './client';
import type { Payload } from './url';

/** The thunk extra argument of the app's store. */
export interface ApiThunkExtra {
  apiClient: ApiClient;
}

export interface ApiRequest {
  method?: HttpMethod;
  /** Relative to `/api/v1.0/`, e.g. `users/42`. */
  path: string;
  payload?: Payload;
}

export function apiClientFrom(extra: unknown): ApiClient {
  const client = (extra as Partial<ApiThunkExtra> | undefined)?.apiClient;
  if (!client) throw new Error('The store was created without an API client (makeStore sets it).');
  return client;
}

export const apiBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiFailure> = async (args, api) => {
  try {
    const data = await apiClientFrom(api.extra).request<unknown>(
      args.method ?? 'GET',
      args.path,
      args.payload,
      {
        signal: api.signal,
      },
    );
    return { data };
  } catch (error) {
    return { error: toApiFailure(error) };
  }
};
